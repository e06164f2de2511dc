import { topLevelElements } from "../examples/split-top-level.js";

/**
 * How a failed assertion's wrong value relates to the right one, read from a diagnosis summary
 * (`expected X, got Y`, see `diagnoseTestRun`): the kinds of both values and, where they can be
 * compared, how they differ (one more or one less, a list one short, a flipped boolean, nothing
 * at all). The message of a failed assertion is the same in any program (`assert <n> == <n>`),
 * and the text of two summaries is mostly names; the relation of the two values is what
 * tells an off-by-one from a wrong comparison or a missing guard. Empty when the summary shows
 * no values.
 */
export function failureShape(summary: string): string[] {
  const values = /expected ([\s\S]+?), got ([\s\S]+?)(?: with input |\s\(|$)/.exec(summary);
  if (!values) return [];
  const expected = values[1].trim();
  const actual = values[2].trim();
  const want = kindOf(expected);
  const got = kindOf(actual);
  return [`expected ${want}`, `got ${got}`, ...(want === got ? relation(want, expected, actual) : [])];
}

/**
 * The exception a diagnosis summary names (`ZeroDivisionError: division by zero`), or undefined.
 * Error types group exceptions (`runtime` holds a division by zero and a set changed while
 * iterated), and the exception says which failure it was.
 */
export function exceptionOf(summary: string): string | undefined {
  return /\b([A-Z][A-Za-z]*(?:Error|Exception)):/.exec(summary)?.[1];
}

/** Jaccard similarity of the two summaries' shapes; undefined when either shows no values. */
export function shapeSimilarity(a: string, b: string): number | undefined {
  const left = new Set(failureShape(a));
  const right = new Set(failureShape(b));
  if (left.size === 0 || right.size === 0) return undefined;
  const shared = [...left].filter((feature) => right.has(feature)).length;
  return shared / (left.size + right.size - shared);
}

type Kind = "nothing" | "not a number" | "boolean" | "number" | "string" | "sequence" | "mapping" | "other";

function kindOf(value: string): Kind {
  if (/^(?:None|null|undefined)$/.test(value)) return "nothing";
  if (/^-?(?:NaN|nan|Infinity|inf)$/.test(value)) return "not a number";
  if (/^(?:True|False|true|false)$/.test(value)) return "boolean";
  if (Number.isFinite(Number(value)) && value !== "") return "number";
  if (/^(?:b?'[\s\S]*'|"[\s\S]*"|`[\s\S]*`)$/.test(value)) return "string";
  if (/^[[(][\s\S]*[\])]$/.test(value)) return "sequence";
  if (/^\{[\s\S]*\}$/.test(value)) return "mapping";
  return "other";
}

function relation(kind: Kind, expected: string, actual: string): string[] {
  if (kind === "number") {
    const want = Number(expected);
    const got = Number(actual);
    const parts = [got > want ? "too large" : "too small"];
    if (Math.abs(got - want) === 1) parts.push("off by one");
    if (got === 0) parts.push("got zero");
    if (want === 0) parts.push("expected zero");
    if (got === -want) parts.push("negated");
    if (!Number.isInteger(got) && Number.isInteger(want)) parts.push("fraction for a whole number");
    return parts;
  }
  if (kind === "boolean") return ["flipped"];
  if (kind === "string") {
    const want = expected.slice(1, -1);
    const got = actual.slice(1, -1);
    if (got === "") return ["got empty"];
    if (want.includes(got)) return ["got part"];
    if (got.includes(want)) return ["got more"];
    return [got.length === want.length ? "same length" : got.length < want.length ? "shorter" : "longer"];
  }
  if (kind === "sequence") {
    // A truncated repr (pytest's `...`) says nothing about the length.
    if (/\.\.\./.test(expected) || /\.\.\./.test(actual)) return [];
    const want = topLevelElements(expected);
    const got = topLevelElements(actual);
    if (got.length === 0) return ["got empty"];
    const parts = [got.length === want.length ? "same length" : got.length < want.length ? "shorter" : "longer"];
    if (Math.abs(got.length - want.length) === 1) parts.push("one element off");
    if (got.length < want.length && got.every((element, index) => element === want[index])) parts.push("got a prefix");
    if (got.length === want.length && [...got].sort().join("\u0000") === [...want].sort().join("\u0000")) parts.push("reordered");
    return parts;
  }
  return [];
}
