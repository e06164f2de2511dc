import { describe, expect, it } from "vitest";
import type { Candidate } from "./candidate-pool.js";
import { rankPlausible, tiedBeforeCoverage } from "./rank-plausible.js";
import type { Mutation, OperatorName } from "./source-edit.js";

function candidate(id: number, size: number, operator: OperatorName = "comparison", edits = 1): Candidate {
  const mutations: Mutation[] = Array.from({ length: edits }, () => ({ operator, line: 1, edit: { start: 0, end: 1, text: "x" }, cost: 1 }));
  return { id, file: "f.py", code: `v${id}`, mutations, key: id, size, inserted: 0, characters: size };
}

describe("rankPlausible", () => {
  it("without evidence, puts the smallest patch first, then the likelier edit kind", () => {
    const ranked = rankPlausible([candidate(0, 3), candidate(1, 2, "delete_clause"), candidate(2, 2)]);
    expect(ranked.map((entry) => entry.id)).toEqual([2, 1, 0]);
  });

  it("between rewrites of the same text of as many tokens, puts the one changing fewer characters first, and only there", () => {
    const at = (id: number, start: number, text: string, characters: number): Candidate => ({
      ...candidate(id, 2),
      key: 10 - id,
      characters,
      mutations: [{ operator: "comparison", line: 1, edit: { start, end: start + 1, text }, cost: 1 }],
    });
    // `<` -> `>=` found first (lower key) still ranks after `<` -> `>` at the same spot.
    expect(rankPlausible([at(1, 5, ">=", 3), at(0, 5, ">", 2)]).map((entry) => entry.id)).toEqual([0, 1]);
    // At different spots the search order decides, not the characters.
    expect(rankPlausible([at(1, 9, "1", 2), at(0, 5, "<", 3)]).map((entry) => entry.id)).toEqual([1, 0]);
  });

  it("puts a patch that changes behaviour where no failing test asked after one that does not, whatever its size", () => {
    const small = candidate(0, 2);
    const larger = candidate(1, 4, "widen");
    const ranked = rankPlausible([small, larger], { changes: new Map([[0, 2], [1, 0]]) });
    expect(ranked.map((entry) => entry.id)).toEqual([1, 0]);
  });

  it("ranks a candidate the guard did not measure after those it did", () => {
    const ranked = rankPlausible([candidate(0, 2), candidate(1, 3), candidate(2, 1)], { changes: new Map([[0, 1], [1, 3]]) });
    expect(ranked.map((entry) => entry.id)).toEqual([0, 1, 2]);
  });

  it("takes a candidate found only by the guard's extra search only when it changes less", () => {
    const early = candidate(0, 3, "builtin");
    const late = candidate(1, 1);
    expect(rankPlausible([early, late], { late: new Set([1]), changes: new Map([[0, 0], [1, 0]]) })[0].id).toBe(0);
    expect(rankPlausible([early, late], { late: new Set([1]) })[0].id).toBe(0);
    expect(rankPlausible([early, late], { late: new Set([1]), changes: new Map([[0, 2], [1, 0]]) })[0].id).toBe(1);
  });

  it("among patches of the same size, prefers the one that keeps the passing tests' coverage, before the edit-kind prior", () => {
    const guard = candidate(0, 4, "comparison");
    const cutting = candidate(1, 4, "comparison");
    const evidence = { linesLost: new Map([[0, 3], [1, 0]]) };
    expect(rankPlausible([guard, cutting], evidence).map((entry) => entry.id)).toEqual([1, 0]);
    // Coverage never outweighs size.
    expect(rankPlausible([candidate(2, 3), cutting], { linesLost: new Map([[2, 5]]) })[0].id).toBe(2);
  });

  it("says which candidates coverage could tell apart", () => {
    const evidence = { changes: new Map([[0, 0], [1, 0], [2, 1]]) };
    expect(tiedBeforeCoverage(candidate(0, 2), candidate(1, 2), evidence)).toBe(true);
    expect(tiedBeforeCoverage(candidate(0, 2), candidate(2, 2), evidence)).toBe(false);
    expect(tiedBeforeCoverage(candidate(0, 2), candidate(1, 3), evidence)).toBe(false);
  });
});
