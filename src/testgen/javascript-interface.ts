const HEADER = /^export\s+(?:default\s+)?(?:async\s+)?(?:function\*?\s*[A-Za-z_$][\w$]*\s*\(.*\)|class\s+[A-Za-z_$][\w$]*(?:\s+extends\s+[\w$.]+)?)/;

/**
 * The header lines of a JavaScript program's exported functions and classes
 * (`export function clamp(x, lo, hi) {`), without bodies: what a test writer needs to call
 * the program, and nothing of how it works.
 */
export function javascriptInterface(code: string): string[] {
  return code
    .split("\n")
    .filter((line) => HEADER.test(line))
    .map((line) => line.trimEnd());
}
