function percent(part, whole) {
  return Math.round((1000 * part) / whole) / 10;
}

/** count as a percentage of total. */
export function share(count, total) {
  return percent(total, count);
}
