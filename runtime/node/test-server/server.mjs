// The Node side of the sandbox's fast tier: serves one candidate per request, under node:test
// itself (a fresh worker per candidate, harness.mjs) or under the node:test stand-in (a
// long-lived stand-in-worker.mjs, retired when a candidate changed its state). In mode "auto"
// (MEND_NODE_TEST_MODE) a suite moves to the stand-in once both agreed on one candidate.
// One JSON request per line on stdin, one JSON reply per line on fd 3.
import { Worker } from "node:worker_threads";
import { createInterface } from "node:readline";
import { createHash, randomUUID } from "node:crypto";
import { lstatSync, mkdirSync, readFileSync, readdirSync, rmSync, statfsSync, writeFileSync, writeSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const OWN_PID_NAMESPACE = process.env.MEND_OWN_PID_NAMESPACE === "1";
const MODE = process.env.MEND_NODE_TEST_MODE || "auto";
delete process.env.MEND_OWN_PID_NAMESPACE;
delete process.env.MEND_NODE_TEST_MODE;
const HERE = dirname(fileURLToPath(import.meta.url));
const HARNESS = join(HERE, "harness.mjs");
const STAND_IN_WORKER = join(HERE, "stand-in-worker.mjs");
const STAND_IN = join(HERE, "stand-in.cjs");
const REPORTER = pathToFileURL(join(HERE, "reporter.mjs")).href;
const HOME = process.cwd();
/** A stand-in worker is retired after this many candidates, so old module graphs do not pile up. */
const STAND_IN_REUSE = 200;
/** How long the worker's last output may trail its "done" message. */
const FLUSH_MS = 1000;

/** The fields of a /proc stat file after the command's name (state first), or undefined when it cannot be read. */
function statFields(path) {
  try {
    return readFileSync(path, "utf8").split(") ").pop().split(" ");
  } catch {
    return undefined;
  }
}

function parentOf(pid) {
  return Number(statFields("/proc/" + pid + "/stat")?.[1] ?? 0);
}
const PROTECTED = new Set([1]);
/**
 * How long a sweep may take at most (see `sweep`): well inside the host's grace beyond a
 * candidate's timeout (REPLY_GRACE_MS in fast-runner.ts), so that a sweep that fails ends the
 * server before the host gives up on it.
 */
const SWEEP_MS = 6_000;
for (let pid = process.pid; pid > 0; pid = parentOf(pid)) PROTECTED.add(pid);

/**
 * Kills every process in the sandbox except the server and its ancestors (own pid namespace
 * only, where /proc shows nothing but the sandbox), and waits until the namespace's init has
 * reaped them: a zombie still counts against the pids limit, which the next candidate must
 * have whole. If they outlive the sweep, the server ends instead of replying.
 */
function sweep() {
  if (!OWN_PID_NAMESPACE) return;
  // Bounded by time, not by passes: on a loaded machine a pass is slow and the namespace's init
  // reaps late, and a reply sent before the sandbox is empty hands the leftovers to the next candidate.
  const deadline = Date.now() + SWEEP_MS;
  for (let pass = 0; Date.now() < deadline; pass++) {
    const others = [];
    for (const name of readdirSync("/proc")) {
      const pid = Number(name);
      if (!Number.isInteger(pid) || pid <= 0 || PROTECTED.has(pid)) continue;
      // A child of this server's own (spawned from a worker, whose loop is gone) that already
      // died: only this process could reap it and Node cannot wait for a pid it did not spawn
      // on its own thread. It holds a pid slot and nothing else; waiting for it would never end.
      if (pass > 0 && isOwnZombie(pid)) continue;
      others.push(pid);
      // Stopped the moment it is seen, before anything is read about it: a fork bomb shares this
      // cgroup's CPU with the server, so each of the server's syscalls waits behind a hundred of
      // the bomb's processes (a pass that read each one's stat file took 4 s at load 50), and a
      // stopped process neither forks nor competes. Nothing here is another user's: the kill of
      // a process this unprivileged server does not own fails and changes nothing.
      try {
        process.kill(pid, "SIGSTOP");
      } catch {}
    }
    // Zombies are listed until init reaps them; the loop waits for that too.
    if (others.length === 0) return;
    for (const pid of others) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {}
    }
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 2);
  }
  // Never a reply while something of the candidate lives: the host sees the runner end, kills
  // everything in its cgroup (forks refused first) and starts a fresh one.
  process.stderr.write("mend: the candidate's processes outlived the sweep; the runner ends so that the host kills them\n");
  process.exit(75);
}

/** Whether `pid` is a zombie whose parent is this server (read only once the sweep stopped everything). */
function isOwnZombie(pid) {
  const fields = statFields("/proc/" + pid + "/stat");
  return fields?.[0] === "Z" && Number(fields[1]) === process.pid;
}

/** CPU time (user + system) of one thread of this process, in ms, or null where /proc does not tell. */
function threadCpuMs(tid) {
  const fields = tid ? statFields("/proc/self/task/" + tid + "/stat") : undefined;
  return fields ? (Number(fields[11]) + Number(fields[12])) * 10 : null;
}

function capped(limit) {
  const chunks = [];
  let size = 0;
  return {
    push(chunk) {
      if (size >= limit) return false;
      const room = limit - size;
      chunks.push(chunk.length > room ? chunk.subarray(0, room) : chunk);
      size += Math.min(chunk.length, room);
      return chunk.length <= room;
    },
    buffer: () => Buffer.concat(chunks),
  };
}

function fileAtLimit(root, limit) {
  const stack = [root];
  let seen = 0;
  while (stack.length > 0 && seen < 10000) {
    const dir = stack.pop();
    let names = [];
    try {
      names = readdirSync(dir);
    } catch {}
    for (const name of names) {
      seen += 1;
      try {
        const info = lstatSync(join(dir, name));
        if (info.isDirectory()) stack.push(join(dir, name));
        else if (info.isFile() && info.size >= limit) return true;
      } catch {}
    }
  }
  return false;
}

/** The runner's folder is a size-limited tmpfs where the sandbox can mount one: a candidate may have filled it. */
function diskFull() {
  try {
    const stats = statfsSync("/tmp");
    return stats.bavail === 0 || stats.ffree === 0;
  } catch {
    return false;
  }
}

function readText(path) {
  try {
    if (lstatSync(path).isSymbolicLink()) return undefined;
    return readFileSync(path).subarray(0, 16 * 1024 * 1024).toString("utf8");
  } catch {
    return undefined;
  }
}

function heapOf(request) {
  return Math.max(16, Math.floor(request.memoryMb * 0.75));
}

let counter = 0;

/** A fresh folder for one candidate's files; with the stand-in, "node:test" in JavaScript files points at it. */
function layOut(request, standIn) {
  counter += 1;
  const base = "/tmp/mend-c" + counter;
  mkdirSync(base, { mode: 0o700 });
  for (const [rel, content] of Object.entries(request.files)) {
    const target = normalize(join(base, rel));
    if (!target.startsWith(base + "/")) throw new Error("file path leaves the work folder: " + rel);
    mkdirSync(dirname(target), { recursive: true });
    const pointed = standIn && /\.[cm]?js$/.test(rel) ? content.replace(/(["'])node:test\1/g, JSON.stringify(STAND_IN)) : content;
    writeFileSync(target, pointed);
  }
  return base;
}

function relativeFile(base, file) {
  if (file && file.startsWith("file:")) file = fileURLToPath(file);
  if (file && file.startsWith("/")) file = relative(base, file);
  return file;
}

/**
 * The parts of one candidate's run that both ways share: output caps, the wall-clock timer,
 * the per-thread CPU limit, and the files left behind.
 */
function supervise(request, started, worker, getTid) {
  const stdout = capped(request.outputLimitBytes);
  const stderr = capped(request.outputLimitBytes);
  const state = { stdout, stderr, timedOut: false, outputLimited: false, cpuExceeded: false };
  const stop = () => {
    // What the candidate started dies first: a fork bomb that fills the pids limit and starves the
    // server of CPU also keeps the worker from ending (terminate() did not return in 9 s at load 50).
    sweep();
    void worker.terminate();
  };
  const onOutput = (stream) => (chunk) => {
    if (!stream.push(chunk) && !state.outputLimited) {
      state.outputLimited = true;
      stop();
    }
  };
  const onStdout = onOutput(stdout);
  const onStderr = onOutput(stderr);
  worker.stdout.on("data", onStdout);
  worker.stderr.on("data", onStderr);
  const timer = setTimeout(() => {
    state.timedOut = true;
    stop();
  }, Math.max(1, request.timeoutMs - (performance.now() - started)));
  let cpuAtStart = null;
  const cpuLimitMs = request.cpuSeconds * 1000;
  // A loop in a worker is not a process: RLIMIT_CPU cannot end it, the thread's own CPU time can.
  const cpuWatch = setInterval(() => {
    const cpu = threadCpuMs(getTid());
    if (cpu === null) return;
    if (cpuAtStart === null) cpuAtStart = cpu;
    else if (cpu - cpuAtStart >= cpuLimitMs && !state.cpuExceeded) {
      state.cpuExceeded = true;
      stop();
    }
  }, 25);
  state.release = () => {
    clearTimeout(timer);
    clearInterval(cpuWatch);
    worker.stdout.off("data", onStdout);
    worker.stderr.off("data", onStderr);
  };
  state.killed = () => state.timedOut || state.outputLimited || state.cpuExceeded;
  return state;
}

/** The reply for one candidate, with its captured streams as they go back to the host. */
function replyOf(request, started, base, state, { code, heapExhausted, tests, junitXml, standIn, stdout, stderr }) {
  const killed = state.killed();
  return {
    id: request.id,
    exitCode: killed ? null : code,
    signal: state.cpuExceeded ? "SIGXCPU" : killed ? "SIGKILL" : null,
    timedOut: state.timedOut,
    outputLimited: state.outputLimited,
    stdout: stdout.toString("base64"),
    stderr: stderr.toString("base64"),
    durationMs: Math.round(performance.now() - started),
    fileSizeHit: code !== 0 && (fileAtLimit(base, request.fileSizeBytes) || diskFull()),
    heapExhausted,
    tests,
    junitXml,
    standIn,
  };
}

// ---- node:test itself, a fresh worker per candidate ----

let spare;

function bootWorker(heapMb) {
  counter += 1;
  const report = "/tmp/mend-r" + counter;
  let worker;
  try {
    worker = new Worker(HARNESS, {
      stdout: true,
      stderr: true,
      execArgv: [
        "--test-reporter=" + REPORTER,
        "--test-reporter-destination=" + report + ".results.jsonl",
        "--test-reporter=junit",
        "--test-reporter-destination=" + report + ".junit.xml",
      ],
      resourceLimits: { maxOldGenerationSizeMb: heapMb },
    });
  } catch (error) {
    // No thread to be had (the pids limit, say): a slot that is dead from the start.
    return { worker: null, report, heapMb, errors: [error], exited: Promise.resolve(1), ready: Promise.resolve(false) };
  }
  const slot = { worker, report, heapMb, errors: [] };
  // Listening from the start: an error or exit before the candidate arrives must not be missed.
  worker.on("error", (error) => slot.errors.push(error));
  slot.exited = new Promise((resolve) => worker.once("exit", resolve));
  slot.ready = Promise.race([
    new Promise((resolve) =>
      worker.once("message", (message) => {
        slot.tid = message && message.tid;
        resolve(true);
      }),
    ),
    slot.exited.then(() => false),
  ]);
  return slot;
}

function noThread(request, started, errors) {
  const why = errors.map((error) => String((error && error.stack) || error)).join("\n");
  return {
    id: request.id, exitCode: 1, signal: null, timedOut: false, outputLimited: false, stdout: "",
    stderr: Buffer.from("mend: no worker thread for this candidate: " + why + "\n").toString("base64"),
    durationMs: Math.round(performance.now() - started), fileSizeHit: false, heapExhausted: false, tests: [],
  };
}

async function runNodeTest(request) {
  const started = performance.now();
  const heapMb = heapOf(request);
  let slot = spare;
  // A spare that died while booting (a previous candidate's fork bomb, say) is replaced.
  for (let attempt = 0; attempt < 3 && (!slot || slot.heapMb !== heapMb || !(await slot.ready)); attempt++) {
    if (slot && slot.worker) await slot.worker.terminate();
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 100));
    slot = bootWorker(heapMb);
  }
  spare = undefined;
  if (!slot.worker) return noThread(request, started, slot.errors);
  // The next candidate's worker boots on the other core while this one runs, unless the stand-in will serve it.
  if (MODE !== "stand-in") spare = bootWorker(heapMb);
  const { worker, report } = slot;
  const base = layOut(request, false);
  const state = supervise(request, started, worker, () => slot.tid);
  const streamsEnded = Promise.all([worker.stdout, worker.stderr].map((s) => new Promise((resolve) => s.once("end", resolve).once("close", resolve))));
  process.chdir(base);
  if (await slot.ready) {
    const files = request.testFiles.map((name) => ({ name, url: pathToFileURL(join(base, name)).href }));
    worker.postMessage({ files, loadErrors: report + ".load.jsonl" });
  }
  const code = await slot.exited;
  let heapExhausted = false;
  for (const error of slot.errors) {
    if (error && error.code === "ERR_WORKER_OUT_OF_MEMORY") heapExhausted = true;
    else state.stderr.push(Buffer.from(String((error && error.stack) || error) + "\n"));
  }
  await Promise.race([streamsEnded, new Promise((resolve) => setTimeout(resolve, 500))]);
  state.release();
  process.chdir(HOME);
  sweep();
  const tests = [];
  const lines = (readText(report + ".results.jsonl") || "") + (readText(report + ".load.jsonl") || "");
  for (const line of lines.split("\n")) {
    if (!line) continue;
    try {
      const test = JSON.parse(line);
      test.file = relativeFile(base, test.file);
      tests.push(test);
    } catch {}
  }
  const reply = replyOf(request, started, base, state, {
    code,
    heapExhausted,
    tests,
    junitXml: readText(report + ".junit.xml"),
    standIn: false,
    stdout: state.stdout.buffer(),
    stderr: state.stderr.buffer(),
  });
  rmSync(base, { recursive: true, force: true });
  for (const suffix of [".results.jsonl", ".junit.xml", ".load.jsonl"]) rmSync(report + suffix, { force: true });
  return reply;
}

// ---- the stand-in, one worker for many candidates ----

let standInSlot;
let standInSpare;

function bootStandIn(heapMb) {
  const sentinel = "\u0000mend-end-" + randomUUID() + "\u0000";
  let worker;
  try {
    worker = new Worker(STAND_IN_WORKER, {
      stdout: true,
      stderr: true,
      workerData: { standIn: STAND_IN, sentinel },
      resourceLimits: { maxOldGenerationSizeMb: heapMb },
    });
  } catch (error) {
    return { worker: null, heapMb, errors: [error], jobs: 0, ready: Promise.resolve(false), exited: Promise.resolve(1) };
  }
  const slot = { worker, heapMb, errors: [], jobs: 0, tid: null, sentinel, exitCode: undefined };
  worker.on("error", (error) => slot.errors.push(error));
  slot.exited = new Promise((resolve) =>
    worker.once("exit", (code) => {
      slot.exitCode = code;
      resolve(code);
    }),
  );
  slot.ready = Promise.race([
    new Promise((resolve) =>
      worker.once("message", (message) => {
        slot.tid = message.tid;
        resolve(true);
      }),
    ),
    slot.exited.then(() => false),
  ]);
  return slot;
}

/** Ends a worker and waits until its thread is gone: nothing a candidate started may outlive its reply. */
async function retire(slot) {
  if (slot && slot.worker) await slot.worker.terminate();
}

async function standInSlotFor(heapMb) {
  for (let attempt = 0; attempt < 3; attempt++) {
    let slot = standInSlot;
    if (slot && (slot.heapMb !== heapMb || slot.jobs >= STAND_IN_REUSE)) {
      await retire(slot);
      slot = undefined;
    }
    if (!slot && standInSpare && standInSpare.heapMb === heapMb) slot = standInSpare;
    if (slot === standInSpare) standInSpare = undefined;
    if (!slot) slot = bootStandIn(heapMb);
    standInSlot = slot;
    if (await slot.ready) return slot;
    standInSlot = undefined;
    await retire(slot);
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return undefined;
}

/** Resolves when the worker's end-of-candidate mark has come through both of its streams. */
function watchSentinels(slot) {
  const seen = [false, false];
  const tails = [Buffer.alloc(0), Buffer.alloc(0)];
  const streams = [slot.worker.stdout, slot.worker.stderr];
  const listeners = [];
  let resolve;
  const both = new Promise((done) => (resolve = done));
  streams.forEach((stream, index) => {
    const listener = (chunk) => {
      tails[index] = Buffer.concat([tails[index], chunk]).subarray(-4096);
      if (!seen[index] && tails[index].includes(slot.sentinel)) seen[index] = true;
      if (seen[0] && seen[1]) resolve(true);
    };
    listeners.push(listener);
    stream.on("data", listener);
  });
  return {
    both,
    stop: () => streams.forEach((stream, index) => stream.off("data", listeners[index])),
  };
}

function withoutSentinel(buffer, sentinel) {
  const at = buffer.lastIndexOf(sentinel);
  return at < 0 ? buffer : Buffer.concat([buffer.subarray(0, at), buffer.subarray(at + Buffer.byteLength(sentinel))]);
}

function escapeXml(text) {
  return String(text).replace(/[<>&"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;" })[c]).replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, "");
}

/** A JUnit XML report of the stand-in's results, one testsuite per file, as the junit reporter lays it out. */
function junitOf(tests) {
  const byFile = new Map();
  for (const test of tests) {
    const list = byFile.get(test.file || "") || [];
    list.push(test);
    byFile.set(test.file || "", list);
  }
  const lines = ['<?xml version="1.0" encoding="utf-8"?>', "<testsuites>"];
  for (const [file, list] of byFile) {
    const failures = list.filter((t) => t.outcome === "failed" || t.outcome === "error").length;
    const skipped = list.filter((t) => t.outcome === "skipped").length;
    lines.push('\t<testsuite name="' + escapeXml(file) + '" tests="' + list.length + '" failures="' + failures + '" skipped="' + skipped + '">');
    for (const test of list) {
      const parts = test.name.split(" > ");
      const open = '\t\t<testcase name="' + escapeXml(parts.pop()) + '" time="' + (test.durationMs / 1000).toFixed(6) + '" classname="' + escapeXml(parts.join(" > ") || "test") + '"';
      if (test.outcome === "passed") lines.push(open + "/>");
      else if (test.outcome === "skipped") lines.push(open + "><skipped/></testcase>");
      else lines.push(open + '><failure type="testCodeFailure" message="' + escapeXml(test.message || "") + '">' + escapeXml(test.message || "") + "</failure></testcase>");
    }
    lines.push("\t</testsuite>");
  }
  lines.push("</testsuites>", "");
  return lines.join("\n");
}

async function runStandIn(request) {
  const started = performance.now();
  const heapMb = heapOf(request);
  const slot = await standInSlotFor(heapMb);
  if (!slot) return noThread(request, started, standInSlot ? standInSlot.errors : []);
  // A spare boots on the other core, for when this candidate leaves the worker unfit.
  if (!standInSpare) standInSpare = bootStandIn(heapMb);
  slot.jobs += 1;
  const { worker } = slot;
  const base = layOut(request, true);
  const state = supervise(request, started, worker, () => slot.tid);
  const tests = [];
  let finished;
  const onMessage = (message) => {
    if (message.job !== request.id) return;
    if (message.test) {
      message.test.file = relativeFile(base, message.test.file);
      tests.push(message.test);
    } else if (message.done) finished?.(message);
  };
  worker.on("message", onMessage);
  const sentinels = watchSentinels(slot);
  process.chdir(base);
  const files = request.testFiles.map((name) => ({ name, url: pathToFileURL(join(base, name)).href }));
  worker.postMessage({ id: request.id, files });
  const done = await Promise.race([new Promise((resolve) => (finished = resolve)), slot.exited.then(() => undefined)]);
  let flushTimer;
  const flushed = done
    ? await Promise.race([sentinels.both, slot.exited.then(() => false), new Promise((resolve) => (flushTimer = setTimeout(resolve, FLUSH_MS, false)))])
    : false;
  clearTimeout(flushTimer);
  sentinels.stop();
  worker.off("message", onMessage);
  state.release();
  process.chdir(HOME);
  sweep();
  let heapExhausted = false;
  for (const error of slot.errors.splice(0)) {
    if (error && error.code === "ERR_WORKER_OUT_OF_MEMORY") heapExhausted = true;
    else state.stderr.push(Buffer.from(String((error && error.stack) || error) + "\n"));
  }
  // The candidate's own exit code, before retiring the worker gives it one of ours.
  const code = done && slot.exitCode === undefined ? done.exitCode : await slot.exited;
  const fit = done && flushed && !done.dirty && !state.killed() && slot.exitCode === undefined;
  if (!fit) {
    await retire(slot);
    standInSlot = undefined;
  }
  const reply = replyOf(request, started, base, state, {
    code,
    heapExhausted,
    tests,
    junitXml: junitOf(tests),
    standIn: true,
    stdout: withoutSentinel(state.stdout.buffer(), slot.sentinel),
    stderr: withoutSentinel(state.stderr.buffer(), slot.sentinel),
  });
  rmSync(base, { recursive: true, force: true });
  return reply;
}

// ---- which way a suite runs ----

/** Suites (by test files and their content) and whether the stand-in agreed with node:test on them. */
const agreement = new Map();

function suiteKey(request) {
  const hash = createHash("sha256");
  for (const name of request.testFiles) hash.update(name + "\u0000" + (request.files[name] ?? "") + "\u0000");
  return hash.digest("hex");
}

/** A run that ended on its own, not at a limit: only such runs can be compared. */
function ranToTheEnd(reply) {
  return !reply.timedOut && !reply.outputLimited && !reply.heapExhausted && reply.signal === null && reply.exitCode !== null && reply.tests.length > 0;
}

function outcomes(reply) {
  return reply.tests.map((test) => [test.file, test.name, test.outcome].join("\u0000")).sort().join("\n");
}

async function run(request) {
  if (MODE === "stand-in") return runStandIn(request);
  if (MODE === "node-test") return runNodeTest(request);
  const key = suiteKey(request);
  if (agreement.get(key) === true) return runStandIn(request);
  const reply = await runNodeTest(request);
  if (agreement.has(key) || !ranToTheEnd(reply)) return reply;
  const trial = await runStandIn(request);
  if (ranToTheEnd(trial)) agreement.set(key, (trial.exitCode === 0) === (reply.exitCode === 0) && outcomes(trial) === outcomes(reply));
  return reply;
}

function send(message) {
  const line = Buffer.from(JSON.stringify(message) + "\n");
  for (let offset = 0; offset < line.length; ) offset += writeSync(3, line, offset);
}

if (MODE === "stand-in") {
  standInSlot = bootStandIn(384);
  await standInSlot.ready;
} else {
  spare = bootWorker(384);
  await spare.ready;
}
send({ ready: true, pid: process.pid });
let queue = Promise.resolve();
for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
  if (!line.trim()) continue;
  const request = JSON.parse(line);
  queue = queue.then(() =>
    run(request).then(send, (error) => send({ id: request.id, error: String((error && error.message) || error) })),
  );
  await queue;
}
