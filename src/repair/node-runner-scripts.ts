// The Node side of candidate evaluation, written into the sandbox's work folder and run there.

/** Runs the node:test suite once with per-test coverage, or once per candidate with a timeout. */
export const NODE_RUNNER_SCRIPT = String.raw`// mendloop repair runner for node:test suites: runs the original program once with per-test
// coverage, or many candidate programs, each in its own node process with a timeout.
// Results go to stdout as lines starting with '@@mend '.
import { spawn } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

const config = JSON.parse(readFileSync(process.argv[2], "utf8"));
const workDir = process.cwd();
const emit = (event) => process.stdout.write("@@mend " + JSON.stringify(event) + "\n");

/** One run of the test suite in a fresh process; resolves with the reporter's events. */
function runSuite(dir, { coverage, timeoutMs }) {
  const args = [];
  if (coverage) args.push("--import", "./__mend_coverage.mjs");
  args.push("--test-reporter=./__mend_reporter.mjs", "--test-reporter-destination=stdout", "./__mend_entry.mjs");
  return new Promise((done) => {
    const started = Date.now();
    const child = spawn(process.execPath, args, {
      cwd: dir,
      detached: true,
      stdio: ["ignore", "pipe", "ignore"],
      env: { ...process.env, MEND_ENTRY: resolve(dir, config.entry), MEND_COVERAGE: join(dir, "__mend_coverage.jsonl") },
    });
    const events = [];
    let buffer = "";
    let lastEvent = Date.now();
    let timedOut = false;
    child.stdout.on("data", (chunk) => {
      buffer += chunk;
      const lines = buffer.split("\n");
      buffer = lines.pop();
      for (const line of lines) {
        if (!line.startsWith("{")) continue;
        events.push(JSON.parse(line));
        lastEvent = Date.now();
      }
    });
    const kill = () => {
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {}
    };
    // A whole-run timeout for candidates; a per-test silence timeout for the baseline.
    const timer = setInterval(() => {
      const now = Date.now();
      if (now - started > timeoutMs || (coverage && now - lastEvent > config.testTimeoutMs)) {
        timedOut = true;
        kill();
      }
    }, 20);
    child.on("close", (code) => {
      clearInterval(timer);
      kill();
      done({ events, timedOut, exitCode: code, ms: Date.now() - started });
    });
  });
}

function readCoverage(dir) {
  try {
    return readFileSync(join(dir, "__mend_coverage.jsonl"), "utf8")
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line));
  } catch {
    return [];
  }
}

async function baseline() {
  const run = await runSuite(workDir, { coverage: true, timeoutMs: config.budgetMs });
  const coverage = readCoverage(workDir);
  const seen = new Map();
  const byName = new Map();
  for (const record of coverage) {
    const list = byName.get(record.name) ?? [];
    list.push(record.lines);
    byName.set(record.name, list);
  }
  const tests = [];
  for (const event of run.events) {
    const count = seen.get(event.name) ?? 0;
    seen.set(event.name, count + 1);
    tests.push({
      id: event.id,
      outcome: event.passed ? "passed" : "failed",
      ms: event.ms,
      lines: byName.get(event.name)?.[count] ?? [],
      failLine: event.failLine,
    });
  }
  if (run.timedOut) {
    // The test that never finished is the one that hangs: it covers whatever ran so far.
    const union = [...new Set(coverage.flatMap((record) => record.lines))];
    tests.push({ id: "(timeout)", outcome: "timeout", ms: config.testTimeoutMs, lines: union });
  }
  emit({ event: "collected", tests: tests.map((test) => test.id) });
  for (const test of tests) emit({ event: "test", ...test });
}

async function candidates() {
  const list = JSON.parse(readFileSync(config.candidates, "utf8"));
  const failing = new Set(config.failing);
  const passing = new Set(config.passing);
  const deadline = Date.now() + config.budgetMs;
  let remainingAfterPlausible = null;
  const queue = [...list];
  const shared = [...config.tests, ...config.support, "__mend_reporter.mjs", "__mend_entry.mjs", "package.json"];
  const worker = async () => {
    for (;;) {
      if (Date.now() >= deadline || remainingAfterPlausible === 0) return;
      const candidate = queue.shift();
      if (!candidate) return;
      if (remainingAfterPlausible !== null) remainingAfterPlausible--;
      const dir = join(workDir, "__mend_c" + candidate.id);
      mkdirSync(dir, { recursive: true });
      for (const rel of shared) {
        try {
          cpSync(join(workDir, rel), join(dir, rel), { recursive: true });
        } catch {}
      }
      mkdirSync(join(dir, config.entry, ".."), { recursive: true });
      writeFileSync(join(dir, config.entry), candidate.code);
      const run = await runSuite(dir, { coverage: false, timeoutMs: config.timeoutMs });
      rmSync(dir, { recursive: true, force: true });
      let failingPassed = 0;
      let restPassed = 0;
      let failed = 0;
      let unknownFailed = 0;
      for (const event of run.events) {
        if (!event.passed) {
          failed++;
          if (!failing.has(event.id) && !passing.has(event.id)) unknownFailed++;
        }
        else if (failing.has(event.id)) failingPassed++;
        else if (passing.has(event.id)) restPassed++;
      }
      const complete = !run.timedOut && failingPassed + restPassed + failed >= failing.size + passing.size;
      emit({
        event: "candidate",
        id: candidate.id,
        invalid: false,
        importError: run.events.length === 0 && !run.timedOut,
        timedOut: run.timedOut,
        aborted: false,
        failingPassed,
        failingTotal: failing.size,
        restPassed: complete ? restPassed : null,
        restTotal: passing.size,
        unknownFailed,
        ms: run.ms,
      });
      if (complete && failed === 0 && failingPassed === failing.size && restPassed === passing.size && remainingAfterPlausible === null) {
        remainingAfterPlausible = config.extraAfterPlausible;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, config.jobs) }, worker));
  emit({ event: "done", unstarted: queue.map((candidate) => candidate.id) });
}

if (config.mode === "baseline") await baseline();
else await candidates();
emit({ event: "exit" });
`;

/** A node:test reporter that streams one JSON line per finished test. */
export const NODE_REPORTER_SCRIPT = String.raw`// Streams one JSON line per finished test (suites excluded) for the mendloop repair runner.
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
`;

/** Preloaded with --import: per-test line coverage through the inspector's precise coverage. */
export const NODE_COVERAGE_SCRIPT = String.raw`// Records the program lines each test executes, through V8 precise coverage taken between tests.
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
  if (offset < end) firstCode.push([line, offset]);
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
`;

/** The entry that loads every test file into one process, so one reporter sees them all. */
export function nodeEntryScript(testFiles: readonly string[]): string {
  return [
    'import { pathToFileURL } from "node:url";',
    'import { resolve } from "node:path";',
    `for (const file of ${JSON.stringify(testFiles)}) await import(pathToFileURL(resolve(file)).href);`,
    "",
  ].join("\n");
}
