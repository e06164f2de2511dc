/**
 * An error message with the parts that change between two occurrences of the same fault
 * (numbers, addresses, temporary paths, quoted values) replaced by placeholders, so that
 * "the same error again" can be recognised.
 */
export function normalizeErrorMessage(message: string): string {
  return message
    .replace(/0x[0-9a-f]+/gi, "0x#")
    .replace(/\/(?:tmp|var|private)\/[^\s:'"]+/g, "<tmp>")
    .replace(/(["'`])(?:(?!\1).){0,80}\1/g, "$1…$1")
    .replace(/\d+(\.\d+)?/g, "#")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 300);
}

/** `Name: normalized message` of anything thrown. */
export function errorSignature(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${normalizeErrorMessage(error.message)}`;
  return normalizeErrorMessage(String(error));
}
