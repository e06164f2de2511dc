// Streams one JSON line per finished test (suites excluded) for the mendloop repair runner.
import { relative } from "node:path";

const entry = process.env.MEND_ENTRY ?? "";
const seen = new Map();

function failLine(error) {
  const stacks = [];
  for (let current = error, depth = 0; current && depth < 4; current = current.cause, depth++) {
    if (typeof current.stack === "string") stacks.push(current.stack);
  }
  for (const stack of stacks.reverse()) {
    for (const line of stack.split("\n")) {
      const index = line.indexOf(entry + ":");
      if (entry && index !== -1) {
        const match = /^:(\d+)/.exec(line.slice(index + entry.length));
        if (match) return Number(match[1]);
      }
    }
  }
  return undefined;
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
