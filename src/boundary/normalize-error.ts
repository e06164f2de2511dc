import { normalizeVolatile } from "./volatile-text.js";

/**
 * An error message with the parts that change between two occurrences of the same fault
 * (clocks, generated ids, addresses, temporary paths, quoted values, standalone numbers
 * such as status codes, attempt counters and durations) replaced by placeholders, so that
 * "the same error again" can be recognised. Numbers inside names (`test_2`, `v3`) are kept:
 * they tell two faults apart.
 */
export function normalizeErrorMessage(message: string): string {
  return normalizeVolatile(message)
    .replace(/0x[0-9a-f]+/gi, "0x#")
    .replace(/\/(?:tmp|var|private)\/[^\s:'"]+/g, "<tmp>")
    .replace(/(["'`])(?:(?!\1).){0,80}\1/g, "$1…$1")
    .replace(/(?<![A-Za-z_.#\d])\d+(?:\.\d+)?(?:ms|s|m|h|kb|mb|gb)?(?![A-Za-z_\d])/gi, "#")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 300);
}

/** `Name: normalized message` of anything thrown. */
export function errorSignature(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${normalizeErrorMessage(error.message)}`;
  return normalizeErrorMessage(String(error));
}
