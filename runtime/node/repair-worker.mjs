// Runs candidate test suites through the node:test stand-in, one job at a time.
import { parentPort, workerData } from "node:worker_threads";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { readlinkSync } from "node:fs";
// The recorder sits next to this file in the work folder, under the name the engine gives it.
/** @type {typeof import("./repair-asserts.mjs")} */
const { installAssertRecorder } = await import(new URL("./__mend_asserts.mjs", import.meta.url).href);

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
// Each recorded assert of a test is reported with it (repair-asserts.mjs): the stand-in runs
// the recorder's hooks around each test, before and after the test's own.
const recorder = installAssertRecorder({ drivers: (file) => file === workerData.shim });
/** The records of the tests finished and not yet reported, by full name. */
const finished = new Map();
parentPort.postMessage({ ready: true, tid });

parentPort.on("message", async (job) => {
  let loadError = false;
  let broken = false;
  try {
    shim.__reset();
    finished.clear();
    shim.beforeEach(() => recorder.start());
    shim.afterEach((/** @type {{ fullName: string }} */ context) => finished.set(context.fullName, recorder.stop()));
    for (const test of job.tests) {
      shim.__setFile(test.rel);
      try {
        await import(pathToFileURL(test.path).href);
      } catch {
        loadError = true;
      }
    }
    await shim.__run((id, passed, details) => {
      const asserts = finished.get(details.name) ?? [];
      finished.delete(details.name);
      parentPort.postMessage({ job: job.id, id, passed, asserts: asserts.map(({ file, line, count, passed }) => ({ file, line, count, passed })) });
    });
    // Whatever the candidate left queued gets its turn before the worker is judged.
    await new Promise((resolve) => setImmediate(resolve));
  } catch {
    // Something the candidate changed broke the stand-in itself: the job still ends (the tests
    // reported so far stand), and the worker is replaced.
    broken = true;
  }
  parentPort.postMessage({ job: job.id, done: true, loadError, dirty: broken || changed() });
});
