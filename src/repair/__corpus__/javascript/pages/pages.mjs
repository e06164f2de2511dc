/** Pages needed to show every item. */
export function pagesNeeded(items, perPage) {
  return Math.floor(items / perPage);
}
