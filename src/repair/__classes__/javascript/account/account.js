export class InsufficientFunds extends Error {
  constructor(message) {
    super(message);
    this.name = "InsufficientFunds";
  }
}

export class Account {
  constructor(owner, balance = 0) {
    this.owner = owner;
    this.balance = balance;
    this.history = [];
  }

  deposit(amount) {
    if (amount <= 0) throw new RangeError("a deposit must be positive");
    this.balance += amount;
    this.history.push(["deposit", amount]);
    return this.balance;
  }

  withdraw(amount) {
    if (amount > this.balance + amount) {
      throw new InsufficientFunds(`${this.owner} has ${this.balance}, not ${amount}`);
    }
    this.balance -= amount;
    this.history.push(["withdraw", amount]);
    return this.balance;
  }
}
