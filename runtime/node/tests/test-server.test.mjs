// The fast tier's Node server (test-server/ with the node:test stand-in), driven over its
// protocol as the sandbox drives it: requests on stdin, replies on fd 3, inside bubblewrap with
// a private /tmp and pid namespace (it keeps working copies in /tmp and sweeps /proc).
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { after, before, test } from "node:test";
import { PROGRAMS } from "./helpers.mjs";

let server;
let replies;
let runner;

before(async () => {
  runner = mkdtempSync(join(tmpdir(), "mend-runner-"));
  for (const name of readdirSync(join(PROGRAMS, "test-server"))) copyFileSync(join(PROGRAMS, "test-server", name), join(runner, name));
  copyFileSync(join(PROGRAMS, "node-test-stand-in.cjs"), join(runner, "stand-in.cjs"));
  const { NODE_TEST_CONTEXT: _, ...env } = process.env;
  server = spawn(
    "bwrap",
    ["--dev-bind", "/", "/", "--proc", "/proc", "--tmpfs", "/tmp", "--ro-bind", runner, "/runner", "--unshare-pid", "--die-with-parent", process.execPath, "/runner/server.mjs"],
    { stdio: ["pipe", "ignore", "ignore", "pipe"], env: { ...env, MEND_OWN_PID_NAMESPACE: "1", MEND_NODE_TEST_MODE: "auto" } },
  );
  const protocol = /** @type {import("node:stream").Readable} */ (server.stdio[3]);
  replies = createInterface({ input: protocol })[Symbol.asyncIterator]();
  assert.equal((await next()).ready, true);
});

// The sandbox ends a runner by killing it (its workers would keep it alive); bubblewrap's
// namespace goes with it.
after(async () => {
  const exited = once(server, "exit");
  server.kill("SIGKILL");
  await exited;
  server.stdio[3].destroy();
  rmSync(runner, { recursive: true, force: true });
});

async function next() {
  const { value, done } = await replies.next();
  assert.ok(!done, "the server closed its protocol pipe");
  return JSON.parse(value);
}

async function ask(id, program) {
  const request = {
    id,
    files: { "package.json": '{"type":"module"}', "half.js": program, "half.test.js": SUITE },
    testFiles: ["half.test.js"],
    args: [],
    timeoutMs: 20_000,
    memoryMb: 256,
    cpuSeconds: 30,
    fileSizeBytes: 16 << 20,
    outputLimitBytes: 1 << 20,
  };
  server.stdin.write(JSON.stringify(request) + "\n");
  return next();
}

const SUITE = `import assert from "node:assert/strict";
import { test } from "node:test";
import { half } from "./half.js";
test("even", () => assert.equal(half(4), 2));
test("odd", () => assert.equal(half(5), 2.5));
`;
const RIGHT = "export const half = (n) => n / 2;\n";
const WRONG = "export const half = (n) => n >> 1;\n";

const outcomes = (reply) => Object.fromEntries(reply.tests.map((entry) => [entry.name, entry.outcome]));

test("a suite runs under node:test until the stand-in agreed with it, then under the stand-in, with the same verdicts", async () => {
  const first = await ask(1, WRONG);
  assert.equal(first.standIn, false);
  assert.equal(first.exitCode, 1);
  assert.deepEqual(outcomes(first), { even: "passed", odd: "failed" });
  const second = await ask(2, RIGHT);
  assert.equal(second.standIn, true);
  assert.equal(second.exitCode, 0);
  assert.deepEqual(outcomes(second), { even: "passed", odd: "passed" });
  const third = await ask(3, WRONG);
  assert.equal(third.standIn, true);
  assert.deepEqual(outcomes(third), outcomes(first));
});

test("a candidate that never ends is stopped at its timeout and the next one is served", async () => {
  server.stdin.write(
    JSON.stringify({
      id: 4,
      files: { "package.json": '{"type":"module"}', "half.js": "export const half = () => { for (;;); };\n", "half.test.js": SUITE },
      testFiles: ["half.test.js"],
      args: [],
      timeoutMs: 1500,
      memoryMb: 256,
      cpuSeconds: 30,
      fileSizeBytes: 16 << 20,
      outputLimitBytes: 1 << 20,
    }) + "\n",
  );
  const stuck = await next();
  assert.equal(stuck.timedOut, true);
  assert.equal((await ask(5, RIGHT)).exitCode, 0);
});
