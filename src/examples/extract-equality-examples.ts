import type { Example } from "./example.js";
import { bracketsBalance, indexAtTopLevel, isSingleExpression } from "./split-top-level.js";

// A list bullet, a numbered item, a quote marker or an `assert` before the example.
const LEAD = /^(?:[-*+]\s+|\d+[.)]\s+|>\s+)*(?:assert\s+)?/;
const CALL = /^[A-Za-z_$][\w$.]*\s*\(/;
// `===` or `==`, but not `!==`, `!=`, `<=`, `>=` or a fourth `=`.
const EQUALS = /(?<![!<>=])===?(?!=)/;

/**
 * Examples written as whole lines `f(x) == y` or `f(x) === y` in a requirement (also as a
 * list item, in backticks, or after `assert`): the call on the left, its expected value on
 * the right. A line that says more than that (prose around it) is not an example.
 */
export function extractEqualityExamples(text: string): Example[] {
  const examples: Example[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    let line = raw.trim();
    if (line.startsWith(">>>")) return;
    line = line.replace(LEAD, "").trim();
    if (line.startsWith("`") && line.endsWith("`") && line.length > 2) line = line.slice(1, -1).trim();
    line = line.replace(/[.,;]$/, "").trim();
    if (!CALL.test(line)) return;
    const at = indexAtTopLevel(line, EQUALS);
    if (at < 0) return;
    const code = line.slice(0, at).trim();
    const value = line.slice(at).replace(/^===?/, "").trim();
    if (!code.endsWith(")") || !value || !bracketsBalance(code) || !bracketsBalance(value) || !isSingleExpression(value)) return;
    examples.push({ origin: "requirement", file: "requirement", line: index + 1, setup: [], code, expected: { kind: "value", text: value } });
  });
  return examples;
}
