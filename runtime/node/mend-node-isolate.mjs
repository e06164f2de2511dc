// Runs each named test of a file in its own `node --test` process, one after another.
// Used after a test blocked the event loop (a synchronous infinite loop): node can only
// kill the whole file then, losing every other result in it. Before each run it writes a
// marker line to the report, so the reader knows which test a file-level timeout belongs to.
// The plan comes on stdin: [{ "file": "...", "names": ["..."] }]; the report file and the
// per-test timeout come in MEND_NODE_REPORT and MEND_TEST_TIMEOUT_MS.
import { appendFileSync, readFileSync } from "node:fs";
import { spawnSync } from "node:child_process";

const plan = JSON.parse(readFileSync(0, "utf8"));
const reportFile = process.env.MEND_NODE_REPORT;
const timeout = Number(process.env.MEND_TEST_TIMEOUT_MS);
const escape = (text) => text.replace(/[.*+?^$()|[\]\\{}\/]/g, "\\$&");

for (const { file, names } of plan) {
  for (const name of names) {
    appendFileSync(reportFile, JSON.stringify({ kind: "isolate", file, name }) + "\n");
    spawnSync(process.execPath, [
      "--test",
      "--test-reporter=./mend-node-reporter.mjs",
      "--test-timeout=" + timeout,
      "--test-name-pattern=^" + escape(name) + "$",
      file,
    ], { stdio: "ignore", timeout: timeout * 2 + 2000, killSignal: "SIGKILL" });
  }
}
