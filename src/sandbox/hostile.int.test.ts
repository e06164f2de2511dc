import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:net";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ExecReason, ExecResult } from "../shared/exec-result.js";
import type { FastRunner } from "../shared/fast-runner.js";
import { createSandbox, type DescribedSandbox } from "./create-sandbox.js";
import { createFastRunner } from "./fast-runner.js";
import { enterOuterLimit, processesWithMarker, type OuterLimit } from "./__fixtures__/outer-limit.js";

/*
 * Hostile programs, each through the strong tier (`Sandbox.run`) and the fast tier
 * (`FastRunner.runTests`), in Python and in JavaScript. The test process first moves itself
 * into an outer cgroup (memory, process count, one core), so that a sandbox that fails to
 * contain a program still cannot take the machine down with it.
 */

const FIXTURES = new URL("./__fixtures__/hostile/", import.meta.url);
const TEST_TIMEOUT = 120_000;

interface Context {
  marker: string;
  port: number;
  connections: () => number;
  hostPath: string;
  canaryEnv: string;
  canaryFile: string;
  canaryFileContent: string;
}

interface HostileCase {
  name: string;
  fixture: string;
  reason: ExecReason;
  timeoutMs?: number;
  memoryMb?: number;
  check?: (result: ExecResult, context: Context) => void | Promise<void>;
}

const CASES: HostileCase[] = [
  { name: "an infinite loop", fixture: "infinite_loop", reason: "timeout", timeoutMs: 2_000 },
  // Time enough to reach the pids limit on a loaded machine: the whole outer limit has one CPU,
  // and forks of a process with pytest loaded, at load 17-30, did not fill it within 8 s
  // (reason "timeout"). Until its timeout the bomb runs anyway, so this only lengthens the case.
  { name: "a fork bomb", fixture: "fork_bomb", reason: "pids", timeoutMs: 20_000 },
  { name: "allocating 8 GB", fixture: "allocate_8g", reason: "memory", memoryMb: 256 },
  {
    name: "writing 4 GB to a file",
    fixture: "write_4g",
    reason: "fsize",
  },
  {
    name: "printing 1 GB",
    fixture: "print_1g",
    reason: "output",
    check: (result) => expect(result.outputLimited).toBe(true),
  },
  {
    name: "connecting to a loopback port the test opened",
    fixture: "connect_loopback",
    reason: "exit",
    check: async (result, context) => {
      await sleep(200);
      expect(context.connections()).toBe(0);
      expect(result.stdout).not.toContain("connected");
    },
  },
  {
    name: "printing the environment",
    fixture: "print_env",
    reason: "ok",
    check: (result, context) => {
      expect(result.stdout).toContain("PATH=");
      expect(result.stdout).not.toContain(context.canaryEnv);
    },
  },
  {
    name: "reading a canary file in the home folder",
    fixture: "read_home_canary",
    reason: "exit",
    check: (result, context) => expect(result.stdout + result.stderr).not.toContain(context.canaryFileContent),
  },
  {
    name: "writing outside the work folder",
    fixture: "write_outside",
    reason: "ok",
    check: (result, context) => {
      for (const path of ["/usr/mend-hostile", "/etc/mend-hostile", "/mend-hostile"]) {
        expect(result.stdout).toContain(`refused ${path}`);
        expect(existsSync(path)).toBe(false);
      }
      expect(existsSync(context.hostPath)).toBe(false);
    },
  },
  {
    name: "a setsid daemon that writes a file after 3 s",
    fixture: "setsid_daemon",
    reason: "ok",
    check: async (_result, context) => {
      await sleep(4_000);
      expect(existsSync(context.hostPath)).toBe(false);
      expect(await processesWithMarker(context.marker)).toEqual([]);
    },
  },
  { name: "ignoring SIGTERM", fixture: "ignore_sigterm", reason: "timeout", timeoutMs: 2_000 },
  {
    name: "killing its parent",
    fixture: "kill_parent",
    reason: "killed",
    check: (result) => expect(result.stdout).not.toContain("survived"),
  },
  {
    name: "binary and invalid UTF-8 output",
    fixture: "binary_output",
    reason: "ok",
    check: (result) => {
      expect(result.stdout).toContain("\uFFFD");
      expect(result.stdout).toContain("ABC");
    },
  },
];

const LANGUAGES = [
  { language: "python" as const, extension: ".py", program: "hostile.py", command: ["python3", "hostile.py"] },
  { language: "javascript" as const, extension: ".mjs", program: "hostile.mjs", command: ["node", "hostile.mjs"] },
];

/** The test file of the fast tier: the hostile code runs inside a test, as a candidate's would. */
function fastFiles(language: "python" | "javascript", source: string): { files: Record<string, string>; testFiles: string[]; args?: string[] } {
  if (language === "python") {
    return {
      files: { "hostile.py": source, "test_hostile.py": "import hostile\n\n\ndef test_hostile():\n    hostile.main()\n" },
      testFiles: ["test_hostile.py"],
      // Without capturing, what the program prints reaches the result, as it does in the strong tier.
      args: ["-s"],
    };
  }
  return {
    files: {
      "hostile.mjs": source,
      "hostile.test.mjs": "import { test } from 'node:test';\nimport { main } from './hostile.mjs';\ntest('hostile', () => main());\n",
    },
    testFiles: ["hostile.test.mjs"],
  };
}

let outer: OuterLimit;
let server: Server;
let connections = 0;
const context = {} as Context;

beforeAll(async () => {
  // The outer limit comes first: nothing hostile runs before the test process lives under it.
  outer = await enterOuterLimit({ memoryMb: 3072, pids: 600, cpus: 1 });
  server = createServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  context.port = typeof address === "object" && address ? address.port : 0;
  context.connections = () => connections;
  context.canaryEnv = `canary-env-${randomBytes(8).toString("hex")}`;
  process.env.MEND_HOSTILE_CANARY = context.canaryEnv;
  context.canaryFile = join(homedir(), `.mend-canary-${randomBytes(4).toString("hex")}`);
  context.canaryFileContent = `canary-file-${randomBytes(8).toString("hex")}`;
  await writeFile(context.canaryFile, context.canaryFileContent);
}, TEST_TIMEOUT);

afterAll(async () => {
  delete process.env.MEND_HOSTILE_CANARY;
  await rm(context.canaryFile, { force: true });
  await new Promise((resolve) => server?.close(resolve));
  await outer?.release();
});

function prepare(fixture: string, extension: string): string {
  context.marker = `mh${randomBytes(5).toString("hex")}`;
  context.hostPath = join(tmpdir(), `mend-hostile-${randomBytes(6).toString("hex")}`);
  connections = 0;
  return readFileSync(new URL(fixture + extension, FIXTURES), "utf8")
    .replaceAll("__MARKER__", context.marker)
    .replaceAll("__PORT__", String(context.port))
    .replaceAll("__HOST_PATH__", context.hostPath)
    .replaceAll("__CANARY_FILE__", context.canaryFile);
}

async function expectContained(result: ExecResult, hostile: HostileCase): Promise<void> {
  expect(result.reason, `${result.reason}: ${result.stderr.slice(-500)}`).toBe(hostile.reason);
  expect(await processesWithMarker(context.marker)).toEqual([]);
  expect(await outer.strays()).toEqual([]);
  await hostile.check?.(result, context);
}

for (const { language, extension, program, command } of LANGUAGES) {
  describe(`strong tier, ${language}`, () => {
    let sandbox: DescribedSandbox;
    beforeAll(async () => {
      sandbox = createSandbox({ cgroupParents: outer.parents, onWarning: () => {} });
      // A missing mechanism fails here: CI installs bubblewrap and has cgroup v1.
      expect((await sandbox.capabilities()).warnings).toEqual([]);
    });
    afterAll(() => sandbox.close());

    for (const hostile of CASES) {
      it(
        `contains ${hostile.name}`,
        async () => {
          const source = prepare(hostile.fixture, extension);
          const result = await sandbox.run({
            command,
            files: { [program]: source },
            timeoutMs: hostile.timeoutMs ?? 20_000,
            memoryMb: hostile.memoryMb,
          });
          await expectContained(result, hostile);
          // Each run removes its cgroups once every process in them is gone.
          expect(await outer.children()).toEqual([]);
        },
        TEST_TIMEOUT,
      );
    }
  });

  // JavaScript candidates run under node:test itself or under the stand-in, many per worker: both are on trial.
  const fastWays = language === "python" ? [undefined] : (["node-test", "stand-in"] as const);
  for (const nodeTestRunner of fastWays) describe(`fast tier, ${language}${nodeTestRunner ? ` (${nodeTestRunner})` : ""}`, () => {
    let runner: FastRunner;
    beforeAll(() => {
      runner = createFastRunner({ language, nodeTestRunner, cgroupParents: outer.parents, onWarning: () => {} });
    });
    afterAll(async () => {
      await runner.close();
      expect(await outer.children()).toEqual([]);
    });

    for (const hostile of CASES) {
      it(
        `contains ${hostile.name}`,
        async () => {
          const { files, testFiles, args } = fastFiles(language, prepare(hostile.fixture, extension));
          const result = await runner.runTests(files, {
            testFiles,
            args,
            timeoutMs: hostile.timeoutMs ?? 20_000,
            memoryMb: hostile.memoryMb,
          });
          await expectContained(result, hostile);
        },
        TEST_TIMEOUT,
      );
    }

    it(
      "still serves candidates after the hostile ones",
      async () => {
        const { files, testFiles } =
          language === "python"
            ? { files: { "test_ok.py": "def test_ok():\n    assert 1 + 1 == 2\n" }, testFiles: ["test_ok.py"] }
            : { files: { "ok.test.mjs": "import { test } from 'node:test';\ntest('ok', () => {});\n" }, testFiles: ["ok.test.mjs"] };
        const result = await runner.runTests(files, { testFiles, timeoutMs: 20_000 });
        expect(result.reason).toBe("ok");
        expect(result.tests.map((t) => t.outcome)).toEqual(["passed"]);
        if (nodeTestRunner === "stand-in") expect(result.standIn).toBe(true);
      },
      TEST_TIMEOUT,
    );
  });
}
