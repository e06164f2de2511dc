// Worker of server.mjs that runs one candidate's test files under real node:test.
import { appendFileSync, readlinkSync } from "node:fs";
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
// The thread's id lets the server watch this thread's CPU time in /proc.
let tid = null;
try {
  tid = Number(readlinkSync("/proc/thread-self").split("/").pop());
} catch {}
parentPort.postMessage({ ready: true, tid });
