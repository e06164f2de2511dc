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
// The fast tier's check of what a candidate changed (test-server/worker-state.mjs, at the path
// the runner gives): a worker a candidate changed is replaced before the next candidate.
const { watchWorkerState } = await import(pathToFileURL(workerData.state).href);
const changed = watchWorkerState(shim);
parentPort.postMessage({ ready: true, tid });

parentPort.on("message", async (job) => {
  let loadError = false;
  let broken = false;
  try {
    shim.__reset();
    for (const test of job.tests) {
      shim.__setFile(test.rel);
      try {
        await import(pathToFileURL(test.path).href);
      } catch {
        loadError = true;
      }
    }
    await shim.__run((id, passed) => parentPort.postMessage({ job: job.id, id, passed }));
    // Whatever the candidate left queued gets its turn before the worker is judged.
    await new Promise((resolve) => setImmediate(resolve));
  } catch {
    // Something the candidate changed broke the stand-in itself: the job still ends (the tests
    // reported so far stand), and the worker is replaced.
    broken = true;
  }
  parentPort.postMessage({ job: job.id, done: true, loadError, dirty: broken || changed() });
});
