import type { PreferredEdit } from "../repair/prefer-edits.js";
import type { Language } from "../shared/language.js";

/** One remembered fix: a failure seen before and the verified change that fixed it. */
export interface MemoryEntry {
  /** Short and stable: the same failure fixed the same way has the same id. */
  id: string;
  language: Language;
  /** The normalized error signature of the failure (see `errorSignature`). */
  signature: string;
  errorType: string;
  /** The diagnosis summary: what recall compares by text when signatures differ. */
  summary: string;
  /** The fix as a minimal unified diff: the changed lines and one line around them. */
  diff: string;
  /** The changed spans, for the offline engine to try first on a similar failure. */
  edits: PreferredEdit[];
  /** What made the fix: `offline:<operator>[+<operator>]` or a model spec. */
  madeBy: string;
  /** Only verified fixes are recorded; kept in the record so an imported file says so too. */
  verified: true;
  /** Repairs this entry was recalled for. */
  timesUsed: number;
  /** Of those, repairs whose very next attempt was verified. */
  timesHelped: number;
  createdAt: string;
  lastUsed: string;
}

/** What is needed to remember a new fix; the store adds the id, the counts and the times. */
export type NewMemory = Pick<MemoryEntry, "language" | "signature" | "errorType" | "summary" | "diff" | "edits" | "madeBy">;
