import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enterOuterLimit, type OuterLimit } from "../../sandbox/__fixtures__/outer-limit.js";
import { runMend } from "./__fixtures__/spawn-mend.js";

/*
 * `mend exec` says which limits a program ran under, and says so when one of them changed
 * what the program did even though it exited 0. The forking program runs under an outer
 * cgroup limit of its own (mend, spawned by this test, nests its run cgroups inside it), so
 * that a sandbox that failed to cap the forks could not take the machine down.
 */

const FORKS = fileURLToPath(new URL("./__fixtures__/forks_past_the_cap.py", import.meta.url));
let dir: string;
let outer: OuterLimit;

beforeAll(async () => {
  outer = await enterOuterLimit({ memoryMb: 2048, pids: 600, cpus: 1 });
  dir = mkdtempSync(join(tmpdir(), "mend-cli-exec-limits-"));
  copyFileSync(FORKS, join(dir, "pool.py"));
  writeFileSync(join(dir, "hello.py"), 'print("hello")\n');
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await outer?.release();
});

describe("mend exec and its limits", () => {
  it("shows the limits the program ran under with --json", async () => {
    const result = await runMend(["exec", "hello.py", "--timeout", "7", "--memory", "300", "--json"], { cwd: dir });
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout).limits).toEqual({
      timeoutMs: 7000,
      memoryMb: 300,
      pids: expect.any(Number),
      cpuSeconds: expect.any(Number),
      outputBytes: expect.any(Number),
    });
  });

  it("says the process cap was hit when a program's forks were refused, though it exited 0", { timeout: 60_000 }, async () => {
    const result = await runMend(["exec", "pool.py", "--json"], { cwd: dir });
    const json = JSON.parse(result.stdout);
    const [, , refused] = /^started (\d+) workers, (\d+) refused\n$/.exec(json.stdout) ?? [];
    expect(Number(refused), json.stdout).toBeGreaterThan(0);
    expect(json.exitCode).toBe(0);
    expect(json.reason).toBe("ok");
    expect(json.warnings).toContainEqual(expect.stringMatching(new RegExp(`process limit \\(${json.limits.pids}\\) refused \\d+ forks`)));
    expect(await outer.strays()).toEqual([]);
  });

  it("names the refused forks in the human verdict", { timeout: 60_000 }, async () => {
    const result = await runMend(["exec", "pool.py"], { cwd: dir });
    expect(result.stdout).toMatch(/refused/);
    expect(result.stderr).toMatch(/^mend exec: ok \(exit code 0, \d+ ms\), but the process limit \(\d+\) refused \d+ forks/m);
  });
});
