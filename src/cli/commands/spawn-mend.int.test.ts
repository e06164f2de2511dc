import { mkdtempSync, rmSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runMend, runMendInTerminal } from "./__fixtures__/spawn-mend.js";

// A test's mend must never read or write the user's own data folder (the fix memory lives there).
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "mend-spawn-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const userData = join(homedir(), ".local", "share");

describe("every mend the tests start has a data folder of its own", () => {
  it("runMend: a fresh one per process, under the temporary folder", async () => {
    const memoryOf = async () => {
      const result = await runMend(["memory", "list", "--json"], { cwd: dir });
      expect(result.code, result.stderr).toBe(0);
      return (JSON.parse(result.stdout) as { path: string }).path;
    };
    const [first, second] = [await memoryOf(), await memoryOf()];
    for (const path of [first, second]) {
      expect(path.startsWith(tmpdir())).toBe(true);
      expect(path.startsWith(userData)).toBe(false);
    }
    expect(first).not.toBe(second);
  });

  it("runMendInTerminal, which the approval tests use", async () => {
    const shown = await runMendInTerminal(["memory", "list"], { cwd: dir, prompt: "never asked", answers: [], timeoutMs: 60_000 });
    expect(shown.code, shown.stdout).toBe(0);
    const path = /no fixes remembered in (\S+)\)/.exec(shown.stdout)?.[1];
    expect(path, shown.stdout).toBeDefined();
    expect((path as string).startsWith(tmpdir())).toBe(true);
  });
});
