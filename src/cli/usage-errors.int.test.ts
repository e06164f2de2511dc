import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectUsageExit, runMend } from "./commands/__fixtures__/spawn-mend.js";

/*
 * Every usage error reads the same, whoever found it (commander's parser or a command):
 * `mend: <what is wrong> ...`, one line, exit 2, with the help to read hinted where the
 * parser refused the command line. With --json, stdout holds one JSON error object.
 */

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "mend-cli-usage-"));
  writeFileSync(join(dir, "hello.py"), 'print("hello")\n');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("usage errors from the command-line parser", () => {
  it.each([
    ["an unknown option", ["exec", "hello.py", "--bogus"], /^mend: unknown option '--bogus'.*; see mend exec --help$/],
    ["a misspelt option, with commander's suggestion kept", ["check", "hello.py", "--tset", "x"], /^mend: unknown option '--tset' \(did you mean --tests\?\); see mend check --help$/],
    ["a bad option value", ["run", "--max-attempts", "0"], /^mend: --max-attempts takes a whole number of at least 1 \(got '0'\); see mend run --help$/],
    ["a missing argument", ["exec"], /^mend: missing required argument 'file'; see mend exec --help$/],
    ["an unknown command", ["frob"], /^mend: unknown command 'frob'; see mend --help$/],
  ])("%s is one mend: line with the help hinted, exit 2", async (_name, args, message) => {
    expectUsageExit(await runMend(args, { cwd: dir }), message);
  });

  it("with --json puts one JSON error object on stdout, and the same line on stderr", async () => {
    const result = await runMend(["exec", "hello.py", "--bogus", "--json"], { cwd: dir });
    expect(result.code).toBe(2);
    expect(result.stdout.trim().split("\n")).toHaveLength(1);
    expect(JSON.parse(result.stdout)).toEqual({
      error: { code: "usage", message: "unknown option '--bogus'; see mend exec --help" },
      exitCode: 2,
    });
    expect(result.stderr).toBe("mend: unknown option '--bogus'; see mend exec --help\n");
  });
});

describe("usage errors from a command", () => {
  it("with --json puts one JSON error object on stdout", async () => {
    const result = await runMend(["exec", "missing.py", "--json"], { cwd: dir });
    expect(result.code).toBe(2);
    expect(JSON.parse(result.stdout)).toEqual({ error: { code: "file_missing", message: "file not found: missing.py" }, exitCode: 2 });
    expect(result.stderr).toBe("mend: file not found: missing.py\n");
  });

  it("without --json leaves stdout empty", async () => {
    expectUsageExit(await runMend(["exec", "missing.py"], { cwd: dir }), /^mend: file not found: missing\.py$/);
  });
});
