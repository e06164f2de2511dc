import type { NodeObservation } from "./node-observation.js";
import { textSimilarity } from "./text-similarity.js";

/** Thresholds the matcher compares texts with. */
export interface MatchThresholds {
  /** Character-level similarity (0..1) at or above which two texts say the same. */
  textSimilarity: number;
  /** Cosine similarity of embeddings at or above which two texts say the same (with `embeddings`). */
  semanticSimilarity: number;
}

/**
 * Whether two node executions did the same work. With a custom signature, signatures must
 * be equal. Otherwise their fingerprints are compared: equal shapes, every text similar
 * (by embeddings when the texts have them, else by characters), and every number equal or
 * counted on by at most `distance`, the executions between them: an attempt counter that
 * only counts is not progress. Similarities are cached per pair.
 */
export class UpdateMatcher {
  private readonly cache = new Map<string, boolean>();

  constructor(private readonly thresholds: MatchThresholds) {}

  same(earlier: NodeObservation, later: NodeObservation, distance: number): boolean {
    if (earlier.node !== later.node) return false;
    const a = earlier.fingerprint;
    const b = later.fingerprint;
    if (a === undefined || b === undefined) return earlier.signature !== undefined && earlier.signature === later.signature;
    if (a.shape !== b.shape || a.texts.length !== b.texts.length || a.numbers.length !== b.numbers.length) return false;
    for (let i = 0; i < a.numbers.length; i += 1) {
      const [, before] = a.numbers[i];
      const [, after] = b.numbers[i];
      if (before === after) continue;
      const counted = Number.isInteger(before) && Number.isInteger(after) && after > before && after - before <= distance;
      if (!counted) return false;
    }
    return this.similarTexts(earlier, later);
  }

  private similarTexts(earlier: NodeObservation, later: NodeObservation): boolean {
    const key = `${earlier.index}:${later.index}`;
    const known = this.cache.get(key);
    if (known !== undefined) return known;
    const a = earlier.fingerprint?.texts ?? [];
    const b = later.fingerprint?.texts ?? [];
    const vectors = [earlier.vectors, later.vectors];
    const similar = a.every((text, i) => {
      const [va, vb] = [vectors[0]?.[i], vectors[1]?.[i]];
      if (va !== undefined && vb !== undefined) return cosine(va, vb) >= this.thresholds.semanticSimilarity;
      return textSimilarity(text, b[i]) >= this.thresholds.textSimilarity;
    });
    if (this.cache.size > 10_000) this.cache.clear();
    this.cache.set(key, similar);
    return similar;
  }
}

function cosine(a: readonly number[], b: readonly number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < Math.min(a.length, b.length); i += 1) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}
