// Each assert a node:test test executes as a result of its own, for the repair runner
// (repair-runner.mjs): the JavaScript side of runtime/python/mend_assertions.py, which says why
// (HumanEval-style suites check everything in one test: no spectrum for fault localization, no
// passing input for the overfitting guard, no partial progress).
//
// The engine wraps each `assert` statement of the test files it gives the runner
// (src/repair/wrap-test-asserts.ts) in `try { begin(FILE, LINE); ASSERT; passed() } catch (error)
// { if (!failed(error)) throw error }` on the global `__mendAssert` this module installs. While a
// test is recorded (between `start()` and `stop()`, which the runner's hooks call around each
// test), an assert is recorded as passed or failed and a failed one does not end the test: the
// test goes on to its next statement. Only an assert whose failure would certainly have ended
// the test is continued past: none nested in another assert's evaluation, none whose callers up
// to the test runner include code that is not a test file's (the program calling back,
// `assert.throws`) or a test file's line inside a `try` with a `catch` (the engine names those
// lines at the end of each wrapped file: `guard(...)`), and at most MAX_PER_TEST per test. Every
// other assert behaves as written and is not recorded. So a test passes exactly when every
// assert recorded in it passed and the test itself ended without a failure of its own (what
// node:test reports for it once recorded failures no longer throw): the runner reports both.
import { fileURLToPath } from "node:url";

/** A test that asserts in a loop keeps its first this many asserts as results of their own. */
export const MAX_PER_TEST = 64;

/**
 * @typedef {{ file: string, line: number, count: number, passed?: boolean, ms?: number, failLine?: number, began?: number }} AssertRecord
 * @typedef {{ begin?: (record: AssertRecord) => void, end?: (record: AssertRecord) => void }} AssertListener
 */

/** A call site's file as a path (ES modules name theirs by URL). */
function fileOf(/** @type {NodeJS.CallSite} */ site) {
  const name = site.getFileName();
  if (!name) return undefined;
  return name.startsWith("file:") ? fileURLToPath(name) : name;
}

/** The call sites above `below` (excluded), in a structured form. */
function callSites(/** @type {Function} */ below) {
  const previous = Error.prepareStackTrace;
  const limit = Error.stackTraceLimit;
  Error.prepareStackTrace = (_error, sites) => sites;
  Error.stackTraceLimit = 64;
  try {
    /** @type {{ stack?: unknown }} */
    const holder = {};
    Error.captureStackTrace(holder, below);
    return /** @type {NodeJS.CallSite[]} */ (holder.stack);
  } finally {
    Error.prepareStackTrace = previous;
    Error.stackTraceLimit = limit;
  }
}

/**
 * The deepest line of `entry` (the program) in an error's stack, through its causes.
 * @param {unknown} error
 * @param {string} entry
 */
export function failLineOf(error, entry) {
  /** @type {string[]} */
  const stacks = [];
  /** @type {any} */
  let current = error;
  for (let depth = 0; current && depth < 4; current = current.cause, depth++) {
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

/**
 * A recorded assert's name within a test of `testFile`: `assert@line 7`, `assert@helpers.js:7`
 * in another file than the test's, `#2` on from its second run in the test (a loop, a helper
 * called again).
 * @param {AssertRecord} record
 * @param {string} testFile
 */
export function tagOf(record, testFile) {
  const where = record.file === testFile ? "line " + record.line : record.file + ":" + record.line;
  return "assert@" + where + (record.count === 1 ? "" : "#" + record.count);
}

/**
 * Installs `globalThis.__mendAssert` and returns the recorder the runner's hooks drive.
 * @param {{ drivers: (file: string) => boolean, entry?: string, listener?: AssertListener }} options
 *   `drivers`: whether a file runs tests (node:test's own, the stand-in): an assert's failure
 *   reaching it fails the test. `entry`: the program, whose deepest line in a failure's stack is
 *   that failure's line.
 */
export function installAssertRecorder({ drivers, entry = "", listener }) {
  /** Guarded lines per test file (absolute path); a file is a test file once it named them. */
  /** @type {Map<string, [number, number][]>} */
  const guardedByFile = new Map();
  /** The records of each test being recorded, innermost last (a subtest runs inside its parent). */
  /** @type {{ records: AssertRecord[], counts: Map<string, number> }[]} */
  const sessions = [];
  /** The asserts being evaluated: a record, or null for one not recorded. */
  /** @type {(AssertRecord | null)[]} */
  const evaluating = [];

  /** Whether a failure thrown by the asserting frame would reach a driver and fail the test. */
  const safe = (/** @type {NodeJS.CallSite[]} */ sites) => {
    for (const site of sites.slice(1)) {
      const file = fileOf(site);
      if (file === undefined || file === "node:async_hooks") continue;
      if (drivers(file)) return true;
      const guarded = guardedByFile.get(file);
      if (!guarded) return false;
      const line = site.getLineNumber() ?? 0;
      if (guarded.some(([from, to]) => from <= line && line <= to)) return false;
    }
    return false;
  };

  /** @param {unknown} error */
  const end = (error) => {
    const record = evaluating.pop();
    if (!record) return false;
    record.passed = error === undefined;
    record.ms = performance.now() - (record.began ?? 0);
    delete record.began;
    if (error !== undefined) record.failLine = failLineOf(error, entry);
    sessions.at(-1)?.records.push(record);
    listener?.end?.(record);
    return true;
  };

  const api = {
    /** @param {[number, number][]} ranges */
    guard(ranges) {
      const file = fileOf(callSites(api.guard)[0]);
      if (file) guardedByFile.set(file, ranges);
    },
    /** @param {string} file @param {number} line */
    begin(file, line) {
      const session = sessions.at(-1);
      if (!session || evaluating.length > 0 || session.records.length >= MAX_PER_TEST || !safe(callSites(api.begin))) {
        evaluating.push(null);
        return;
      }
      const key = file + ":" + line;
      const count = (session.counts.get(key) ?? 0) + 1;
      session.counts.set(key, count);
      /** @type {AssertRecord} */
      const record = { file, line, count, began: performance.now() };
      evaluating.push(record);
      listener?.begin?.(record);
    },
    passed() {
      end(undefined);
    },
    /** Records the failed assert; true when it was recorded (its failure then does not end the test). @param {unknown} error */
    failed(error) {
      return end(error ?? new Error("assert failed"));
    },
  };
  Object.defineProperty(globalThis, "__mendAssert", { value: api, configurable: true });

  return {
    /** Starts recording a test (inside the one recorded so far, for a subtest). */
    start() {
      sessions.push({ records: [], counts: new Map() });
    },
    /** Ends the innermost test's recording; its records. */
    stop() {
      evaluating.length = 0;
      return sessions.pop()?.records ?? [];
    },
  };
}
