import { rememberedMatcher, suspicionFactor, type WeightedEdit } from "./prefer-edits.js";
import type { Mutation } from "./source-edit.js";

/**
 * The second edits to try beside `anchor`, a single edit that fixed some failing tests and broke
 * none (a partial fix), when a remembered fix of two or more edits (its edits share `fix`) has
 * one edit of the anchor's kind: the mutations of `ordered` (the search's order) of the kind of
 * that fix's other edits, those most like them and on the most suspicious lines first, at most
 * `limit`. Without such a fix, none: the search's own pairs come only after every single edit,
 * and a remembered two-edit fix says which pair to try as soon as its first half shows.
 */
export function rememberedPartners(
  source: string,
  preferred: readonly WeightedEdit[] | undefined,
  anchor: Mutation,
  ordered: readonly Mutation[],
  keyOf: (mutation: Mutation) => number | undefined,
  suspicionOf: (line: number) => number | undefined,
  limit: number,
): Mutation[] {
  const groups = new Map<string, WeightedEdit[]>();
  for (const edit of preferred ?? []) if (edit.fix !== undefined) groups.set(edit.fix, [...(groups.get(edit.fix) ?? []), edit]);
  const others: WeightedEdit[] = [];
  for (const edits of groups.values()) {
    edits.forEach((edit, index) => {
      if ((rememberedMatcher(source, [edit])?.(anchor).bonus ?? 0) > 0) others.push(...edits.filter((_, other) => other !== index));
    });
  }
  const match = rememberedMatcher(source, others);
  if (!match) return [];
  const sameSpot = (mutation: Mutation) => mutation.edit.start < anchor.edit.end && anchor.edit.start < mutation.edit.end;
  return ordered
    .flatMap((mutation, index) => {
      const key = keyOf(mutation);
      if (key === undefined || sameSpot(mutation)) return [];
      const { bonus } = match(mutation);
      return bonus > 0 ? [{ mutation, index, key: key - bonus * suspicionFactor(suspicionOf(mutation.line)) }] : [];
    })
    .sort((a, b) => a.key - b.key || a.index - b.index)
    .slice(0, limit)
    .map((entry) => entry.mutation);
}
