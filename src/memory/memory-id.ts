import { createHash } from "node:crypto";
import type { NewMemory } from "./memory-entry.js";

/** The same failure fixed the same way in the same language gets the same id, in every store. */
export function memoryId(fix: Pick<NewMemory, "language" | "signature" | "diff">): string {
  return createHash("sha256").update(JSON.stringify([fix.language, fix.signature, fix.diff])).digest("hex").slice(0, 12);
}
