// Streams one JSON line per finished test (suites excluded) for the mendloop repair runner.
import { relative } from "node:path";
// The recorder of asserts sits next to this file in the work folder and finds a failure's line.
/** @type {typeof import("./repair-asserts.mjs")} */
const { failLineOf } = await import(new URL("./__mend_asserts.mjs", import.meta.url).href);

const entry = process.env.MEND_ENTRY ?? "";
const seen = new Map();

function failLine(error) {
  return failLineOf(error, entry);
}

export default async function* reporter(source) {
  for await (const event of source) {
    if (event.type !== "test:pass" && event.type !== "test:fail") continue;
    const data = event.data;
    if (data.details?.type === "suite") continue;
    const file = data.file ? relative(process.cwd(), data.file) : "";
    const base = file + "::" + data.name;
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    yield JSON.stringify({
      id: count === 1 ? base : base + "#" + count,
      name: data.name,
      passed: event.type === "test:pass",
      ms: data.details?.duration_ms ?? 0,
      failLine: event.type === "test:fail" ? failLine(data.details?.error) : undefined,
    }) + "\n";
  }
}
