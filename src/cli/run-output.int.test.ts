import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cannedReplies, startScriptedServer } from "../testkit/index.js";
import { runMend } from "./commands/__fixtures__/spawn-mend.js";

/*
 * What `mend run` leaves behind: with --write, the task's `entry` file holds the verified
 * code (and never unverified code); without --print-unverified, a run that did not verify
 * prints no code on stdout, so `mend run task > out.py` cannot capture buggy code unnoticed,
 * and a line on stderr says where the best attempt is kept.
 */

const SLOW = { timeout: 180_000 };
let dir: string;

/** A task folder as people write one: the requirement, the tests, the file to produce. */
function taskFolder(name: string): string {
  const folder = join(dir, name);
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, "test_median.py"), cannedReplies.python.code.tests);
  writeFileSync(
    join(folder, "task.md"),
    "---\nlanguage: python\ntests: test_median.py\nentry: median.py\nmaxAttempts: 2\n---\nWrite median(values): the middle value, or the mean of the two middle values.\n",
  );
  return folder;
}

async function runWith(replies: string[], args: string[]) {
  const server = await startScriptedServer(replies.map((reply) => ({ reply })));
  try {
    return await runMend([...args, "--model", "openai:scripted", "--base-url", server.url, "--runs-dir", join(dir, "runs")], { cwd: dir });
  } finally {
    await server.close();
  }
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "mend-cli-run-output-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("mend run --write", () => {
  it("writes the task's entry file with the verified code, and says so", SLOW, async () => {
    const folder = taskFolder("verified");
    const result = await runWith([cannedReplies.python.right], ["run", folder, "--write"]);
    expect(result.code, result.stderr).toBe(0);
    const entry = join(folder, "median.py");
    // The file as the model's fence held it, final line break included; stdout holds the same
    // text, so `mend run task > median.py` makes the same file.
    expect(readFileSync(entry, "utf8")).toBe(cannedReplies.python.code.right);
    expect(result.stdout).toBe(cannedReplies.python.code.right);
    expect(result.stderr).toContain(`wrote ${entry}`);
  });

  it("writes nothing when the run did not verify", SLOW, async () => {
    const folder = taskFolder("unverified-write");
    const wrong = cannedReplies.python.wrong;
    const result = await runWith([wrong, wrong], ["run", folder, "--write", "--no-offline-repair"]);
    expect(result.code, result.stderr).toBe(1);
    expect(existsSync(join(folder, "median.py"))).toBe(false);
  });
});

describe("mend run that does not verify", () => {
  it("prints no code on stdout and says where the best attempt is kept", SLOW, async () => {
    const folder = taskFolder("unverified");
    const wrong = cannedReplies.python.wrong;
    const result = await runWith([wrong, wrong], ["run", folder, "--no-offline-repair"]);
    expect(result.code, result.stderr).toBe(1);
    expect(result.stdout).toBe("");
    const kept = /best attempt \(unverified\) kept in (\S+)/.exec(result.stderr)?.[1];
    expect(kept, result.stderr).toBeDefined();
    expect(readFileSync(kept as string, "utf8")).toBe(cannedReplies.python.code.wrong);
    expect(result.stderr).toMatch(/--print-unverified/);
  });

  it("prints the unverified code on stdout with --print-unverified", SLOW, async () => {
    const folder = taskFolder("printed");
    const wrong = cannedReplies.python.wrong;
    const result = await runWith([wrong, wrong], ["run", folder, "--no-offline-repair", "--print-unverified"]);
    expect(result.code, result.stderr).toBe(1);
    expect(result.stdout).toBe(cannedReplies.python.code.wrong);
  });
});
