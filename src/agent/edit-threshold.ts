/**
 * A file longer than this many lines is edited with search/replace blocks rather than
 * rewritten whole: past it, a model retyping the file spends most of its reply on lines it
 * keeps, and drops or changes some of them by accident.
 */
export const EDIT_THRESHOLD_LINES = 150;
/** Or larger than this many bytes (long lines, a data table). */
export const EDIT_THRESHOLD_BYTES = 6 * 1024;

/** Whether the model is asked for search/replace blocks on this file instead of the whole file. */
export function asksForEdits(content: string): boolean {
  const lines = content.split("\n").length - (content.endsWith("\n") ? 1 : 0);
  return Buffer.byteLength(content) > EDIT_THRESHOLD_BYTES || lines > EDIT_THRESHOLD_LINES;
}
