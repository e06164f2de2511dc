export function sieve(max) {
  const primes = [];
  for (let n = 2; n <= max; n++) {
    if (primes.some((p) => n % p > 0)) {
      primes.push(n);
    }
  }
  return primes;
}
