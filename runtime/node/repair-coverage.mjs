// Records the program lines each test executes, through V8 precise coverage taken between tests.
import { afterEach, beforeEach } from "node:test";
import { Session } from "node:inspector/promises";
import { appendFileSync, readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const entry = process.env.MEND_ENTRY;
const output = process.env.MEND_COVERAGE;
const url = pathToFileURL(entry).href;
const source = readFileSync(entry, "utf8");
const firstCode = [];
for (let start = 0, line = 1; start <= source.length; line++) {
  let end = source.indexOf("\n", start);
  if (end === -1) end = source.length;
  let offset = start;
  while (offset < end && /\s/.test(source[offset])) offset++;
  // Lines of closing brackets only are not statements: they never hold a fault.
  if (offset < end && !/^[\s\]\)\};,]*$/.test(source.slice(offset, end))) firstCode.push([line, offset]);
  start = end + 1;
}

const session = new Session();
session.connect();
await session.post("Profiler.enable");
await session.post("Profiler.startPreciseCoverage", { callCount: true, detailed: true });

function coveredLines(functions) {
  const ranges = functions.flatMap((fn) => fn.ranges);
  const lines = [];
  for (const [line, offset] of firstCode) {
    let best;
    for (const range of ranges) {
      if (range.startOffset <= offset && offset < range.endOffset) {
        if (!best || range.endOffset - range.startOffset < best.endOffset - best.startOffset) best = range;
      }
    }
    if (best && best.count > 0) lines.push(line);
  }
  return lines;
}

beforeEach(async () => {
  await session.post("Profiler.takePreciseCoverage");
});

afterEach(async (t) => {
  const { result } = await session.post("Profiler.takePreciseCoverage");
  const script = result.find((entryScript) => entryScript.url === url);
  appendFileSync(output, JSON.stringify({ name: t.name, lines: script ? coveredLines(script.functions) : [] }) + "\n");
});
