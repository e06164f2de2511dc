import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectUsageExit, runMend } from "./__fixtures__/spawn-mend.js";

// A run folder recorded from a real run (see src/report/__fixtures__/runs/README.md).
const RECORDED = fileURLToPath(new URL("../../report/__fixtures__/runs/20261130-004226-6cf3d3", import.meta.url));
const RUN_ID = "20261130-004226-6cf3d3";

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "mend-cli-report-"));
  cpSync(RECORDED, join(dir, "runs", RUN_ID), { recursive: true });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("mend report", () => {
  it("writes report.html into the run folder and prints its path", async () => {
    const result = await runMend(["report", RUN_ID, "--runs-dir", "runs"], { cwd: dir });
    expect(result.code, result.stderr).toBe(0);
    const path = join(dir, "runs", RUN_ID, "report.html");
    expect(result.stdout).toBe(`${path}\n`);
    expect(readFileSync(path, "utf8")).toMatch(/^<!doctype html>/);
  });

  it("prints exactly one JSON object with --json, and takes a run folder's path", async () => {
    const result = await runMend(["report", join("runs", RUN_ID), "--json"], { cwd: dir });
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ path: join(dir, "runs", RUN_ID, "report.html") });
    expect(result.stdout.trim().split("\n")).toHaveLength(1);
  });

  it("exits 2 with one line for an unknown run id", async () => {
    const result = await runMend(["report", "no-such-run", "--runs-dir", "runs"], { cwd: dir });
    expectUsageExit(result, /^mend: no run "no-such-run" in /);
    expect(existsSync(join(dir, "runs", "no-such-run"))).toBe(false);
  });

  it("exits 2 with one line for a run folder whose meta.json is not JSON", async () => {
    // The JSON parser quotes the bad text, line break included, in its message.
    mkdirSync(join(dir, "runs", "garbled"), { recursive: true });
    writeFileSync(join(dir, "runs", "garbled", "meta.json"), "garbage\n");
    const result = await runMend(["report", "garbled", "--runs-dir", "runs"], { cwd: dir });
    expectUsageExit(result, /^mend: unreadable run file .*garbled\/meta\.json: /);
  });

  it.each([
    ["no run id", ["report"], /missing required argument 'run-id'/],
    ["two run ids", ["report", RUN_ID, RUN_ID], /too many arguments/],
  ])("exits 2 with one line for %s", async (_name, args, message) => {
    expectUsageExit(await runMend(args, { cwd: dir }), message);
  });
});
