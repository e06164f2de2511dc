import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { ExecResult } from "../shared/exec-result.js";
import type { FastRunner } from "../shared/fast-runner.js";
import { createSandbox, type DescribedSandbox } from "./create-sandbox.js";
import { createFastRunner } from "./fast-runner.js";
import { enterOuterLimit, type OuterLimit } from "./__fixtures__/outer-limit.js";

/*
 * Programs that try the calls the seccomp filter refuses, and the ones test programs need
 * (threads, multiprocessing, Unix sockets, node --test with its child process, worker
 * threads), through the strong tier and the fast tier. As in hostile.int.test.ts, the test
 * process first moves into an outer cgroup limit.
 */

const FIXTURES = new URL("./__fixtures__/seccomp/", import.meta.url);
const PYTHON_PROGRAM = readFileSync(new URL("syscalls.py", FIXTURES), "utf8");
const TEST_TIMEOUT = 120_000;

/** Refused without network: everything the filter denies, and sockets other than AF_UNIX. */
const REFUSED = {
  unshare: "EPERM",
  clone_newuser: "EPERM",
  ptrace: "EPERM",
  io_uring_setup: "EPERM",
  keyctl: "EPERM",
  bpf: "EPERM",
  inet: "EPERM",
  inet6: "EPERM",
};
const STILL_WORKING = { unix: "ok", socketpair: "ok", thread: "ok", multiprocessing: "ok" };

let outer: OuterLimit;
let server: Server;
let port = 0;
let connections = 0;

beforeAll(async () => {
  outer = await enterOuterLimit({ memoryMb: 2048, pids: 400, cpus: 1 });
  server = createServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  port = typeof address === "object" && address ? address.port : 0;
}, TEST_TIMEOUT);

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await outer?.release();
});

function nodeTestFile(): string {
  return readFileSync(new URL("syscalls.test.mjs", FIXTURES), "utf8").replaceAll("__PORT__", String(port));
}

/** The JSON line `syscalls.py` prints. */
function outcomeOf(result: ExecResult): Record<string, unknown> {
  const line = /^SECCOMP (\{.*\})$/m.exec(result.stdout);
  expect(line, `${result.reason}: ${result.stdout.slice(-500)} ${result.stderr.slice(-500)}`).not.toBeNull();
  return JSON.parse(line?.[1] ?? "{}") as Record<string, unknown>;
}

describe("strong tier under the seccomp filter", () => {
  let sandbox: DescribedSandbox;
  beforeAll(async () => {
    sandbox = createSandbox({ cgroupParents: outer.parents, onWarning: () => {} });
    const caps = await sandbox.capabilities();
    // CI has bubblewrap on x86_64 or aarch64: a missing filter is a failure here, not a skip.
    expect(caps.warnings).toEqual([]);
    expect(caps.seccomp).toBe(true);
  }, TEST_TIMEOUT);
  afterAll(() => sandbox.close());

  it(
    "refuses namespaces, ptrace, io_uring, keyrings, eBPF and network sockets to Python; threads, multiprocessing and Unix sockets work",
    async () => {
      const result = await sandbox.run({ command: ["python3", "syscalls.py"], files: { "syscalls.py": PYTHON_PROGRAM }, timeoutMs: 30_000 });
      expect(result.reason, result.stderr.slice(-500)).toBe("ok");
      // bubblewrap closes the descriptor it read the filter from: the program inherits only stdio.
      expect(outcomeOf(result)).toEqual({ fds: [], ...REFUSED, ...STILL_WORKING });
    },
    TEST_TIMEOUT,
  );

  it(
    "lets Python create network sockets when the run allows network, and still refuses the rest",
    async () => {
      const result = await sandbox.run({
        command: ["python3", "syscalls.py"],
        files: { "syscalls.py": PYTHON_PROGRAM },
        allowNetwork: true,
        timeoutMs: 30_000,
      });
      expect(result.reason, result.stderr.slice(-500)).toBe("ok");
      expect(outcomeOf(result)).toEqual({ fds: [], ...REFUSED, inet: "ok", inet6: "ok", ...STILL_WORKING });
    },
    TEST_TIMEOUT,
  );

  it(
    "runs node --test (a child process over IPC) with a worker thread, and refuses a loopback connection its socket",
    async () => {
      const result = await sandbox.run({ command: ["node", "--test"], files: { "syscalls.test.mjs": nodeTestFile() }, timeoutMs: 60_000 });
      expect(result.reason, result.stdout.slice(-1500)).toBe("ok");
      expect(result.stdout).toMatch(/^# pass 2$/m);
      expect(result.stdout).toMatch(/^# fail 0$/m);
      await sleep(200);
      expect(connections).toBe(0);
    },
    TEST_TIMEOUT,
  );
});

describe("fast tier under the seccomp filter", () => {
  /** A runner for one test, closed (with every cgroup it made) whatever the test found. */
  async function withRunner(language: "python" | "javascript", use: (runner: FastRunner) => Promise<void>): Promise<void> {
    const runner = createFastRunner({ language, cgroupParents: outer.parents, onWarning: () => {} });
    try {
      await use(runner);
    } finally {
      await runner.close();
    }
    expect(await outer.children()).toEqual([]);
  }

  it(
    "Python: a candidate's test gets the same refusals, and multiprocessing still works in the forked candidate",
    () =>
      withRunner("python", async (runner) => {
        const result = await runner.runTests(
          { "syscalls.py": PYTHON_PROGRAM, "test_syscalls.py": "import syscalls\n\n\ndef test_syscalls():\n    syscalls.main()\n" },
          { testFiles: ["test_syscalls.py"], args: ["-s"], timeoutMs: 30_000 },
        );
        expect(result.reason, result.stderr.slice(-500)).toBe("ok");
        // Descriptors are not compared: the candidate runs inside pytest, which holds its own.
        expect(outcomeOf(result)).toMatchObject({ ...REFUSED, ...STILL_WORKING });
        expect(result.tests.map((t) => t.outcome)).toEqual(["passed"]);
      }),
    TEST_TIMEOUT,
  );

  it(
    "JavaScript: a worker thread works inside a candidate's test, a loopback connection is refused its socket",
    () =>
      withRunner("javascript", async (runner) => {
        connections = 0;
        const result = await runner.runTests({ "syscalls.test.mjs": nodeTestFile() }, { testFiles: ["syscalls.test.mjs"], timeoutMs: 60_000 });
        expect(result.reason, result.stdout.slice(-1500) + result.stderr.slice(-500)).toBe("ok");
        expect(result.tests.map((t) => t.outcome)).toEqual(["passed", "passed"]);
        await sleep(200);
        expect(connections).toBe(0);
      }),
    TEST_TIMEOUT,
  );
});

describe("on an architecture the filter does not know", () => {
  it(
    "runs without the filter, and every result says so in its warnings",
    async () => {
      const arch = Object.getOwnPropertyDescriptor(process, "arch");
      if (!arch) throw new Error("process.arch has no descriptor");
      // Fresh modules: the capabilities found above are cached per module instance.
      vi.resetModules();
      Object.defineProperty(process, "arch", { ...arch, value: "riscv64" });
      try {
        const { createSandbox: createFresh } = await import("./create-sandbox.js");
        const sandbox = createFresh({ cgroupParents: outer.parents, onWarning: () => {} });
        const caps = await sandbox.capabilities();
        expect(caps.seccomp).toBeUndefined();
        const result = await sandbox.run({
          command: ["python3", "-c", "import socket; socket.socket(socket.AF_INET).close(); print('inet ok')"],
          files: {},
          timeoutMs: 30_000,
        });
        // Without the filter only the network namespace stands in the way: the socket is created.
        expect(result.stdout).toBe("inet ok\n");
        expect(result.warnings).toEqual([expect.stringMatching(/^no seccomp filter \(no syscall table for riscv64\): /)]);
        await sandbox.close();
      } finally {
        Object.defineProperty(process, "arch", arch);
      }
    },
    TEST_TIMEOUT,
  );
});
