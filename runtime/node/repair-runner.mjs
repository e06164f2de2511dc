// mendloop repair runner for node:test suites: runs the original program once with per-test
// coverage (real node:test), or many candidate programs. Candidates run in worker threads
// through a node:test stand-in (no process per candidate); when the stand-in disagrees with
// node:test on the original program, each candidate gets its own node process instead.
// Results go to stdout as lines starting with '@@mend '.
//
// Usage: node __mend_runner.mjs CONFIG.json. The config's mode is "baseline" or "evaluate" (one
// run, then exit), or "serve": the runner then answers requests, one JSON line each on stdin
// ({"id", "mode": "baseline" or "evaluate", the fields of a one-run config, the candidates
// inline, "answerBy" optionally}), each with its events and {"event": "served", "id"}, until
// stdin closes. The repair engine keeps one such server for a whole repair: its worker threads
// stay up between batches, so a batch costs candidate runs, not a node start and thread starts.
//
// Why worker threads, for the server too: a candidate's code never runs on the server's own
// thread, so a hanging candidate is ended by terminating its thread (the server's event loop
// keeps its clocks) and a crashing one (process.exit, a stray exception, a heap overflow) ends
// at most its thread, which is replaced; each candidate loads its program and tests from a
// folder of its own, so every module is a fresh instance (its state starts as the program's
// does), and a worker whose built-ins, core modules, environment or open handles a candidate
// changed is replaced before the next candidate (the fast tier's check, worker-state.mjs). A
// child process per candidate would isolate as well but costs a node start (~50-100 ms) each.
import { spawn } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { Worker } from "node:worker_threads";
// The assert recorder sits next to this file in the work folder, under the name the engine gives it.
/** @type {typeof import("./repair-asserts.mjs")} */
const { tagOf } = await import(new URL("./__mend_asserts.mjs", import.meta.url).href);

const config = JSON.parse(readFileSync(process.argv[2], "utf8"));
const workDir = process.cwd();
const shimPath = join(workDir, "__mend_shim.cjs");
const emit = (event) => process.stdout.write("@@mend " + JSON.stringify(event) + "\n");
/** A worker is replaced after this many candidates, so old module graphs do not pile up. */
const WORKER_REUSE = 150;
const PROCESS_STARTUP_MS = 1500;
/**
 * A thread's heap: a mutant that allocates without end (a loop pushing onto an array) fills it
 * within its CPU limit; ended at this limit, only its thread ends, not the whole runner at the
 * sandbox's memory limit (512 MiB by default for the runner and every thread of it).
 */
const WORKER_HEAP_MB = 128;
/** Runs of a suite so far: each gets a folder (and module URLs) of its own, even when a server sees a candidate id again. */
let runs = 0;

/**
 * When a request must be answered, whatever runs (the engine's deadline), in ms on the clock
 * this process shares with the engine (Date.now()); Infinity without one. A one-run config has
 * none: the sandbox stops the whole run at the engine's deadline instead.
 */
function answerByOf(request) {
  return typeof request.answerBy === "number" ? request.answerBy : Infinity;
}

/**
 * One run of the test suite in a fresh process; resolves with the reporter's events, each with
 * the asserts its test recorded (repair-asserts.mjs) and, with `coverage`, the lines it ran.
 */
function runSuite(dir, request, { coverage, timeoutMs }) {
  const args = ["--import", "./__mend_coverage.mjs"];
  args.push("--test-reporter=./__mend_reporter.mjs", "--test-reporter-destination=stdout", "./__mend_entry.mjs");
  // A server's earlier baseline left its records here: the hook appends.
  rmSync(join(dir, "__mend_coverage.jsonl"), { force: true });
  const answerBy = answerByOf(request);
  return new Promise((done) => {
    const started = Date.now();
    const child = spawn(process.execPath, args, {
      cwd: dir,
      detached: true,
      stdio: ["ignore", "pipe", "ignore"],
      env: {
        ...process.env,
        MEND_ENTRY: resolve(dir, request.entry),
        MEND_COVERAGE: join(dir, "__mend_coverage.jsonl"),
        MEND_LINES: coverage ? "1" : "0",
        MEND_TEST_FILES: JSON.stringify(request.tests),
      },
    });
    const events = [];
    let buffer = "";
    let lastEvent = Date.now();
    let timedOut = false;
    let cut = false;
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
    // A whole-run timeout for candidates; a per-test silence timeout for the baseline; the
    // request's deadline for both (a run cut by it has no verdict, as when the sandbox stops a run).
    const timer = setInterval(() => {
      const now = Date.now();
      if (now >= answerBy) {
        cut = true;
        kill();
      } else if (now - started > timeoutMs || (coverage && now - lastEvent > request.testTimeoutMs)) {
        timedOut = true;
        kill();
      }
    }, 20);
    child.on("close", () => {
      clearInterval(timer);
      kill();
      done({ events: withRecords(events, readCoverage(dir)), timedOut, cut, ms: Date.now() - started });
    });
  });
}

/**
 * The reporter's events, each with what the coverage hook recorded for its test: its lines and
 * its asserts (the hook's records come by test name, in the order the tests finished).
 */
function withRecords(events, records) {
  const byName = new Map();
  for (const record of records) {
    const list = byName.get(record.name) ?? [];
    list.push(record);
    byName.set(record.name, list);
  }
  const seen = new Map();
  return events.map((event) => {
    const count = seen.get(event.name) ?? 0;
    seen.set(event.name, count + 1);
    const record = byName.get(event.name)?.[count];
    return { ...event, lines: record?.lines ?? [], asserts: record?.asserts ?? [] };
  });
}

/** The test file of a result's id (`FILE::NAME`). */
function fileOfId(id) {
  return id.slice(0, id.indexOf("::"));
}

/**
 * The baseline's results of one test. A test that ran two or more recorded asserts is one
 * result per assert (`ID::assert@line 7`, with the lines run while it was evaluated) and the
 * test's own under its id: how it ended apart from its recorded asserts, with the lines it ran
 * outside them. Otherwise the test is one result, failed when a recorded assert failed.
 */
function baselineResults(event) {
  const file = fileOfId(event.id);
  const asserts = event.asserts.map((record) => ({ ...record, tag: tagOf(record, file) }));
  if (asserts.length >= 2) {
    const own = Math.max(0, event.ms - asserts.reduce((sum, record) => sum + record.ms, 0));
    return [
      ...asserts.map((record) => ({
        id: event.id + "::" + record.tag,
        outcome: record.passed ? "passed" : "failed",
        ms: record.ms,
        lines: record.lines,
        failLine: record.failLine,
      })),
      { id: event.id, outcome: event.passed ? "passed" : "failed", ms: own, lines: event.lines, failLine: event.failLine },
    ];
  }
  const failed = asserts.filter((record) => !record.passed);
  return [
    {
      id: event.id,
      outcome: event.passed && failed.length === 0 ? "passed" : "failed",
      ms: event.ms,
      lines: [...new Set([...event.lines, ...asserts.flatMap((record) => record.lines)])],
      failLine: event.failLine ?? failed[0]?.failLine,
    },
  ];
}

/**
 * A candidate's results of one test, for the results the engine asked for (`split`: the assert
 * results asked for, by the id of their test). A test the baseline split into its asserts
 * passes as a result of its own when it ended without a failure of its own and every recorded
 * assert that failed is one the baseline knew (a new one would otherwise go unseen); an assert
 * that did not run this time failed. A test not split passes when nothing in it failed.
 */
function candidateResults(event, split) {
  const file = fileOfId(event.id);
  const recorded = new Map((event.asserts ?? []).map((record) => [event.id + "::" + tagOf(record, file), record.passed]));
  const known = split.get(event.id);
  if (!known) return [{ id: event.id, passed: event.passed && [...recorded.values()].every(Boolean) }];
  const own = event.passed && [...recorded].every(([id, passed]) => passed || known.has(id));
  return [{ id: event.id, passed: own }, ...[...known].map((id) => ({ id, passed: recorded.get(id) === true }))];
}

/** The assert results among `ids`, by the id of their test. */
function splitTests(ids) {
  const split = new Map();
  for (const id of ids) {
    const at = id.lastIndexOf("::assert@");
    if (at < 0) continue;
    const owner = id.slice(0, at);
    if (!split.has(owner)) split.set(owner, new Set());
    split.get(owner).add(id);
  }
  return split;
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

async function baseline(request) {
  const run = await runSuite(workDir, request, { coverage: true, timeoutMs: request.budgetMs });
  if (run.cut) return;
  const tests = run.events.flatMap(baselineResults);
  if (run.timedOut) {
    // The test that never finished is the one that hangs: it covers whatever ran so far.
    const coverage = readCoverage(workDir);
    const union = [...new Set(coverage.flatMap((record) => [...record.lines, ...record.asserts.flatMap((found) => found.lines)]))];
    tests.push({ id: "(timeout)", outcome: "timeout", ms: request.testTimeoutMs, lines: union });
  }
  emit({ event: "collected", tests: tests.map((test) => test.id) });
  for (const test of tests) emit({ event: "test", ...test });
}

/** Lays out a run's own folder: the candidate's program, the tests (pointed at the stand-in when asked) and support files. */
function prepare(code, useShim, run) {
  const dir = join(workDir, "__mend_r" + run);
  mkdirSync(dir, { recursive: true });
  for (const rel of [...config.support, "__mend_reporter.mjs", "__mend_coverage.mjs", "__mend_asserts.mjs", "__mend_entry.mjs", "package.json"]) {
    try {
      cpSync(join(workDir, rel), join(dir, rel), { recursive: true });
    } catch {}
  }
  // A project's installed packages: linked, not copied (they never import the candidate).
  for (const rel of config.links ?? []) {
    try {
      symlinkSync(join(workDir, rel), join(dir, rel));
    } catch {}
  }
  for (const rel of config.tests) {
    const source = readFileSync(join(workDir, rel), "utf8");
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    writeFileSync(join(dir, rel), useShim ? source.replace(/(["'])node:test\1/g, JSON.stringify(shimPath)) : source);
  }
  mkdirSync(dirname(join(dir, config.entry)), { recursive: true });
  writeFileSync(join(dir, config.entry), code);
  return dir;
}

/** CPU time (user + system) a thread of this process has used, or null where /proc is missing. */
function threadCpuMs(tid) {
  if (!tid) return null;
  try {
    const fields = readFileSync("/proc/self/task/" + tid + "/stat", "utf8").split(")").pop().trim().split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

class ShimSlot {
  constructor() {
    this.start();
  }

  start() {
    const workerData = { shim: shimPath, state: join(workDir, "__mend_worker_state.mjs") };
    this.worker = new Worker(join(workDir, "__mend_worker.mjs"), { workerData, stdout: true, stderr: true, resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
    // A thread's error (its heap limit reached, say) ends the thread, which "exit" reports; unheard, it would end the runner.
    this.worker.on("error", () => {});
    this.worker.stdout.resume();
    this.worker.stderr.resume();
    this.worker.unref();
    this.used = 0;
    // Starting a thread is slow on a busy machine: the candidate's clock starts once it is up.
    const worker = this.worker;
    this.ready = new Promise((ready) => {
      const onReady = (message) => {
        if (message.ready) {
          this.tid = message.tid;
          worker.off("message", onReady);
          ready();
        }
      };
      worker.on("message", onReady);
      worker.once("exit", ready);
    });
  }

  restart() {
    this.worker.terminate();
    this.start();
  }

  stop() {
    this.worker.terminate();
  }

  /** Runs a suite on `code`: ended at `timeoutMs` or `cpuMs` (timed out) or at `answerBy` (cut, no verdict). */
  async run(code, { timeoutMs, cpuMs, answerBy }) {
    if (this.used++ >= WORKER_REUSE) this.restart();
    const job = ++runs;
    const dir = prepare(code, true, job);
    await this.ready;
    const started = Date.now();
    const cpuAtStart = threadCpuMs(this.tid);
    return new Promise((done) => {
      const events = [];
      const worker = this.worker;
      const finish = (timedOut, { cut = false, dirty = false } = {}) => {
        clearInterval(timer);
        worker.off("message", onMessage);
        worker.off("exit", onExit);
        if (timedOut || cut || dirty || worker !== this.worker || this.exited) this.restart();
        this.exited = false;
        rmSync(dir, { recursive: true, force: true });
        done({ events, timedOut, cut, ms: Date.now() - started });
      };
      const onMessage = (message) => {
        if (message.job !== job) return;
        if (message.done) finish(false, { dirty: message.dirty });
        else events.push({ id: message.id, passed: message.passed, asserts: message.asserts });
      };
      // A test that calls process.exit() ends the worker: what it reported so far stands.
      const onExit = () => {
        this.exited = true;
        finish(false);
      };
      // CPU time, where /proc shows it, tells a loop from a slow machine; the wall clock is the backstop.
      const timer = setInterval(() => {
        const now = Date.now();
        const cpu = threadCpuMs(this.tid);
        if (now >= answerBy) finish(false, { cut: true });
        else if (now - started >= timeoutMs || (cpu !== null && cpuAtStart !== null && cpu - cpuAtStart >= cpuMs)) finish(true);
      }, 10);
      worker.on("message", onMessage);
      worker.on("exit", onExit);
      worker.postMessage({
        id: job,
        tests: config.tests.map((rel) => ({ rel, path: join(dir, rel) })),
      });
    });
  }
}

class ProcessSlot {
  async run(code, request, timeoutMs) {
    const dir = prepare(code, false, ++runs);
    const run = await runSuite(dir, request, { coverage: false, timeoutMs });
    rmSync(dir, { recursive: true, force: true });
    return run;
  }
}

/** A run's results (see candidateResults) for the results asked for. */
function resultsOf(run, split) {
  return run.events.flatMap((event) => candidateResults(event, split));
}

function tally(run, failing, passing) {
  let failingPassed = 0;
  let restPassed = 0;
  let failed = 0;
  let unknownFailed = 0;
  for (const result of resultsOf(run, splitTests([...failing, ...passing]))) {
    if (!result.passed) {
      failed++;
      if (!failing.has(result.id) && !passing.has(result.id)) unknownFailed++;
    } else if (failing.has(result.id)) failingPassed++;
    else if (passing.has(result.id)) restPassed++;
  }
  const complete = !run.timedOut && failingPassed + restPassed + failed >= failing.size + passing.size;
  return { failingPassed, restPassed, failed, unknownFailed, complete };
}

/**
 * Whether the stand-in reproduces node:test's verdicts on the original program (undefined when
 * the request's deadline cut the check). It runs in the first lane's slot, which then goes on
 * with the candidates (a thread started on a busy machine costs a good part of a second).
 */
async function shimAgrees(slot, request, failing, passing) {
  const limits = { timeoutMs: request.timeoutMs, cpuMs: request.cpuMs, answerBy: answerByOf(request) };
  const run = await slot.run(readFileSync(join(workDir, config.entry), "utf8"), limits);
  if (run.cut) return undefined;
  if (run.timedOut) return request.baselineHung === true;
  const results = resultsOf(run, splitTests([...failing, ...passing]));
  const passedIds = new Set(results.filter((result) => result.passed).map((result) => result.id));
  const failedIds = new Set(results.filter((result) => !result.passed).map((result) => result.id));
  for (const id of passing) if (!passedIds.has(id)) return false;
  for (const id of failing) if (!failedIds.has(id)) return false;
  return results.length === passing.size + failing.size || request.baselineHung === true;
}

/** The stand-in's threads, one per lane: a server keeps them from one request to the next. */
let shimSlots = [];
/**
 * Whether the stand-in was found to agree with node:test, per set of failing and passing tests:
 * the same for every batch of a server (the original program and the tests do not change).
 */
const shimVerdicts = new Map();

async function candidates(request) {
  const list = typeof request.candidates === "string" ? JSON.parse(readFileSync(request.candidates, "utf8")) : request.candidates;
  const failing = new Set(request.failing);
  const passing = new Set(request.passing);
  const jobs = Math.max(1, config.jobs);
  const deadline = Date.now() + request.budgetMs;
  const answerBy = answerByOf(request);
  const queue = [...list];
  // Every lane's thread starts now (or is up from an earlier request), side by side with the
  // check of the stand-in. The engine passes the verdict of an earlier batch of the same repair
  // as `shimTrusted` to a one-run config: the check is then not run again.
  const shimKey = JSON.stringify([request.failing, request.passing, request.baselineHung === true]);
  const known = typeof request.shimTrusted === "boolean" ? request.shimTrusted : shimVerdicts.get(shimKey);
  if (known !== false) while (shimSlots.length < jobs) shimSlots.push(new ShimSlot());
  const useShim = known ?? (await shimAgrees(shimSlots[0], request, failing, passing));
  if (useShim === undefined) {
    emit({ event: "done", unstarted: queue.map((candidate) => candidate.id) });
    return;
  }
  shimVerdicts.set(shimKey, useShim);
  if (!useShim) {
    for (const slot of shimSlots) slot.stop();
    shimSlots = [];
  }
  let remainingAfterPlausible = null;
  const lane = async (index) => {
    const slot = useShim ? shimSlots[index] : new ProcessSlot();
    for (;;) {
      if (Date.now() >= deadline || Date.now() >= answerBy || remainingAfterPlausible === 0) break;
      const candidate = queue.shift();
      if (!candidate) break;
      if (remainingAfterPlausible !== null) remainingAfterPlausible--;
      // Without the stand-in every candidate also pays for starting node, and only the wall clock limits it.
      const run = useShim
        ? await slot.run(candidate.code, { timeoutMs: request.timeoutMs, cpuMs: request.cpuMs, answerBy })
        : await slot.run(candidate.code, request, Math.max(1000, 3 * request.cpuMs) + PROCESS_STARTUP_MS);
      if (run.cut) {
        // Out of time: unjudged, reported with the candidates never started.
        queue.unshift(candidate);
        break;
      }
      const counts = tally(run, failing, passing);
      emit({
        event: "candidate",
        id: candidate.id,
        invalid: false,
        importError: run.events.length === 0 && !run.timedOut,
        timedOut: run.timedOut,
        aborted: false,
        failingPassed: counts.failingPassed,
        failingTotal: failing.size,
        restPassed: counts.complete ? counts.restPassed : null,
        restTotal: passing.size,
        unknownFailed: counts.unknownFailed,
        ms: run.ms,
      });
      const plausible =
        counts.complete && counts.failed === 0 && counts.failingPassed === failing.size && counts.restPassed === passing.size;
      if (plausible && remainingAfterPlausible === null) remainingAfterPlausible = request.extraAfterPlausible;
    }
  };
  await Promise.all(Array.from({ length: jobs }, (_, index) => lane(index)));
  emit({ event: "done", unstarted: queue.map((candidate) => candidate.id), shim: useShim });
}

function answer(request) {
  return request.mode === "baseline" ? baseline(request) : candidates(request);
}

/** Answers the requests on stdin, one at a time, until it closes. */
async function serve() {
  emit({ event: "serving" });
  for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
    if (!line.trim()) continue;
    const request = { ...config, ...JSON.parse(line) };
    await answer(request);
    emit({ event: "served", id: request.id });
  }
}

if (config.mode === "serve") await serve();
else await answer(config);
emit({ event: "exit" });
// The threads end with the process: waiting for each to stop costs time.
process.exit(0);
