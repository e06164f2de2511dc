const alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

export function toBase(num, b) {
  let result = "";
  while (num > 0) {
    const i = num % b;
    num = Math.floor(num / b);
    result = result + alphabet[i];
  }
  return result;
}
