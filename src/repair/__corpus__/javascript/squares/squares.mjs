export function squares(n) {
  const result = [];
  for (let k = 0; k < n; k++) result.push(k * k);
}
