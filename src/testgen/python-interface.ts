const HEADER = /^(?:async\s+)?def\s+[A-Za-z_]\w*\s*\(.*\)\s*(?:->\s*[^:]+)?:|^class\s+[A-Za-z_]\w*\s*(?:\(.*\))?\s*:/;

/**
 * The header lines of a Python program's top-level functions and classes (`def median(values):`),
 * without bodies or docstrings: what a test writer needs to call the program, and nothing of
 * how it works. Private names (a leading underscore) are left out.
 */
export function pythonInterface(code: string): string[] {
  return code
    .split("\n")
    .filter((line) => HEADER.test(line) && !/^(?:async\s+)?(?:def|class)\s+_/.test(line))
    .map((line) => line.trimEnd());
}
