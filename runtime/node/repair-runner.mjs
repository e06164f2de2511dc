// mendloop repair runner for node:test suites: runs the original program once with per-test
// coverage (real node:test), or many candidate programs. Candidates run in worker threads
// through a node:test stand-in (no process per candidate); when the stand-in disagrees with
// node:test on the original program, each candidate gets its own node process instead.
// Results go to stdout as lines starting with '@@mend '.
import { spawn } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { Worker } from "node:worker_threads";

const config = JSON.parse(readFileSync(process.argv[2], "utf8"));
const workDir = process.cwd();
const shimPath = join(workDir, "__mend_shim.cjs");
const emit = (event) => process.stdout.write("@@mend " + JSON.stringify(event) + "\n");
/** A worker is replaced after this many candidates, so old module graphs do not pile up. */
const WORKER_REUSE = 150;
const PROCESS_STARTUP_MS = 1500;

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
      env: {
        ...process.env,
        MEND_ENTRY: resolve(dir, config.entry),
        MEND_COVERAGE: join(dir, "__mend_coverage.jsonl"),
        MEND_TEST_FILES: JSON.stringify(config.tests),
      },
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
    child.on("close", () => {
      clearInterval(timer);
      kill();
      done({ events, timedOut, ms: Date.now() - started });
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

/** Lays out a candidate's own folder: its program, the tests (pointed at the stand-in when asked) and support files. */
function prepare(candidate, useShim) {
  const dir = join(workDir, "__mend_c" + candidate.id);
  mkdirSync(dir, { recursive: true });
  for (const rel of [...config.support, "__mend_reporter.mjs", "__mend_entry.mjs", "package.json"]) {
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
  writeFileSync(join(dir, config.entry), candidate.code);
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
    this.worker = new Worker(join(workDir, "__mend_worker.mjs"), { workerData: { shim: shimPath }, stdout: true, stderr: true });
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

  async run(candidate, timeoutMs, cpuMs) {
    if (this.used++ >= WORKER_REUSE) this.restart();
    const dir = prepare(candidate, true);
    await this.ready;
    const started = Date.now();
    const cpuAtStart = threadCpuMs(this.tid);
    return new Promise((done) => {
      const events = [];
      const worker = this.worker;
      const finish = (timedOut) => {
        clearInterval(timer);
        worker.off("message", onMessage);
        worker.off("exit", onExit);
        if (timedOut || worker !== this.worker || this.exited) this.restart();
        this.exited = false;
        rmSync(dir, { recursive: true, force: true });
        done({ events, timedOut, ms: Date.now() - started });
      };
      const onMessage = (message) => {
        if (message.job !== candidate.id) return;
        if (message.done) finish(false);
        else events.push({ id: message.id, passed: message.passed });
      };
      // A test that calls process.exit() ends the worker: what it reported so far stands.
      const onExit = () => {
        this.exited = true;
        finish(false);
      };
      // CPU time, where /proc shows it, tells a loop from a slow machine; the wall clock is the backstop.
      const timer = setInterval(() => {
        const cpu = threadCpuMs(this.tid);
        if (Date.now() - started >= timeoutMs || (cpu !== null && cpuAtStart !== null && cpu - cpuAtStart >= cpuMs)) finish(true);
      }, 10);
      worker.on("message", onMessage);
      worker.on("exit", onExit);
      worker.postMessage({
        id: candidate.id,
        tests: config.tests.map((rel) => ({ rel, path: join(dir, rel) })),
      });
    });
  }
}

class ProcessSlot {
  async run(candidate, timeoutMs) {
    const dir = prepare(candidate, false);
    const run = await runSuite(dir, { coverage: false, timeoutMs });
    rmSync(dir, { recursive: true, force: true });
    return run;
  }
}

function tally(run, failing, passing) {
  let failingPassed = 0;
  let restPassed = 0;
  let failed = 0;
  let unknownFailed = 0;
  for (const event of run.events) {
    if (!event.passed) {
      failed++;
      if (!failing.has(event.id) && !passing.has(event.id)) unknownFailed++;
    } else if (failing.has(event.id)) failingPassed++;
    else if (passing.has(event.id)) restPassed++;
  }
  const complete = !run.timedOut && failingPassed + restPassed + failed >= failing.size + passing.size;
  return { failingPassed, restPassed, failed, unknownFailed, complete };
}

/**
 * The stand-in is trusted only when it reproduces node:test's verdicts on the original program.
 * It runs in the first lane's slot, which then goes on with the candidates (a thread started on
 * a busy machine costs a good part of a second).
 */
async function shimAgrees(slot, failing, passing) {
  const run = await slot.run({ id: "original", code: readFileSync(join(workDir, config.entry), "utf8") }, config.timeoutMs, config.cpuMs);
  if (run.timedOut) return config.baselineHung === true;
  const passedIds = new Set(run.events.filter((event) => event.passed).map((event) => event.id));
  const failedIds = new Set(run.events.filter((event) => !event.passed).map((event) => event.id));
  for (const id of passing) if (!passedIds.has(id)) return false;
  for (const id of failing) if (!failedIds.has(id)) return false;
  return run.events.length === passing.size + failing.size || config.baselineHung === true;
}

async function candidates() {
  const list = JSON.parse(readFileSync(config.candidates, "utf8"));
  const failing = new Set(config.failing);
  const passing = new Set(config.passing);
  const deadline = Date.now() + config.budgetMs;
  // Every lane's thread starts now, side by side with the check of the stand-in. The engine
  // passes the verdict of an earlier batch of the same repair (same program, same tests) as
  // `shimTrusted`: the check is then not run again.
  const known = typeof config.shimTrusted === "boolean" ? config.shimTrusted : undefined;
  const shimSlots = known === false ? [] : Array.from({ length: Math.max(1, config.jobs) }, () => new ShimSlot());
  const useShim = known ?? (await shimAgrees(shimSlots[0], failing, passing));
  if (!useShim) for (const slot of shimSlots) slot.worker.terminate();
  let remainingAfterPlausible = null;
  const queue = [...list];
  const lane = async (index) => {
    const slot = useShim ? shimSlots[index] : new ProcessSlot();
    for (;;) {
      if (Date.now() >= deadline || remainingAfterPlausible === 0) break;
      const candidate = queue.shift();
      if (!candidate) break;
      if (remainingAfterPlausible !== null) remainingAfterPlausible--;
      // Without the stand-in every candidate also pays for starting node, and only the wall clock limits it.
      const run = useShim
        ? await slot.run(candidate, config.timeoutMs, config.cpuMs)
        : await slot.run(candidate, Math.max(1000, 3 * config.cpuMs) + PROCESS_STARTUP_MS);
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
      if (plausible && remainingAfterPlausible === null) remainingAfterPlausible = config.extraAfterPlausible;
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, config.jobs) }, (_, index) => lane(index)));
  // The threads end with the process (process.exit below): waiting for each to stop costs time.
  emit({ event: "done", unstarted: queue.map((candidate) => candidate.id), shim: useShim });
}

if (config.mode === "baseline") await baseline();
else await candidates();
emit({ event: "exit" });
process.exit(0);
