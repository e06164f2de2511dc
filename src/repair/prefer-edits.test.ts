import { describe, expect, it } from "vitest";
import { preferEdits, rememberedMatcher } from "./prefer-edits.js";
import type { Mutation } from "./source-edit.js";

const SOURCE = "while lo < hi:\n    mid = (lo + hi) // 2\n";
const at = (text: string) => ({ start: SOURCE.indexOf(text), end: SOURCE.indexOf(text) + text.length });
const mutations: Mutation[] = [
  { operator: "arithmetic", line: 2, edit: { ...at("+"), text: "-" }, cost: 1 },
  { operator: "literal", line: 2, edit: { ...at("2"), text: "3" }, cost: 1.4 },
  { operator: "comparison", line: 1, edit: { ...at("<"), text: ">" }, cost: 1.5 },
  { operator: "comparison", line: 1, edit: { ...at("<"), text: "<=" }, cost: 1.6 },
];
const keyOf = (mutation: Mutation) => mutation.cost;

describe("preferEdits", () => {
  it("leaves the order alone with nothing remembered", () => {
    expect(preferEdits(mutations, keyOf, SOURCE, undefined)).toEqual(mutations);
    expect(preferEdits(mutations, keyOf, SOURCE, [])).toEqual(mutations);
  });

  it("tries the remembered replacement first, then the remembered operator, and keeps every mutation", () => {
    const ordered = preferEdits(mutations, keyOf, SOURCE, [{ operator: "comparison", before: "<", after: " <= " }]);
    expect(ordered.map((mutation) => mutation.edit.text)).toEqual(["<=", ">", "-", "3"]);
  });

  it("moves a model's fix (no operator) forward only where the replacement is the same", () => {
    const ordered = preferEdits(mutations, keyOf, SOURCE, [{ before: "2", after: "3" }]);
    expect(ordered.map((mutation) => mutation.edit.text)).toEqual(["3", "-", ">", "<="]);
  });
});

describe("preferEdits with a fix remembered from another program", () => {
  // An off-by-one in a countdown's stop value, fixed before in a program with other names.
  const program = [
    "def last_index(values, wanted):",
    "    for k in range(len(values) - 1, 0, -1):",
    "        if values[k] == wanted:",
    "            return k",
    "    return 0",
    "",
  ].join("\n");
  const offset = (line: number, text: string) => program.split("\n").slice(0, line - 1).join("\n").length + 1 + program.split("\n")[line - 1].indexOf(text);
  const edit = (line: number, text: string, replacement: string) => ({ start: offset(line, text), end: offset(line, text) + text.length, text: replacement });
  const candidates: Mutation[] = [
    { operator: "comparison", line: 3, edit: edit(3, "==", "!="), cost: 1.5 },
    { operator: "bound", line: 2, edit: edit(2, "0", "1"), cost: 2.2 },
    { operator: "constant", line: 5, edit: edit(5, "0", "-1"), cost: 2.6 },
    { operator: "constant", line: 2, edit: edit(2, "0", "-1"), cost: 2.6 },
  ];
  const order = (preferred: Parameters<typeof preferEdits>[3]) => preferEdits(candidates, keyOf, program, preferred).map((mutation) => `${mutation.line}:${mutation.edit.text}`);

  it("moves the remembered kind of edit forward, on a line shaped like the remembered one first", () => {
    expect(order(undefined)).toEqual(["3:!=", "2:1", "5:-1", "2:-1"]);
    const remembered = { operator: "constant" as const, before: "0", after: "-1", line: "for i in range(len(xs) - 1, 0, -1):" };
    expect(order([remembered])).toEqual(["2:-1", "5:-1", "3:!=", "2:1"]);
    // The same edit without the place it was made: both move, in the search's own order.
    expect(order([{ operator: "constant", before: "0", after: "-1" }])).toEqual(["5:-1", "2:-1", "3:!=", "2:1"]);
  });
});

describe("rememberedMatcher", () => {
  // A loop that stops one short, in a program other than the one the fix was remembered from.
  const program = ["def total(numbers):", "    s = 0", "    for k in range(len(numbers) - 1):", "        s = s + numbers[k]", "    return s - 1", ""].join("\n");
  const at = (line: number, text: string) => program.split("\n").slice(0, line - 1).join("\n").length + 1 + program.split("\n")[line - 1].indexOf(text);
  const mutation = (operator: Mutation["operator"], line: number, text: string, replacement: string): Mutation => ({
    operator,
    line,
    edit: { start: at(line, text), end: at(line, text) + text.length, text: replacement },
    cost: 2,
  });
  const dropped = { operator: "bound" as const, before: "len(words) - 1", after: "len(words)", line: "for i in range(len(words) - 1):" };

  it("is undefined with nothing remembered", () => {
    expect(rememberedMatcher(program, undefined)).toBeUndefined();
    expect(rememberedMatcher(program, [])).toBeUndefined();
  });

  it("takes the same change at the core, names aside, on a like line as a repeat of the remembered fix", () => {
    const match = rememberedMatcher(program, [dropped]);
    const same = match?.(mutation("bound", 3, "len(numbers) - 1", "len(numbers)"));
    expect(same?.repeats).toBe(true);
    // The same `- 1` dropped on a line of another shape: moved forward, not a repeat.
    const elsewhere = match?.(mutation("bound", 5, "s - 1", "s"));
    expect(elsewhere?.repeats).toBe(false);
    expect(elsewhere?.bonus).toBeGreaterThan(0);
    expect(same?.bonus).toBeGreaterThan(elsewhere?.bonus ?? Infinity);
    // Another change of the same operator on the same line (`- 1` -> `+ 1`), and another operator.
    const other = match?.(mutation("bound", 3, "len(numbers) - 1", "len(numbers) + 1"));
    expect(other?.repeats).toBe(false);
    expect(other?.bonus).toBeLessThan(same?.bonus ?? 0);
    expect(other?.sameKind).toBe(true);
    expect(elsewhere?.sameKind).toBe(false);
    expect(match?.(mutation("comparison", 3, "-", "+"))).toEqual({ bonus: 0, repeats: false, sameKind: false });
  });

  it("orders the repeat of the remembered fix ahead of cheaper edits of the same line", () => {
    const candidates = [
      mutation("arithmetic", 3, "-", "+"),
      mutation("literal", 3, "1", "2"),
      mutation("bound", 3, "len(numbers) - 1", "len(numbers) + 1"),
      mutation("bound", 3, "len(numbers) - 1", "len(numbers)"),
    ];
    const ordered = preferEdits(candidates, (candidate) => candidate.cost, program, [dropped]);
    expect(ordered.map((candidate) => candidate.edit.text)).toEqual(["len(numbers)", "len(numbers) + 1", "+", "2"]);
  });
});
