import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ExecResult } from "../shared/exec-result.js";
import { createSandbox, type DescribedSandbox } from "./create-sandbox.js";
import { createFastRunner } from "./fast-runner.js";
import { mountQuota, quotaMounts } from "./disk-quota.js";
import { enterOuterLimit, processesWithMarker, type OuterLimit } from "./__fixtures__/outer-limit.js";
import { RunFolder, removeStaleRunFolders } from "./run-folder.js";

/*
 * The run folder's total disk quota (a size-limited tmpfs, as root) against programs that
 * write too much, through the strong tier. The test process first moves into an outer
 * cgroup limit, as in hostile.int.test.ts: tmpfs pages count as memory of whoever wrote
 * them, so a quota that failed would still stop at the outer memory limit.
 */

const TEST_TIMEOUT = 120_000;
const DISK = new URL("./__fixtures__/disk/", import.meta.url);
const HOSTILE = new URL("./__fixtures__/hostile/", import.meta.url);
const LANGUAGES = [
  { language: "python", extension: ".py", command: ["python3", "hostile.py"], program: "hostile.py" },
  { language: "javascript", extension: ".mjs", command: ["node", "hostile.mjs"], program: "hostile.mjs" },
] as const;

let outer: OuterLimit;
let sandbox: DescribedSandbox;

/** Quota mounts this test process made that are still mounted. */
async function ownMounts(): Promise<string[]> {
  return (await quotaMounts()).filter((path) => path.startsWith(join(tmpdir(), `mend-run-${process.pid}-`)));
}

function fixture(url: URL, marker: string): string {
  return readFileSync(url, "utf8").replaceAll("__MARKER__", marker);
}

async function expectContained(result: ExecResult, marker: string): Promise<void> {
  expect(await processesWithMarker(marker)).toEqual([]);
  expect(await outer.strays()).toEqual([]);
  expect(await outer.children()).toEqual([]);
  expect(await ownMounts()).toEqual([]);
  expect(result.warnings).toBeUndefined();
}

beforeAll(async () => {
  outer = await enterOuterLimit({ memoryMb: 3072, pids: 600, cpus: 1 });
  sandbox = createSandbox({ cgroupParents: outer.parents, onWarning: () => {} });
  // CI runs as root: a run folder without its quota is a failure here, not a skip.
  expect((await sandbox.capabilities()).warnings.filter((w) => w.includes("disk quota"))).toEqual([]);
}, TEST_TIMEOUT);

afterAll(async () => {
  await sandbox?.close();
  expect(await ownMounts()).toEqual([]);
  await outer?.release();
});

for (const { language, extension, command, program } of LANGUAGES) {
  describe(`disk quota, strong tier, ${language}`, () => {
    it(
      "stops a program writing 20 files of 50 MiB at the 256 MiB default with ENOSPC: reason fsize",
      async () => {
        const marker = `mq${randomBytes(5).toString("hex")}`;
        const result = await sandbox.run({ command: [...command], files: { [program]: fixture(new URL(`write_many${extension}`, DISK), marker) }, timeoutMs: 60_000 });
        expect(result.reason, result.stderr.slice(-500)).toBe("fsize");
        expect(result.stderr).toMatch(/ENOSPC|No space left on device/);
        expect(result.stdout).not.toContain("wrote 1000 MiB");
        await expectContained(result, marker);
      },
      TEST_TIMEOUT,
    );

    it(
      "still gives fsize to a single 4 GB file (RLIMIT_FSIZE comes first)",
      async () => {
        const marker = `mq${randomBytes(5).toString("hex")}`;
        const result = await sandbox.run({ command: [...command], files: { [program]: fixture(new URL(`write_4g${extension}`, HOSTILE), marker) }, timeoutMs: 60_000 });
        expect(result.reason, result.stderr.slice(-500)).toBe("fsize");
        await expectContained(result, marker);
      },
      TEST_TIMEOUT,
    );
  });
}

for (const { language, extension } of LANGUAGES) {
  describe(`disk quota, fast tier, ${language}`, () => {
    it(
      "stops a candidate writing 20 files of 50 MiB with reason fsize, and the next candidate has the whole quota again",
      async () => {
        const runner = createFastRunner({ language, cgroupParents: outer.parents, onWarning: () => {} });
        try {
          const marker = `mq${randomBytes(5).toString("hex")}`;
          const hostile = fixture(new URL(`write_many${extension}`, DISK), marker);
          const files: Record<string, string> =
            language === "python"
              ? { "hostile.py": hostile, "test_hostile.py": "import hostile\n\n\ndef test_hostile():\n    hostile.main()\n" }
              : { "hostile.mjs": hostile, "hostile.test.mjs": "import { test } from 'node:test';\nimport { main } from './hostile.mjs';\ntest('hostile', () => main());\n" };
          const testFiles = [language === "python" ? "test_hostile.py" : "hostile.test.mjs"];
          for (let round = 0; round < 2; round++) {
            const result = await runner.runTests(files, { testFiles, timeoutMs: 60_000, args: ["-s"] });
            expect(result.reason, result.stderr.slice(-500)).toBe("fsize");
            expect(result.stdout).not.toContain("wrote 1000 MiB");
            expect(await processesWithMarker(marker)).toEqual([]);
          }
        } finally {
          await runner.close();
        }
        expect(await outer.children()).toEqual([]);
        expect(await quotaMounts()).not.toContainEqual(expect.stringContaining(`mend-run-${process.pid}-`));
      },
      TEST_TIMEOUT,
    );
  });
}

describe("disk quota, strong tier", () => {
  const writeMiB = (mib: number) =>
    `import os\nos.makedirs("out", exist_ok=True)\nfor i in range(${mib}):\n    open(f"/tmp/{i}.bin" if i % 2 else f"out/{i}.bin", "wb").write(b"x" * (1 << 20))\nopen("report.txt", "w").write("done")\n`;

  it(
    "counts the work folder and /tmp together, up to ExecSpec.diskMb, and collect reads files back",
    async () => {
      const fits = await sandbox.run({ command: ["python3", "w.py"], files: { "w.py": writeMiB(24) }, diskMb: 32, collect: ["report.txt"], timeoutMs: 30_000 });
      expect(fits.reason, fits.stderr).toBe("ok");
      expect(fits.files).toEqual({ "report.txt": "done" });
      const over = await sandbox.run({ command: ["python3", "w.py"], files: { "w.py": writeMiB(40) }, diskMb: 32, collect: ["report.txt"], timeoutMs: 30_000 });
      expect(over.reason, over.stderr).toBe("fsize");
      expect(over.files).toEqual({});
      expect(await ownMounts()).toEqual([]);
    },
    TEST_TIMEOUT,
  );

  it("does not call a full quota fsize when the program ended well", async () => {
    const source = "try:\n    open('a.bin', 'wb').write(b'x' * (40 << 20))\nexcept OSError as e:\n    print(e.errno)\n";
    const result = await sandbox.run({ command: ["python3", "w.py"], files: { "w.py": source }, diskMb: 8, timeoutMs: 30_000 });
    expect(result.reason).toBe("ok");
    expect(result.stdout.trim()).toBe("28");
  });

  it("unmounts when the program cannot even start", async () => {
    await expect(sandbox.run({ command: ["/nonexistent/mend-program"], files: {}, timeoutMs: 5_000 })).rejects.toThrow();
    await expect(sandbox.run({ command: ["python3"], files: {}, diskMb: -1, timeoutMs: 5_000 })).rejects.toThrow(/disk quota/);
    expect(await ownMounts()).toEqual([]);
  });

  it("unmounts what a killed mendloop process left behind before removing its folder", async () => {
    const dead = await deadPid();
    const root = await mkdtemp(join(tmpdir(), `mend-run-${dead}-`));
    await mountQuota(root, 1 << 20, 0o711);
    await writeFile(join(root, "leftover"), "x");
    expect(await quotaMounts(root)).toEqual([root]);
    await removeStaleRunFolders();
    expect(await quotaMounts(root)).toEqual([]);
    expect(existsSync(root)).toBe(false);
  });

  it("leaves the run folder of callers that ask for no quota (the fast tier) as a plain folder", async () => {
    const folder = await RunFolder.create();
    try {
      expect(folder.quota).toBe(false);
      expect(await quotaMounts(folder.root)).toEqual([]);
      expect(await folder.isDiskFull()).toBe(false);
    } finally {
      await folder.remove();
    }
  });
});

/** The pid of a process that has exited and been reaped. */
async function deadPid(): Promise<number> {
  const child = spawn("/bin/true");
  await new Promise((resolve) => child.on("close", resolve));
  return child.pid ?? 999_999;
}
