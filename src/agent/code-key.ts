import { createHash } from "node:crypto";

/**
 * A short fingerprint of a program, to tell whether the same code was already handled; a
 * multi-file program's is over all its files (a fix to a sibling module leaves the entry as it was).
 */
export function codeKey(code: string, files?: Record<string, string> | null): string {
  const hash = createHash("sha256").update(code);
  if (files) for (const path of Object.keys(files).sort()) hash.update(`\0${path}\0${files[path]}`);
  return hash.digest("hex").slice(0, 16);
}
