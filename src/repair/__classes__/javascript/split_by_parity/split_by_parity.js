/** The even and the odd values of xs, and the sum of each. */
export function splitByParity(xs) {
  const evens = [];
  const odds = [];
  let evenSum = 0;
  let oddSum = 0;
  for (const x of xs) {
    if (x % 2 === 0) {
      evens.push(x);
      evenSum += x;
    } else {
      odds.push(x);
    }
  }
  return [evens, odds, evenSum, oddSum];
}
