const cache = new Map();
let n = 0;
while (cache.size < 10) {
  cache.set(n % 5, n * n);
  n += 1;
}

export const square = (x) => cache.get(x) ?? x * x;
