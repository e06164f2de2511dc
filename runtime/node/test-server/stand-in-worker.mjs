// Long-lived worker of server.mjs that runs candidate after candidate through the node:test stand-in.
import { parentPort, workerData } from "node:worker_threads";
import { createRequire } from "node:module";
import { readlinkSync } from "node:fs";
import { watchWorkerState } from "./worker-state.mjs";

const require = createRequire(import.meta.url);
const standIn = require(workerData.standIn);
// Loaded at boot, off the candidates' clocks.
require("node:assert");
require("node:assert/strict");

// A stray exception or rejection fails the test that is running, as under node:test.
process.on("uncaughtException", (error) => standIn.__fail(error));
process.on("unhandledRejection", (error) => standIn.__fail(error));

let tid = null;
try {
  tid = Number(readlinkSync("/proc/thread-self").split("/").pop());
} catch {}
const changed = watchWorkerState(standIn);

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
  const dirty = changed();
  process.stdout.write(workerData.sentinel);
  process.stderr.write(workerData.sentinel);
  parentPort.postMessage({ job: job.id, done: true, exitCode, dirty });
});
parentPort.postMessage({ ready: true, tid });
