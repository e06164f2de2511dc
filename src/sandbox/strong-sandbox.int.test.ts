import { afterAll, describe, expect, it } from "vitest";
import { createSandbox } from "./create-sandbox.js";
import { StrongSandbox } from "./strong-sandbox.js";

// CI installs bubblewrap and runs as root with cgroup v1: a missing mechanism is a failure here, not a skip.
const sandbox = createSandbox({ onWarning: () => {} });
afterAll(() => sandbox.close());

const PYTEST_PROGRAM = {
  "median.py": "def median(xs):\n    s = sorted(xs)\n    return s[len(s) // 2]\n",
  "test_median.py":
    "from median import median\n\ndef test_odd():\n    assert median([3, 1, 2]) == 2\n\ndef test_even():\n    assert median([4, 1, 3, 2]) == 2.5\n",
};

describe("strong sandbox", () => {
  it("has every mechanism on this machine", async () => {
    const caps = await sandbox.capabilities();
    expect(caps.warnings.join("; ")).toBe("");
    expect(caps.bwrap).toBeTruthy();
    expect(caps.cgroups).toBeTruthy();
    expect(caps.prlimit).toBeTruthy();
  });

  it("runs Python unprivileged in a private work folder with an environment built from nothing", async () => {
    const result = await sandbox.run({
      command: ["python3", "-c", "import json, os; print(json.dumps([os.getuid(), os.getcwd(), dict(os.environ)]))"],
      files: {},
      env: { GREETING: "hi" },
      timeoutMs: 10_000,
    });
    expect(result.reason).toBe("ok");
    expect(result.warnings).toBeUndefined();
    const [uid, cwd, env] = JSON.parse(result.stdout) as [number, string, Record<string, string>];
    expect(uid).not.toBe(0);
    expect(cwd).toBe("/mend/work");
    expect(Object.keys(env).sort()).toEqual(["GREETING", "HOME", "LANG", "PATH", "PWD", "TMPDIR"]);
  });

  it("runs pytest and reads its JUnit report back", async () => {
    const result = await sandbox.run({
      command: ["python3", "-m", "pytest", "-q", "-p", "no:cacheprovider", "--junitxml=report.xml"],
      files: PYTEST_PROGRAM,
      collect: ["report.xml", "missing.xml"],
      timeoutMs: 30_000,
    });
    expect(result.reason).toBe("exit");
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toContain("1 failed, 1 passed");
    expect(result.files?.["report.xml"]).toContain('<testcase classname="test_median" name="test_even"');
    expect(result.files).not.toHaveProperty("missing.xml");
  });

  it("runs node --test", async () => {
    const result = await sandbox.run({
      command: ["node", "--test"],
      files: {
        "sum.test.mjs":
          "import test from 'node:test';\nimport assert from 'node:assert/strict';\ntest('adds', () => assert.equal(1 + 1, 2));\n",
      },
      timeoutMs: 30_000,
    });
    expect(result.reason).toBe("ok");
    expect(result.stdout).toContain("# pass 1");
  });

  it("passes stdin and decodes output that is not UTF-8 with replacement characters", async () => {
    const result = await sandbox.run({
      command: ["python3", "-c", "import sys; data = sys.stdin.read(); sys.stdout.buffer.write(data.encode() + b'\\xff\\xfe')"],
      files: {},
      stdin: "echo",
      timeoutMs: 10_000,
    });
    expect(result.stdout).toBe("echo\uFFFD\uFFFD");
  });

  it("refuses to follow a link the program left in place of a collected report", async () => {
    const result = await sandbox.run({
      command: ["python3", "-c", "import os; os.symlink('/etc/hostname', 'report.xml')"],
      files: {},
      collect: ["report.xml"],
      timeoutMs: 10_000,
    });
    expect(result.reason).toBe("ok");
    expect(result.files).toEqual({});
  });

  it("refuses file paths that leave the work folder", async () => {
    await expect(sandbox.run({ command: ["python3", "-c", "pass"], files: { "../escape.py": "" }, timeoutMs: 5_000 })).rejects.toThrow(
      /leaves the work folder/,
    );
  });

  it("reports the CPU limit from SIGXCPU", async () => {
    const result = await sandbox.run({ command: ["python3", "-c", "while True: pass"], files: {}, cpuSeconds: 1, timeoutMs: 20_000 });
    expect(result).toMatchObject({ reason: "cpu", signal: "SIGXCPU", timedOut: false });
  });

  it("limits Node's heap below the memory limit and reports its exhaustion as memory", async () => {
    const result = await sandbox.run({
      command: ["node", "-e", "const keep = []; for (;;) keep.push(new Array(1e5).fill(Math.random()));"],
      files: {},
      memoryMb: 256,
      timeoutMs: 30_000,
    });
    expect(result.reason).toBe("memory");
  });
});

describe("strong sandbox with host tools", () => {
  it("exposes the node_modules folder of an absolute tool argument read-only", async () => {
    const tool = new URL("../../node_modules/typescript/bin/tsc", import.meta.url).pathname;
    const result = await sandbox.run({ command: ["node", tool, "--version"], files: {}, timeoutMs: 30_000 });
    expect(result.reason).toBe("ok");
    expect(result.stdout).toMatch(/^Version \d/);
    const write = await sandbox.run({
      command: ["node", "-e", `require("fs").writeFileSync(${JSON.stringify(tool)} + ".x", "")`, tool],
      files: {},
      timeoutMs: 30_000,
    });
    expect(write.stderr).toMatch(/EROFS|EACCES/);
  });
});

describe("degraded tiers", () => {
  it("without bubblewrap still runs the program with an environment built from nothing, and says what it lacks", async () => {
    const caps = await sandbox.capabilities();
    const weaker = new StrongSandbox({ ...caps, bwrap: undefined, warnings: ["bubblewrap (bwrap) not found"] });
    const result = await weaker.run({
      command: ["python3", "-c", "import os; print(sorted(os.environ))"],
      files: {},
      timeoutMs: 10_000,
    });
    expect(result.reason).toBe("ok");
    expect(result.stdout.trim()).toBe("['HOME', 'LANG', 'PATH', 'TMPDIR']");
    expect(result.warnings?.[0]).toBe("bubblewrap (bwrap) not found");
  });

  it("without cgroups limits Python's memory with RLIMIT_AS", async () => {
    const caps = await sandbox.capabilities();
    const weaker = new StrongSandbox({ ...caps, cgroups: undefined, warnings: ["no cgroups"] });
    const result = await weaker.run({ command: ["python3", "-c", "b = bytearray(2 * 1024**3)"], files: {}, memoryMb: 256, timeoutMs: 10_000 });
    expect(result.reason).toBe("exit");
    expect(result.stderr).toContain("MemoryError");
  });

  it("the process tier still runs programs and says it is the weakest", async () => {
    const weakest = createSandbox({ tier: "process" });
    const result = await weakest.run({ command: ["python3", "-c", "print(6 * 7)"], files: {}, timeoutMs: 10_000 });
    expect(result).toMatchObject({ reason: "ok", stdout: "42\n" });
    expect(result.warnings?.length).toBeGreaterThan(0);
  });
});
