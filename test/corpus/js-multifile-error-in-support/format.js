export function formatRow(row) {
  return `${row.name.padEnd(10)}${row.total.toFixed(2)}`;
}
