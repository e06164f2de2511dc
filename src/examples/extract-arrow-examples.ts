import type { Example, ExampleOrigin, ExpectedOutcome } from "./example.js";
import { bracketsBalance, indexAtTopLevel, isSingleExpression } from "./split-top-level.js";

const ARROW = /\/\/\s*=>/;
const THROWS = /\/\/\s*(?:=>\s*)?throws\s+([A-Za-z_$][\w$]*)/;
const FENCE = /^\s*(?:```|~~~)/;

/**
 * JavaScript examples written as `code // => value` (or `code // throws RangeError`): in
 * JSDoc comments (`@example add(1, 2) // => 3`), and, in a requirement, also in fenced code
 * blocks. `fences` says whether code blocks count (a requirement's do, a program's do not).
 */
export function extractArrowExamples(text: string, file: string, origin: ExampleOrigin, fences: boolean): Example[] {
  const examples: Example[] = [];
  let inFence = false;
  let inDoc = false;
  text.split(/\r?\n/).forEach((raw, index) => {
    if (FENCE.test(raw)) {
      inFence = !inFence;
      return;
    }
    let line = raw;
    const docStart = line.indexOf("/**");
    if (!inDoc && docStart >= 0) {
      inDoc = true;
      line = line.slice(docStart + 3);
    }
    const inComment = inDoc;
    const docEnd = inDoc ? line.indexOf("*/") : -1;
    if (docEnd >= 0) {
      inDoc = false;
      line = line.slice(0, docEnd);
    }
    if (!inComment && !(fences && inFence)) return;
    const example = parseArrowLine(inComment ? line.replace(/^\s*\*+/, "") : line);
    if (example) examples.push({ origin, file, line: index + 1, setup: [], ...example });
  });
  return examples;
}

function parseArrowLine(line: string): Pick<Example, "code" | "expected"> | undefined {
  const text = line.replace(/^\s*@example\b/, "").trim();
  const throws = THROWS.exec(text);
  const at = throws ? indexAtTopLevel(text, THROWS) : indexAtTopLevel(text, ARROW);
  if (at <= 0) return undefined;
  const code = text.slice(0, at).trim().replace(/;$/, "").trim();
  if (!code || !bracketsBalance(code)) return undefined;
  let expected: ExpectedOutcome;
  if (throws) expected = { kind: "raises", error: throws[1] };
  else {
    const value = text.slice(at).replace(ARROW, "").trim().replace(/;$/, "").trim();
    if (!value || !bracketsBalance(value) || !isSingleExpression(value)) return undefined;
    expected = { kind: "value", text: value };
  }
  return { code, expected };
}
