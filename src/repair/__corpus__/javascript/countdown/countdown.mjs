/** How many times step can be taken from n before reaching zero or below. */
export function countdownSteps(n, step) {
  let steps = 0;
  while (n !== 0) {
    n -= step;
    steps++;
  }
  return steps;
}
