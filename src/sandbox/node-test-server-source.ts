/**
 * The Node side of the fast tier, as three module sources written next to each other:
 * `server.mjs` serves one candidate per request in a fresh worker thread (heap limit from
 * `resourceLimits`, terminated at its timeout or output cap), while the worker for the next
 * candidate boots alongside; `harness.mjs` is the worker's entry
 * (imports the test files, so `node:test` runs them); `reporter.mjs` turns test events into
 * one JSON line per test. One JSON request per line on stdin, one JSON reply per line on fd 3
 * (a worker writing to fd 1 or 2 directly reaches the host as stray output, counted against the cap).
 */
export const NODE_TEST_SERVER_SOURCES: Record<string, string> = {
  "server.mjs": String.raw`
import { Worker } from "node:worker_threads";
import { createInterface } from "node:readline";
import { lstatSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync, writeSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const OWN_PID_NAMESPACE = process.env.MEND_OWN_PID_NAMESPACE === "1";
delete process.env.MEND_OWN_PID_NAMESPACE;
const HERE = dirname(fileURLToPath(import.meta.url));
const HARNESS = join(HERE, "harness.mjs");
const REPORTER = pathToFileURL(join(HERE, "reporter.mjs")).href;
const HOME = process.cwd();
const UID = process.getuid();

function parentOf(pid) {
  try {
    return Number(readFileSync("/proc/" + pid + "/stat", "utf8").split(") ").pop().split(" ")[1]);
  } catch {
    return 0;
  }
}
const PROTECTED = new Set([1]);
for (let pid = process.pid; pid > 0; pid = parentOf(pid)) PROTECTED.add(pid);

/**
 * Kills every process of the sandbox user except the server and its ancestors (own pid
 * namespace only), and waits until the namespace's init has reaped them: a zombie still
 * counts against the pids limit, which the next candidate must have whole.
 */
function sweep() {
  if (!OWN_PID_NAMESPACE) return;
  for (let pass = 0; pass < 1000; pass++) {
    const others = [];
    for (const name of readdirSync("/proc")) {
      if (!/^\d+$/.test(name) || PROTECTED.has(Number(name))) continue;
      try {
        const state = readFileSync("/proc/" + name + "/stat", "utf8").split(") ").pop().split(" ")[0];
        if (statSync("/proc/" + name).uid === UID) others.push({ pid: Number(name), zombie: state === "Z" });
      } catch {}
    }
    if (others.length === 0) return;
    for (const { pid, zombie } of others) {
      if (zombie) continue;
      try {
        process.kill(pid, "SIGKILL");
      } catch {}
    }
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 2);
  }
}

let counter = 0;
let spare;

function bootWorker(heapMb) {
  counter += 1;
  const base = "/tmp/mend-c" + counter;
  let worker;
  try {
    worker = new Worker(HARNESS, {
      stdout: true,
      stderr: true,
      execArgv: [
        "--test-reporter=" + REPORTER,
        "--test-reporter-destination=" + base + ".results.jsonl",
        "--test-reporter=junit",
        "--test-reporter-destination=" + base + ".junit.xml",
      ],
      resourceLimits: { maxOldGenerationSizeMb: heapMb },
    });
  } catch (error) {
    // No thread to be had (the pids limit, say): a slot that is dead from the start.
    return { worker: { terminate: async () => {} }, base, heapMb, errors: [error], exited: Promise.resolve(1), ready: Promise.resolve(false) };
  }
  const slot = { worker, base, heapMb, errors: [] };
  // Listening from the start: an error or exit before the candidate arrives must not be missed.
  worker.on("error", (error) => slot.errors.push(error));
  slot.exited = new Promise((resolve) => worker.once("exit", resolve));
  slot.ready = Promise.race([new Promise((resolve) => worker.once("message", () => resolve(true))), slot.exited.then(() => false)]);
  return slot;
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
    base64: () => Buffer.concat(chunks).toString("base64"),
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

function readText(path) {
  try {
    if (lstatSync(path).isSymbolicLink()) return undefined;
    return readFileSync(path).subarray(0, 16 * 1024 * 1024).toString("utf8");
  } catch {
    return undefined;
  }
}

async function run(request) {
  const started = performance.now();
  const heapMb = Math.max(16, Math.floor(request.memoryMb * 0.75));
  let slot = spare;
  // A spare that died while booting (a previous candidate's fork bomb, say) is replaced.
  for (let attempt = 0; attempt < 3 && (!slot || slot.heapMb !== heapMb || !(await slot.ready)); attempt++) {
    if (slot) await slot.worker.terminate();
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 100));
    slot = bootWorker(heapMb);
  }
  if (!slot.worker.stdout) {
    const why = slot.errors.map((error) => String((error && error.stack) || error)).join("\n");
    return {
      id: request.id, exitCode: 1, signal: null, timedOut: false, outputLimited: false, stdout: "",
      stderr: Buffer.from("mend: no worker thread for this candidate: " + why + "\n").toString("base64"),
      durationMs: Math.round(performance.now() - started), fileSizeHit: false, heapExhausted: false, tests: [],
    };
  }
  // The next candidate's worker boots on the other core while this one runs.
  spare = bootWorker(heapMb);
  const { worker, base } = slot;
  mkdirSync(base, { mode: 0o700 });
  for (const [rel, content] of Object.entries(request.files)) {
    const target = normalize(join(base, rel));
    if (!target.startsWith(base + "/")) throw new Error("file path leaves the work folder: " + rel);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, content);
  }
  const stdout = capped(request.outputLimitBytes);
  const stderr = capped(request.outputLimitBytes);
  let timedOut = false;
  let outputLimited = false;
  let heapExhausted = false;
  const stop = () => void worker.terminate();
  const onOutput = (stream) => (chunk) => {
    if (!stream.push(chunk) && !outputLimited) {
      outputLimited = true;
      stop();
    }
  };
  worker.stdout.on("data", onOutput(stdout));
  worker.stderr.on("data", onOutput(stderr));
  const streamsEnded = Promise.all([worker.stdout, worker.stderr].map((s) => new Promise((resolve) => s.once("end", resolve).once("close", resolve))));
  const timer = setTimeout(() => {
    timedOut = true;
    stop();
  }, Math.max(1, request.timeoutMs - (performance.now() - started)));
  process.chdir(base);
  if (await slot.ready) {
    const files = request.testFiles.map((name) => ({ name, url: pathToFileURL(join(base, name)).href }));
    worker.postMessage({ files, loadErrors: base + ".load.jsonl" });
  }
  const code = await slot.exited;
  clearTimeout(timer);
  for (const error of slot.errors) {
    if (error && error.code === "ERR_WORKER_OUT_OF_MEMORY") heapExhausted = true;
    else stderr.push(Buffer.from(String((error && error.stack) || error) + "\n"));
  }
  await Promise.race([streamsEnded, new Promise((resolve) => setTimeout(resolve, 500))]);
  process.chdir(HOME);
  sweep();
  const killed = timedOut || outputLimited;
  const tests = [];
  const lines = (readText(base + ".results.jsonl") || "") + (readText(base + ".load.jsonl") || "");
  for (const line of lines.split("\n")) {
    if (!line) continue;
    try {
      const test = JSON.parse(line);
      if (test.file && test.file.startsWith("file:")) test.file = fileURLToPath(test.file);
      if (test.file && test.file.startsWith("/")) test.file = relative(base, test.file);
      tests.push(test);
    } catch {}
  }
  const reply = {
    id: request.id,
    exitCode: killed ? null : code,
    signal: killed ? "SIGKILL" : null,
    timedOut,
    outputLimited,
    stdout: stdout.base64(),
    stderr: stderr.base64(),
    durationMs: Math.round(performance.now() - started),
    fileSizeHit: code !== 0 && fileAtLimit(base, request.fileSizeBytes),
    heapExhausted,
    tests,
    junitXml: readText(base + ".junit.xml"),
  };
  rmSync(base, { recursive: true, force: true });
  rmSync(base + ".results.jsonl", { force: true });
  rmSync(base + ".junit.xml", { force: true });
  rmSync(base + ".load.jsonl", { force: true });
  return reply;
}

function send(message) {
  const line = Buffer.from(JSON.stringify(message) + "\n");
  for (let offset = 0; offset < line.length; ) offset += writeSync(3, line, offset);
}

spare = bootWorker(384);
await spare.ready;
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
`,
  "harness.mjs": String.raw`
import { appendFileSync } from "node:fs";
import { parentPort } from "node:worker_threads";
// Loaded while the worker boots, off the candidate's clock: the test runner, asserts and both reporters.
import "node:test";
import "node:test/reporters";
import "node:assert";
import "node:assert/strict";
import "./reporter.mjs";

parentPort.once("message", async ({ files, loadErrors }) => {
  // Closing the port lets the event loop drain when the tests are done, which is when node:test reports.
  parentPort.close();
  for (const { name, url } of files) {
    try {
      await import(url);
    } catch (error) {
      console.error(error);
      process.exitCode = 1;
      const message = String((error && error.message) || error).slice(0, 2000);
      appendFileSync(loadErrors, JSON.stringify({ name, file: name, outcome: "error", durationMs: 0, message }) + "\n");
    }
  }
});
parentPort.postMessage("ready");
`,
  "reporter.mjs": String.raw`
export default async function* mendReporter(source) {
  const path = [];
  for await (const event of source) {
    const data = event.data || {};
    if (event.type === "test:start") {
      path.length = data.nesting;
      path[data.nesting] = data.name;
      continue;
    }
    if (event.type !== "test:pass" && event.type !== "test:fail") continue;
    if (data.details && data.details.type === "suite") continue;
    const names = path.slice(0, data.nesting);
    names.push(data.name);
    const skipped = (data.skip !== undefined && data.skip !== false) || (data.todo !== undefined && data.todo !== false);
    const error = data.details && data.details.error;
    const cause = error && (error.cause || error);
    yield JSON.stringify({
      name: names.join(" > "),
      file: data.file,
      outcome: skipped ? "skipped" : event.type === "test:pass" ? "passed" : "failed",
      durationMs: Math.round((data.details && data.details.duration_ms) || 0),
      message: cause ? String(cause.message || cause).slice(0, 2000) : undefined,
    }) + "\n";
  }
}
`,
};
