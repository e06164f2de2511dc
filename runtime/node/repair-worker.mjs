// Runs candidate test suites through the node:test stand-in, one job at a time.
import { parentPort, workerData } from "node:worker_threads";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { readlinkSync } from "node:fs";

const require = createRequire(import.meta.url);
const shim = require(workerData.shim);
// A test's stray exception or rejection fails the test that is running.
process.on("uncaughtException", () => shim.__fail());
process.on("unhandledRejection", () => shim.__fail());

// The thread's own id lets the runner read this thread's CPU time from /proc (Linux).
let tid = null;
try {
  tid = readlinkSync("/proc/thread-self").split("/").pop();
} catch {}
parentPort.postMessage({ ready: true, tid });

// The globals of a fresh thread: what a candidate adds (`globalThis.cache = ...`, or an
// assignment to an undeclared name in a sloppy CommonJS module) is removed once it is done, so
// the next candidate on this thread starts from the globals a fresh process would have.
const ownGlobals = new Set(Reflect.ownKeys(globalThis));
function dropAddedGlobals() {
  for (const key of Reflect.ownKeys(globalThis)) {
    if (!ownGlobals.has(key)) Reflect.deleteProperty(globalThis, key);
  }
}

parentPort.on("message", async (job) => {
  shim.__reset();
  let loadError = false;
  for (const test of job.tests) {
    shim.__setFile(test.rel);
    try {
      await import(pathToFileURL(test.path).href);
    } catch {
      loadError = true;
    }
  }
  await shim.__run((id, passed) => parentPort.postMessage({ job: job.id, id, passed }));
  dropAddedGlobals();
  parentPort.postMessage({ job: job.id, done: true, loadError });
});
