import { recallSignature } from "../diagnosis/error-signature.js";
import { exceptionOf, shapeSimilarity } from "./failure-shape.js";
import type { MemoryEntry } from "./memory-entry.js";
import { summarySimilarity } from "./summary-similarity.js";

/** The failure to find remembered fixes for. */
export interface RecallQuery {
  signature: string;
  errorType: string;
  summary: string;
}

export interface RankedMemory {
  entry: MemoryEntry;
  /**
   * 3: the same signature; 2: the same once the test that found it is set aside (see
   * `recallSignature`); 1: the same message elsewhere in a program; 0: a similar diagnosis.
   */
  tier: 0 | 1 | 2 | 3;
  /**
   * How alike the two diagnoses are, 0 to 1: the similarity of their summaries' tokens (see
   * `summarySimilarity`), and where
   * both show a wrong value, its mean with how alike the wrong values relate to the right ones
   * (see `failureShape`).
   */
  similarity: number;
}

/**
 * Below this, two diagnoses of different signatures are not taken as the same kind of failure
 * (see `summarySimilarity`; of the pairs of summaries of the bench's learned fixes, a few fewer pass
 * it than passed 0.6 on the character diff it replaced: a fix recalled for a failure of another
 * message and little likeness costs more candidates than it saves).
 */
export const MIN_SIMILARITY = 0.6;

/**
 * The entries that best match a failure, best first: the same signature, then the same failure
 * found by another test, then the same error message at another place (the signature without
 * its location), then diagnoses whose text is
 * similar (of the same exception where both name one: see `exceptionOf`); within a tier the more alike diagnosis first (see `RankedMemory.similarity`); among equals, the entry that helped more often, then the more recently used.
 * `entries` are those of the failure's language.
 */
export function rankMemories(query: RecallQuery, entries: readonly MemoryEntry[], limit: number): RankedMemory[] {
  const normalized = recallSignature(query.signature);
  const message = withoutLocation(query.signature);
  const ranked: RankedMemory[] = [];
  for (const entry of entries) {
    const text = summarySimilarity(query.summary, entry.summary);
    const tier =
      entry.signature === query.signature ? 3 : recallSignature(entry.signature) === normalized ? 2 : withoutLocation(entry.signature) === message ? 1 : 0;
    if (tier === 0 && (text < MIN_SIMILARITY || entry.errorType !== query.errorType || otherException(query.summary, entry.summary))) continue;
    // A failed assertion's message is alike in every program and its text is mostly names: how
    // the wrong value relates to the right one tells more about the kind of bug.
    const shape = shapeSimilarity(query.summary, entry.summary);
    ranked.push({ entry, tier, similarity: shape === undefined ? text : (text + shape) / 2 });
  }
  return ranked
    .sort(
      (a, b) =>
        b.tier - a.tier ||
        b.similarity - a.similarity ||
        b.entry.timesHelped - a.entry.timesHelped ||
        b.entry.lastUsed.localeCompare(a.entry.lastUsed),
    )
    .slice(0, limit);
}

/** `errorType|message|file:line` without its last part (see `errorSignature`). */
function withoutLocation(signature: string): string {
  const cut = signature.lastIndexOf("|");
  return cut < 0 ? signature : signature.slice(0, cut);
}

/** Both summaries name an exception, and not the same one. */
function otherException(a: string, b: string): boolean {
  const left = exceptionOf(a);
  const right = exceptionOf(b);
  return left !== undefined && right !== undefined && left !== right;
}
