// Long-lived worker of server.mjs that runs candidate after candidate through the node:test stand-in.
import { parentPort, workerData } from "node:worker_threads";
import { createRequire } from "node:module";
import { readFileSync, readlinkSync } from "node:fs";

const require = createRequire(import.meta.url);
const standIn = require(workerData.standIn);
// Loaded at boot, off the candidates' clocks.
require("node:assert");
require("node:assert/strict");

// A stray exception or rejection fails the test that is running, as under node:test.
process.on("uncaughtException", (error) => standIn.__fail(error));
process.on("unhandledRejection", (error) => standIn.__fail(error));

/** Objects a candidate could change for the candidates after it: the built-ins and common core modules. */
const WATCHED = [
  globalThis, Object, Object.prototype, Function.prototype, Array, Array.prototype, String, String.prototype,
  Number, Number.prototype, Boolean.prototype, Symbol, Symbol.prototype, BigInt.prototype, Math, JSON, Reflect,
  Promise, Promise.prototype, Map.prototype, Set.prototype, WeakMap.prototype, WeakSet.prototype, RegExp,
  RegExp.prototype, Date, Date.prototype, Error, Error.prototype, TypeError.prototype, RangeError.prototype,
  ArrayBuffer.prototype, Object.getPrototypeOf(Uint8Array.prototype), Uint8Array.prototype, Buffer, Buffer.prototype,
  console, process, performance, require("node:assert"), require("node:assert/strict"), require("node:fs"),
  require("node:fs/promises"), require("node:path"), require("node:util"), require("node:events"), require("node:os"),
  require("node:child_process"), standIn,
];

/** Node defines many globals lazily, by a getter that replaces itself on first use: use them all once, so a candidate's first use is no change. */
function settle() {
  for (const object of WATCHED) {
    for (const key of Reflect.ownKeys(object)) {
      try {
        void object[key];
      } catch {}
    }
  }
}

function snapshot() {
  const values = [];
  for (const object of WATCHED) {
    for (const key of Reflect.ownKeys(object)) {
      const descriptor = Reflect.getOwnPropertyDescriptor(object, key);
      values.push(key, descriptor.value, descriptor.get, descriptor.set);
    }
  }
  values.push(JSON.stringify(process.env), threadName());
  return values;
}

/** A candidate can rename its thread (prctl, /proc/thread-self/comm), and tools find leftovers by name. */
function threadName() {
  try {
    return readFileSync("/proc/thread-self/comm", "utf8");
  } catch {
    return "";
  }
}

function same(a, b) {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return false;
  return true;
}

let tid = null;
try {
  tid = Number(readlinkSync("/proc/thread-self").split("/").pop());
} catch {}
settle();
const baseline = snapshot();
const baseResources = resources();
/** Timers, sockets, child processes, pending file operations a candidate left running, by kind; message ports are the worker's own plumbing (its stdout is one). */
function resources() {
  const counts = new Map();
  for (const name of process.getActiveResourcesInfo()) if (name !== "MessagePort") counts.set(name, (counts.get(name) || 0) + 1);
  return counts;
}

/** Compared kind by kind: a request that was in flight at boot must not hide a timer a candidate left. */
function leftRunning(base) {
  for (const [name, count] of resources()) if (count > (base.get(name) || 0)) return true;
  return false;
}

parentPort.on("message", async (job) => {
  standIn.__reset();
  let failed = false;
  const post = (test) => parentPort.postMessage({ job: job.id, test });
  for (const { name, url } of job.files) {
    standIn.__setFile(name);
    try {
      await import(url);
    } catch (error) {
      console.error(error);
      failed = true;
      post({ name, file: name, outcome: "error", durationMs: 0, message: String((error && error.message) || error).slice(0, 2000) });
    }
  }
  await standIn.__run((id, passed, details) => {
    if (!passed) failed = true;
    post({
      name: details.name,
      file: details.file,
      outcome: details.skipped ? "skipped" : passed ? "passed" : "failed",
      durationMs: details.durationMs,
      message: passed ? undefined : details.message,
    });
  });
  const exitCode = failed ? 1 : process.exitCode || 0;
  process.exitCode = undefined;
  // Whatever the candidate left queued gets its turn before the worker is judged.
  await new Promise((resolve) => setImmediate(resolve));
  const dirty = !same(snapshot(), baseline) || leftRunning(baseResources);
  process.stdout.write(workerData.sentinel);
  process.stderr.write(workerData.sentinel);
  parentPort.postMessage({ job: job.id, done: true, exitCode, dirty });
});
parentPort.postMessage({ ready: true, tid });
