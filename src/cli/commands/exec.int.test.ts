import { randomBytes } from "node:crypto";
import { chmodSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { processesWithMarker } from "../../sandbox/__fixtures__/outer-limit.js";
import { expectUsageExit, runMend, spawnMend } from "./__fixtures__/spawn-mend.js";

const EXEC_KEYS = ["exitCode", "signal", "reason", "timedOut", "outputLimited", "stdout", "stderr", "durationMs", "limits"];
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "mend-cli-exec-"));
  writeFileSync(join(dir, "hello.py"), 'print("hello")\n');
  writeFileSync(join(dir, "forever.js"), "for (;;);\n");
  writeFileSync(join(dir, "bytes.py"), "import sys\nsys.stdout.buffer.write(b'ok \\xff\\xfe')\n");
  writeFileSync(join(dir, "hungry.py"), "block = bytearray(200 * 1024 * 1024)\n");
  writeFileSync(join(dir, "answer.ts"), "const answer: number = 6 * 7;\nconsole.log(`answer ${answer}`);\n");
  writeFileSync(join(dir, "broken.ts"), "const x: = ;\n");
  writeFileSync(join(dir, "notes.txt"), "not a program\n");
  writeFileSync(join(dir, "binary.py"), Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x00, 0x01]));
  writeFileSync(join(dir, "latin1.py"), Buffer.from('print("caf\xe9")\n', "latin1"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("mend exec", () => {
  it("prints exactly the SPEC exec shape with --json and exits 0 when the program did", async () => {
    const result = await runMend(["exec", "hello.py", "--json"], { cwd: dir });
    expect(result.code).toBe(0);
    const json = JSON.parse(result.stdout);
    // No `warnings` key: CI has every mechanism, and a missing one must show up here.
    expect(Object.keys(json).sort()).toEqual([...EXEC_KEYS].sort());
    expect(json).toMatchObject({ exitCode: 0, signal: null, reason: "ok", timedOut: false, outputLimited: false, stdout: "hello\n" });
  });

  it("passes the program's output through and gives its verdict on stderr without --json", async () => {
    const result = await runMend(["exec", "hello.py"], { cwd: dir });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe("hello\n");
    expect(result.stderr).toMatch(/^mend exec: ok \(exit code 0, \d+ ms\)\n$/);
  });

  it("stops a program at its timeout and exits 1", async () => {
    const result = await runMend(["exec", "forever.js", "--timeout", "1", "--json"], { cwd: dir });
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout)).toMatchObject({ reason: "timeout", timedOut: true, exitCode: null, signal: "SIGKILL" });
  });

  it("stops a program at its memory limit", async () => {
    const result = await runMend(["exec", "hungry.py", "--memory", "64", "--json"], { cwd: dir });
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout)).toMatchObject({ reason: "memory", signal: "SIGKILL" });
  });

  it("decodes output that is not UTF-8 with replacement characters", async () => {
    const result = await runMend(["exec", "bytes.py", "--json"], { cwd: dir });
    expect(JSON.parse(result.stdout).stdout).toBe("ok \uFFFD\uFFFD");
  });

  it("transpiles TypeScript on the host and runs it", async () => {
    const result = await runMend(["exec", "answer.ts", "--json"], { cwd: dir });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ reason: "ok", stdout: "answer 42\n" });
  });

  it("reports TypeScript that does not compile as a failed run with the compiler's errors", async () => {
    const result = await runMend(["exec", "broken.ts", "--json"], { cwd: dir });
    expect(result.code).toBe(1);
    const json = JSON.parse(result.stdout);
    expect(json).toMatchObject({ reason: "exit", exitCode: 1 });
    expect(json.stderr).toMatch(/^broken\.ts\(1,\d+\): error TS\d+/);
  });

  it("takes the whole sandboxed tree down when mend itself is killed", async () => {
    const marker = `mk${randomBytes(5).toString("hex")}`;
    // A detached daemon and its parent, both named after the marker, both running forever.
    writeFileSync(
      join(dir, "immortal.py"),
      `import os, time\nopen("/proc/self/comm", "w").write("${marker}")\n` +
        "if os.fork() == 0:\n    os.setsid()\n    while True:\n        time.sleep(1)\nwhile True:\n    time.sleep(1)\n",
    );
    // Its own TMPDIR: no other mend (parallel test files start sandboxes too) sweeps there, so
    // what removes the leftover below can only be the next mend started on it.
    const tmp = mkdtempSync(join(tmpdir(), "mend-cli-exec-tmp-"));
    chmodSync(tmp, 0o711);
    onTestFinished(() => rmSync(tmp, { recursive: true, force: true }));
    const { child, exit } = spawnMend(["exec", "immortal.py", "--timeout", "60"], { cwd: dir, env: { TMPDIR: tmp } });
    for (let i = 0; i < 300 && (await processesWithMarker(marker)).length < 2; i++) await sleep(100);
    expect((await processesWithMarker(marker)).length).toBe(2);
    const leftovers = () => readdirSync(tmp).filter((name) => name.startsWith(`mend-run-${child.pid}-`));
    expect(leftovers()).toHaveLength(1);
    child.kill("SIGKILL");
    await exit;
    for (let i = 0; i < 50 && (await processesWithMarker(marker)).length > 0; i++) await sleep(100);
    expect(await processesWithMarker(marker)).toEqual([]);
    // The killed mend could not clean up; the next one on the same TMPDIR removes what it left.
    expect(leftovers()).toHaveLength(1);
    const next = await runMend(["exec", "hello.py"], { cwd: dir, env: { TMPDIR: tmp } });
    expect(next.code, next.stderr).toBe(0);
    expect(leftovers()).toEqual([]);
    expect(readdirSync(tmp)).toEqual([]);
  });

  const bad: [string, string[], RegExp][] = [
    ["a missing file", ["exec", "nope.py"], /^mend: file not found: nope\.py$/],
    ["a folder", ["exec", "."], /^mend: not a file: \.$/],
    ["an unknown language", ["exec", "hello.py", "--lang", "cobol"], /unknown language "cobol"/],
    ["a file name that tells no language", ["exec", "notes.txt"], /cannot tell the language of notes\.txt/],
    ["a binary file", ["exec", "binary.py"], /binary\.py is a binary file/],
    ["a file that is not UTF-8", ["exec", "latin1.py"], /latin1\.py is not UTF-8 text/],
    ["a timeout of 0", ["exec", "hello.py", "--timeout", "0"], /--timeout must be more than 0 seconds/],
    ["a negative timeout", ["exec", "hello.py", "--timeout", "-5"], /--timeout must be more than 0 seconds/],
    ["an absurd timeout", ["exec", "hello.py", "--timeout", "86400"], /--timeout must be at most 3600 seconds/],
    ["a timeout that is not a number", ["exec", "hello.py", "--timeout", "soon"], /--timeout must be a number of seconds/],
    ["memory below what the interpreter needs", ["exec", "hello.py", "--memory", "4"], /below what python needs to start/],
    ["memory beyond the machine", ["exec", "hello.py", "--memory", "99999999"], /more than this machine has/],
    ["memory that is not a whole number", ["exec", "hello.py", "--memory", "1.5"], /--memory must be a whole number of MiB/],
  ];
  it.each(bad)("exits 2 with one line for %s", async (_name, args, message) => {
    const result = await runMend(args, { cwd: dir });
    expectUsageExit(result, message);
  });
});
