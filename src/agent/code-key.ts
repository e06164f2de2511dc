import { createHash } from "node:crypto";

/** A short fingerprint of a program, to tell whether the same code was already handled. */
export function codeKey(code: string): string {
  return createHash("sha256").update(code).digest("hex").slice(0, 16);
}
