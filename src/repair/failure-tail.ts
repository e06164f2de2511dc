import { topLevelElements } from "../examples/split-top-level.js";
import type { TestFailure } from "../shared/check-result.js";
import type { Mutation, TailShape } from "./source-edit.js";

/**
 * How much earlier a mutation comes when the failures show the shape it fixes, in operator-cost
 * units: as much as the whole distance between the most and the least suspicious line, since the
 * statement such a fix inserts goes after a loop, on a line every test runs (the least telling
 * line of the spectrum).
 */
const SHAPE_BONUS = 3;

/**
 * Whether the failed assertions show a result cut short or run over at its end: the actual list
 * (or string) a proper prefix of the expected one (`['a', 'b']` for `['a', 'b', 'c']`, `[]` for
 * `['hello']`: the last chunk a loop built was never handed over), or the expected one a proper
 * prefix of the actual (one separator too many). Undefined when no failure shows either, or
 * failures disagree.
 */
export function tailShapeOf(failures: readonly TestFailure[]): TailShape | undefined {
  const shapes = new Set<TailShape>();
  for (const { expected, actual } of failures) {
    if (expected === undefined || actual === undefined) continue;
    const shape = tailOf(expected.trim(), actual.trim());
    if (shape) shapes.add(shape);
  }
  return shapes.size === 1 ? [...shapes][0] : undefined;
}

/** The mutations with their cost lowered where they fix the shape the failures show. */
export function favourTailShape(mutations: Mutation[], shape: TailShape | undefined): Mutation[] {
  if (!shape) return mutations;
  return mutations.map((mutation) => (mutation.shows === shape ? { ...mutation, cost: mutation.cost - SHAPE_BONUS } : mutation));
}

function tailOf(expected: string, actual: string): TailShape | undefined {
  const sequence = /^[[(][\s\S]*[\])]$/;
  if (sequence.test(expected) && sequence.test(actual)) {
    // A truncated repr (pytest's `...`) says nothing about the length.
    if (expected.includes("...") || actual.includes("...")) return undefined;
    return prefixShape(topLevelElements(expected), topLevelElements(actual));
  }
  const quoted = /^(['"`])[\s\S]*\1$/;
  if (quoted.test(expected) && quoted.test(actual) && expected[0] === actual[0]) {
    return prefixShape([...expected.slice(1, -1)], [...actual.slice(1, -1)]);
  }
  return undefined;
}

function prefixShape(want: readonly string[], got: readonly string[]): TailShape | undefined {
  const shorter = got.length < want.length ? got : want;
  const longer = shorter === got ? want : got;
  if (shorter.length === longer.length || !shorter.every((item, index) => item === longer[index])) return undefined;
  return shorter === got ? "missing_tail" : "extra_tail";
}
