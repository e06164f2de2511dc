import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cannedReplies, startScriptedServer } from "../testkit/index.js";
import { expectUsageExit, runMend } from "./commands/__fixtures__/spawn-mend.js";

/*
 * A model server that cannot be reached is found before the run starts, in one line (exit 2),
 * not after the offline search, the analysis and four retries. The server that can be reached
 * (the scripted OpenAI-compatible server) is still asked, once per model call, as before.
 */

let dir: string;
let closedUrl: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "mend-cli-reach-"));
  writeFileSync(join(dir, "median.py"), cannedReplies.python.code.wrong);
  writeFileSync(join(dir, "test_median.py"), cannedReplies.python.code.tests);
  writeFileSync(join(dir, "task.md"), "---\nlanguage: python\ntests: test_median.py\nentry: median.py\n---\nWrite median(values).\n");
  // A loopback port that was just in use and is now closed: nothing listens there.
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  closedUrl = `http://127.0.0.1:${port}/v1`;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("a model server that cannot be reached", () => {
  it.each([
    ["run", ["run", "task.md", "--runs-dir", "runs-run"]],
    ["repair", ["repair", "median.py", "--tests", "test_median.py", "--runs-dir", "runs-repair"]],
    ["eval", ["eval", ".", "--out", "runs-eval"]],
  ])("stops %s before it starts: one line naming the server and the setting, exit 2", async (_name, args) => {
    const result = await runMend([...args, "--model", "openai:qwen", "--base-url", closedUrl], { cwd: dir });
    const where = new URL(closedUrl).host;
    expectUsageExit(result, new RegExp(`^mend: cannot reach the model server at ${where} \\(connection refused: nothing is listening there\\); start it, or point --base-url at one that runs$`));
    // No run was started: no run folder, no eval results.
    const out = join(dir, `runs-${_name}`);
    expect(existsSync(out) ? readdirSync(out) : []).toEqual([]);
  });

  it("takes the address from OPENAI_BASE_URL too, and says so", async () => {
    const result = await runMend(["run", "task.md", "--model", "openai:qwen", "--json"], { cwd: dir, env: { OPENAI_BASE_URL: closedUrl } });
    expectUsageExit(result, /^mend: cannot reach the model server at 127\.0\.0\.1:\d+ \(connection refused.*\); start it, or point OPENAI_BASE_URL at one that runs$/, { json: true });
  });
});

describe("a model server that can be reached", () => {
  it("is asked as before: the reachability check sends no request of its own", async () => {
    const server = await startScriptedServer([{ reply: cannedReplies.python.right }]);
    try {
      const args = ["repair", "median.py", "--tests", "test_median.py", "--no-offline-repair", "--no-review", "--json", "--runs-dir", join(dir, "runs-ok")];
      const result = await runMend([...args, "--model", "openai:scripted", "--base-url", server.url], { cwd: dir });
      expect(result.code, result.stderr).toBe(0);
      expect(JSON.parse(result.stdout)).toMatchObject({ status: "passed" });
      expect(server.requests).toHaveLength(1);
    } finally {
      await server.close();
    }
  });
});
