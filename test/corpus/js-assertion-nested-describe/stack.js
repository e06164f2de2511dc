export class Stack {
  #items = [];
  push(x) { this.#items.push(x); }
  pop() { return this.#items.shift(); }
  get size() { return this.#items.length; }
}
