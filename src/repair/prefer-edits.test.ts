import { describe, expect, it } from "vitest";
import { expectsPairs, preferEdits, rememberedMatcher, suspicionFactor, takeTurns } from "./prefer-edits.js";
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

  it("tries the remembered replacement first, then the search's own first, then the remembered operator, and keeps every mutation", () => {
    const ordered = preferEdits(mutations, keyOf, SOURCE, [{ operator: "comparison", before: "<", after: " <= " }]);
    expect(ordered.map((mutation) => mutation.edit.text)).toEqual(["<=", "-", ">", "3"]);
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
    // The memory's order (the like line's edit, then the same edit elsewhere) takes turns with the search's own.
    expect(order([remembered])).toEqual(["2:-1", "3:!=", "5:-1", "2:1"]);
    // The same edit without the place it was made: both move, in the search's own order.
    expect(order([{ operator: "constant", before: "0", after: "-1" }])).toEqual(["5:-1", "3:!=", "2:-1", "2:1"]);
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
    // Of the remembered kind on a line of another shape all the same (the guard then looks at it at once).
    expect(elsewhere?.kindAnywhere).toBe(true);
    expect(other?.kindAnywhere).toBe(true);
    expect(match?.(mutation("comparison", 3, "-", "+"))).toEqual({ bonus: 0, repeats: false, sameKind: false, kindAnywhere: false });
  });

  it("orders the repeat of the remembered fix first, taking turns with the cheaper edits of the same line", () => {
    const candidates = [
      mutation("arithmetic", 3, "-", "+"),
      mutation("literal", 3, "1", "2"),
      mutation("bound", 3, "len(numbers) - 1", "len(numbers) + 1"),
      mutation("bound", 3, "len(numbers) - 1", "len(numbers)"),
    ];
    const ordered = preferEdits(candidates, (candidate) => candidate.cost, program, [dropped]);
    expect(ordered.map((candidate) => candidate.edit.text)).toEqual(["len(numbers)", "+", "len(numbers) + 1", "2"]);
  });
});

describe("rememberedMatcher across operators that make the same change", () => {
  // An index that should start at -1, in a program other than the one the fix was remembered from.
  const program = ["def last_match(items, wanted):", "    found = 0", "    for i in range(len(items)):", "        if items[i] == wanted:", "            found = i", "    return found", ""].join("\n");
  const at = (line: number, text: string) => program.split("\n").slice(0, line - 1).join("\n").length + 1 + program.split("\n")[line - 1].indexOf(text);
  const mutation = (operator: Mutation["operator"], line: number, text: string, replacement: string): Mutation => ({
    operator,
    line,
    edit: { start: at(line, text), end: at(line, text) + text.length, text: replacement },
    cost: 2,
  });

  it("takes a number put in by the literal operator as the kind of one the constant operator put in", () => {
    // The literal operator's one more (`0` -> `1`) is the constant operator's kind of edit: one number for another.
    const remembered = { operator: "constant" as const, before: "0", after: "-1", line: "result = 0" };
    const match = rememberedMatcher(program, [remembered]);
    const literal = match?.(mutation("literal", 2, "0", "1"));
    expect(literal?.sameKind).toBe(true);
    expect(literal?.bonus).toBeGreaterThan(0);
    expect(match?.(mutation("comparison", 4, "==", "!="))?.bonus).toBe(0);
  });

  it("takes the same core change from another operator as a repeat (`- 1` dropped by the bound or the term deletion)", () => {
    const program2 = ["def tail_sum(xs):", "    return sum(xs[:len(xs) - 1])", ""].join("\n");
    const start = program2.indexOf("len(xs) - 1");
    const deleted: Mutation = { operator: "delete_term", line: 2, edit: { start, end: start + "len(xs) - 1".length, text: "len(xs)" }, cost: 3 };
    const remembered = { operator: "bound" as const, before: "len(values) - 1", after: "len(values)", line: "return sum(values[:len(values) - 1])" };
    const found = rememberedMatcher(program2, [remembered])?.(deleted);
    expect(found?.repeats).toBe(true);
    expect(found?.sameKind).toBe(true);
    // Names only (arguments swapped) say nothing about which edit: another operator's is not taken for it.
    const swap = { operator: "swap_arguments" as const, before: "a, b", after: "b, a", line: "return f(a, b)" };
    const renamed: Mutation = { operator: "replace_name", line: 2, edit: { start: program2.indexOf("xs"), end: program2.indexOf("xs") + 2, text: "ys" }, cost: 3 };
    expect(rememberedMatcher(program2, [swap])?.(renamed)?.bonus).toBe(0);
  });
});

describe("rememberedMatcher on fixes whose core change is names only", () => {
  // Arguments swapped: the core change (`$ , $` -> `$ , $`) is the same for every swap, so only
  // a line much like the remembered one makes a swap a repeat of it.
  const program = [
    "export function kth(items, k) {",
    "  const pivot = items[0];",
    "  const above = items.filter((x) => x > pivot);",
    "  if (k >= items.length - above.length) {",
    "    return kth(above, k);",
    "  }",
    "  return Math.pow(pivot, k);",
    "}",
    "",
  ].join("\n");
  const swap = (line: number, text: string, replacement: string): Mutation => {
    const start = program.split("\n").slice(0, line - 1).join("\n").length + 1 + program.split("\n")[line - 1].indexOf(text);
    return { operator: "swap_arguments", line, edit: { start, end: start + text.length, text: replacement }, cost: 3.2 };
  };
  const remembered = { operator: "swap_arguments" as const, before: "exponent, base", after: "base, exponent", line: "return Math.pow(exponent, base);" };

  it("repeats a remembered swap only on a line shaped much like the one it changed", () => {
    const match = rememberedMatcher(program, [remembered]);
    const likeLine = match?.(swap(7, "pivot, k", "k, pivot"));
    const otherCall = match?.(swap(5, "above, k", "k, above"));
    expect(likeLine?.repeats).toBe(true);
    // A call of another shape (`kth(...)`, not `Math.pow(...)`): the same kind, moved forward, not replayed.
    expect(otherCall?.repeats).toBe(false);
    expect(otherCall?.sameKind).toBe(true);
    expect(otherCall?.bonus).toBeGreaterThan(0);
    expect(likeLine?.bonus).toBeGreaterThan(otherCall?.bonus ?? Infinity);
  });

  it("still repeats an informative core change (an operator swapped around) on a moderately like line", () => {
    const minus = { operator: "swap_arguments" as const, before: "total.length - used.length", after: "used.length - total.length", line: "const free = total.length - used.length;" };
    const match = rememberedMatcher(program, [minus]);
    expect(match?.(swap(4, "items.length - above.length", "above.length - items.length"))?.repeats).toBe(true);
  });
});

describe("preferEdits by the line's suspiciousness and the memory's weight", () => {
  const program = ["def first_over(values, limit):", "    for v in values:", "        if v > limit:", "            return v", "    return limit + 1", ""].join("\n");
  const at = (line: number, text: string) => program.split("\n").slice(0, line - 1).join("\n").length + 1 + program.split("\n")[line - 1].indexOf(text);
  const mutation = (operator: Mutation["operator"], line: number, text: string, replacement: string, cost: number): Mutation => ({
    operator,
    line,
    edit: { start: at(line, text), end: at(line, text) + text.length, text: replacement },
    cost,
  });
  const candidates = [
    mutation("arithmetic", 5, "+", "-", 1),
    mutation("literal", 5, "1", "0", 1.4),
    mutation("comparison", 3, ">", ">=", 1.6),
  ];
  const show = (list: Mutation[]) => list.map((item) => `${item.line}:${item.edit.text}`);
  const comparison = { operator: "comparison" as const, before: ">", after: ">=", line: "if x > bound:" };

  it("moves a remembered edit ahead on a line the tests point at most, not on one they barely point at", () => {
    const suspicion = (top: number) => (line: number) => (line === top ? 1 : 0.4);
    const keyOf = (top: number) => (item: Mutation) => item.cost + (1 - suspicion(top)(item.line)) * 3;
    // The comparison's line is the most suspicious: the remembered comparison goes first.
    expect(show(preferEdits(candidates, keyOf(3), program, [comparison], suspicion(3)))).toEqual(["3:>=", "5:-", "5:0"]);
    // The tests point at the last line: the remembered kind does not override them.
    expect(show(preferEdits(candidates, keyOf(5), program, [comparison], suspicion(5)))).toEqual(["5:-", "5:0", "3:>="]);
  });

  it("moves a remembered edit forward less the less alike its failure was", () => {
    const full = rememberedMatcher(program, [comparison])?.(candidates[2]).bonus ?? 0;
    const half = rememberedMatcher(program, [{ ...comparison, weight: 0.5 }])?.(candidates[2]).bonus ?? 0;
    expect(full).toBeGreaterThan(0);
    expect(half).toBeCloseTo(full / 2);
    // Of two remembered kinds, the one of the more alike failure goes first.
    const literal = { operator: "literal" as const, before: "1", after: "0", line: "return n + 1" };
    const keyOf = (item: Mutation) => item.cost;
    expect(show(preferEdits(candidates, keyOf, program, [comparison, { ...literal, weight: 0.3 }]))[0]).toBe("3:>=");
    expect(show(preferEdits(candidates, keyOf, program, [{ ...comparison, weight: 0.3 }, literal]))[0]).toBe("5:0");
  });
});

describe("preferEdits with fixes of other kinds recalled", () => {
  // A grade boundary that should include 90; the memory recalled number fixes from other programs.
  const program = ["def grade(score):", "    if score > 90:", "        return 'A'", "    return 'B'", ""].join("\n");
  const at = (text: string) => ({ start: program.indexOf(text), end: program.indexOf(text) + text.length });
  const candidates: Mutation[] = [
    { operator: "comparison", line: 2, edit: { ...at(">"), text: ">=" }, cost: 1.2 },
    { operator: "literal", line: 2, edit: { ...at("90"), text: "91" }, cost: 1.4 },
    { operator: "literal", line: 2, edit: { ...at("90"), text: "89" }, cost: 1.4 },
    { operator: "constant", line: 2, edit: { ...at("90"), text: "0" }, cost: 2.5 },
    { operator: "constant", line: 2, edit: { ...at("90"), text: "-1" }, cost: 2.6 },
  ];
  const recalled = [
    { operator: "literal" as const, before: "1", after: "0", line: "for i in range(1, len(values)):" },
    { operator: "constant" as const, before: "0", after: "-1", line: "if found < 0:" },
  ];

  it("puts the search's own cheapest edit of the top line second at the latest, however many kinds the memory moves", () => {
    const ordered = preferEdits(candidates, (item) => item.cost, program, recalled).map((item) => item.edit.text);
    // The memory's first pick, then the search's own first: the comparison the bug needs.
    expect(ordered.indexOf(">=")).toBe(1);
    expect(new Set(ordered)).toEqual(new Set(candidates.map((item) => item.edit.text)));
  });
});

describe("preferEdits past the search's own first mutations", () => {
  it("lets the memory's order decide once the search's own first two have had their turns", () => {
    const program = "if a < b and c < d and e < f and g < h:\n    return 10 + 20 + 30 + 40\n";
    const nth = (text: string, n: number) => program.split(text).slice(0, n + 1).join(text).length;
    const edit = (text: string, n: number, replacement: string, operator: Mutation["operator"], cost: number): Mutation => ({
      operator,
      line: operator === "literal" ? 2 : 1,
      edit: { start: nth(text, n), end: nth(text, n) + text.length, text: replacement },
      cost,
    });
    const numbers = ["10", "20", "30", "40"].map((text, n) => edit(text, 0, String(Number(text) + 1), "literal", 1 + n / 10));
    const comparisons = [0, 1, 2, 3].map((n) => edit("<", n, "<=", "comparison", 3 + n / 10));
    const ordered = preferEdits([...numbers, ...comparisons], (item) => item.cost, program, [{ operator: "comparison", before: "<", after: "<=", line: "while lo < hi:" }]);
    const [c1, c2, c3, c4] = comparisons;
    const [n1, n2, n3, n4] = numbers;
    expect(ordered).toEqual([c1, n1, c2, n2, c3, c4, n3, n4]);
  });
});

describe("expectsPairs", () => {
  const number = { operator: "constant" as const, before: "0", after: "-1" };
  const comparison = { operator: "comparison" as const, before: ">", after: ">=" };
  it("is true when the best matching recalled fix took several edits, not when a less alike one did", () => {
    expect(expectsPairs([{ ...number, fixEdits: 2 }, { ...comparison, fixEdits: 2 }])).toBe(true);
    expect(expectsPairs([comparison, { ...number, fixEdits: 2, weight: 0.6 }])).toBe(false);
    expect(expectsPairs([comparison])).toBe(false);
    expect(expectsPairs(undefined)).toBe(false);
  });
});

describe("takeTurns", () => {
  it("takes one from each list in turn, the first list first, each item once", () => {
    expect(takeTurns(["a", "b", "c"], ["c", "d", "a", "e"])).toEqual(["a", "c", "b", "d", "e"]);
    expect(takeTurns([], ["x", "y"])).toEqual(["x", "y"]);
    expect(takeTurns(["x", "y"], [])).toEqual(["x", "y"]);
    // Items told apart by what they stand for: two wrappers of one mutation are one item.
    const wrapped = takeTurns([{ of: "a" }, { of: "b" }], [{ of: "a" }, { of: "c" }], (item) => item.of);
    expect(wrapped.map((item) => item.of)).toEqual(["a", "c", "b"]);
  });
});

describe("suspicionFactor", () => {
  it("gives the whole bonus on the top line, less below it, and the whole without localization", () => {
    expect(suspicionFactor(1)).toBe(1);
    expect(suspicionFactor(undefined)).toBe(1);
    expect(suspicionFactor(0.5)).toBeLessThan(0.5);
    expect(suspicionFactor(0)).toBe(0);
  });
});
