import { describe, expect, it } from "vitest";
import { generateMutations } from "./mutation-operators.js";
import { JAVASCRIPT_TABLE } from "./operator-tables.js";
import type { WeightedEdit } from "./prefer-edits.js";
import { rememberedPartners } from "./remembered-pairs.js";
import { applyEdits, type Mutation } from "./source-edit.js";
import { parseSource } from "./syntax-tree.js";

// Counts the values above a limit, but starts at 1 and leaves out the limit itself: two edits.
const program = [
  "export function countAtLeast(values, limit) {",
  "  let count = 1;",
  "  for (const value of values) {",
  "    if (value > limit) count++;",
  "  }",
  "  return count;",
  "}",
  "",
].join("\n");

// A sum over a range fixed before, in another program, by two edits: the start and the bound.
const rangeSum: WeightedEdit[] = [
  { operator: "comparison", before: "<", after: "<=", line: "for (let k = a; k < b; k++) total += k;", fix: "aaaaaaaaaaaa" },
  { operator: "literal", before: "1", after: "0", line: "let total = 1;", fix: "aaaaaaaaaaaa" },
];

async function mutationsOf(code: string): Promise<Mutation[]> {
  const tree = await parseSource("javascript", code);
  try {
    return generateMutations(tree, code, JAVASCRIPT_TABLE);
  } finally {
    tree.delete();
  }
}

const keyOf = (mutation: Mutation) => mutation.cost;
const everyLine = () => 1;
const changed = (mutation: Mutation) => applyEdits(program, [mutation.edit]).split("\n")[mutation.line - 1].trim();

describe("rememberedPartners", () => {
  it("pairs a partial fix of one remembered edit's kind with edits of the other's kind, at most the limit", async () => {
    const mutations = await mutationsOf(program);
    const start = mutations.find((mutation) => mutation.line === 2 && changed(mutation) === "let count = 0;");
    expect(start).toBeDefined();
    const partners = rememberedPartners(program, rangeSum, start as Mutation, mutations, keyOf, everyLine, 5);
    expect(partners.length).toBeGreaterThan(0);
    expect(partners.length).toBeLessThanOrEqual(5);
    expect(partners.every((mutation) => mutation.operator === "comparison")).toBe(true);
    expect(partners.map(changed)).toContain("if (value >= limit) count++;");
  });

  it("offers nothing for a partial fix of a kind no remembered fix of several edits made", async () => {
    const mutations = await mutationsOf(program);
    const other = mutations.find((mutation) => mutation.operator !== "comparison" && mutation.operator !== "literal");
    expect(other).toBeDefined();
    expect(rememberedPartners(program, rangeSum, other as Mutation, mutations, keyOf, everyLine, 5)).toEqual([]);
  });

  it("offers nothing when the remembered fixes made one edit each", async () => {
    const mutations = await mutationsOf(program);
    const start = mutations.find((mutation) => mutation.line === 2 && mutation.operator === "literal") as Mutation;
    const singles = rangeSum.map(({ fix: _fix, ...edit }) => edit);
    expect(rememberedPartners(program, singles, start, mutations, keyOf, everyLine, 5)).toEqual([]);
    expect(rememberedPartners(program, undefined, start, mutations, keyOf, everyLine, 5)).toEqual([]);
  });

  it("leaves out edits on lines the tests never reached", async () => {
    const mutations = await mutationsOf(program);
    const start = mutations.find((mutation) => mutation.line === 2 && changed(mutation) === "let count = 0;") as Mutation;
    const notLine4 = (mutation: Mutation) => (mutation.line === 4 ? undefined : mutation.cost);
    expect(rememberedPartners(program, rangeSum, start, mutations, notLine4, everyLine, 5).some((mutation) => mutation.line === 4)).toBe(false);
  });
});
