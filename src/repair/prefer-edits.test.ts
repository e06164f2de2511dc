import { describe, expect, it } from "vitest";
import { preferEdits } from "./prefer-edits.js";
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
