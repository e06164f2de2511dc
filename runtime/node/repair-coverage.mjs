// Preloaded with --import into the repair runner's node:test runs. Records each test's asserts
// (repair-asserts.mjs) and, with MEND_LINES=1 (the baseline), the program lines each test and
// each of its recorded asserts executes, through V8 precise coverage taken between them. One
// JSON line per finished test goes to MEND_COVERAGE: { name, lines, asserts } (the runner names
// each assert within its test: tagOf).
import { afterEach, beforeEach } from "node:test";
import { Session } from "node:inspector";
import { appendFileSync, readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
// The recorder sits next to this file in the work folder, under the name the engine gives it.
/** @type {typeof import("./repair-asserts.mjs")} */
const { installAssertRecorder } = await import(new URL("./__mend_asserts.mjs", import.meta.url).href);

const entry = process.env.MEND_ENTRY ?? "";
const output = process.env.MEND_COVERAGE ?? "";
const withLines = process.env.MEND_LINES === "1";
const url = pathToFileURL(entry).href;

/** @type {[number, number][]} */
const firstCode = [];
/** @type {Session | undefined} */
let session;
if (withLines) {
  const source = readFileSync(entry, "utf8");
  for (let start = 0, line = 1; start <= source.length; line++) {
    let end = source.indexOf("\n", start);
    if (end === -1) end = source.length;
    let offset = start;
    while (offset < end && /\s/.test(source[offset])) offset++;
    // Lines of closing brackets only are not statements: they never hold a fault.
    if (offset < end && !/^[\s\]\)\};,]*$/.test(source.slice(offset, end))) firstCode.push([line, offset]);
    start = end + 1;
  }
  // The callback API answers at once on the thread's own session: coverage is taken
  // synchronously as an assert begins and ends, without yielding to the test.
  session = new Session();
  session.connect();
  session.post("Profiler.enable");
  session.post("Profiler.startPreciseCoverage", { callCount: true, detailed: true });
}

/**
 * The program lines run since coverage was last taken.
 * @returns {number[]}
 */
function takeLines() {
  if (!session) return [];
  /** @type {any[]} */
  let functions = [];
  session.post("Profiler.takePreciseCoverage", (error, taken) => {
    const script = error ? undefined : taken.result.find((/** @type {any} */ entryScript) => entryScript.url === url);
    functions = script ? script.functions : [];
  });
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

/** The lines the test being recorded ran outside its recorded asserts, innermost test last. */
/** @type {Set<number>[]} */
const ownLines = [];
/** @type {Map<object, number[]>} */
const assertLines = new Map();
const addOwn = (/** @type {number[]} */ lines) => {
  for (const line of lines) ownLines.at(-1)?.add(line);
};

const recorder = installAssertRecorder({
  drivers: (file) => file.startsWith("node:internal/test_runner/"),
  entry,
  listener: withLines
    ? {
        begin: () => addOwn(takeLines()),
        end: (record) => assertLines.set(record, takeLines()),
      }
    : undefined,
});

beforeEach(() => {
  addOwn(takeLines());
  ownLines.push(new Set());
  recorder.start();
});

afterEach((t) => {
  addOwn(takeLines());
  const records = recorder.stop();
  const lines = [...(ownLines.pop() ?? [])];
  const asserts = records.map((record) => ({ ...record, lines: assertLines.get(record) ?? [] }));
  assertLines.clear();
  appendFileSync(output, JSON.stringify({ name: t.name, lines, asserts }) + "\n");
});
