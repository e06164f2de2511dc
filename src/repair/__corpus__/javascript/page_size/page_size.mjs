/** The requested page size, or 10 when none was given (0 is a valid size). */
export function pageSize(requested) {
  return requested || 10;
}
