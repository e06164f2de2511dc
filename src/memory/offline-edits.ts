import type { WeightedEdit } from "../repair/prefer-edits.js";
import type { RankedMemory } from "./rank-memories.js";

/** How much less a fix one recall tier below the best recalled one weighs. */
const PER_TIER = 0.5;
/** Similarities below this count as this: an empty summary still says the kind of failure. */
const FLOOR = 0.1;

/**
 * The recalled fixes' edits for the offline engine to try first, each weighted by how alike
 * its failure is to this one, relative to the best recalled (which weighs 1): half as much per
 * recall tier below the best one's (the same signature, the same failure found by another
 * test, the same message elsewhere: see `RankedMemory.tier`), and within that by the text
 * similarity of the diagnoses relative to the best one's. The tier alone rarely tells fixes
 * apart (most failures are a failed `assert <n> == <n>`, the same message in any program), so
 * the text decides among fixes of one tier. The engine moves the best matching memory's kind of
 * edit forward most, and those of the less alike failures recalled with it less. The edits of
 * a fix of several edits say how many it made (`fixEdits`).
 */
export function offlineEdits(ranked: readonly RankedMemory[]): WeightedEdit[] {
  if (ranked.length === 0) return [];
  const best = ranked.reduce((top, memory) => (memory.tier > top.tier || (memory.tier === top.tier && memory.similarity > top.similarity) ? memory : top));
  const similarity = (memory: RankedMemory) => Math.max(FLOOR, memory.similarity);
  return ranked.flatMap((memory) => {
    const weight = PER_TIER ** (best.tier - memory.tier) * Math.min(1, similarity(memory) / similarity(best));
    const several = memory.entry.edits.length > 1 ? { fixEdits: memory.entry.edits.length } : {};
    return memory.entry.edits.map((edit) => (weight < 1 ? { ...edit, ...several, weight } : { ...edit, ...several }));
  });
}
