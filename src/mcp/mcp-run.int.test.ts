import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { RunResult } from "../shared/run-result.js";
import { cannedReplies, type ScriptedServer, startScriptedServer } from "../testkit/index.js";
import { connectHttp, connectStdio, jsonOf, type Connect, type MendMcp } from "./__fixtures__/connect-mend.js";

/*
 * The model-backed `run` tool against the scripted OpenAI-compatible server on loopback: a
 * task the model solves, the server's attempt cap holding against a task file that asks for
 * more, and a run the client cancels while the model is thinking.
 */

const LONG = { timeout: 240_000 };
const TEST_TIMEOUT = 300_000;
const TRANSPORTS: [string, Connect][] = [
  ["stdio", connectStdio],
  ["Streamable HTTP", connectHttp],
];

let dir: string;
let model: ScriptedServer | undefined;
let mcp: MendMcp | undefined;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "mend-mcp-run-"));
  mkdirSync(join(dir, "median"));
  writeFileSync(join(dir, "median", "test_median.py"), cannedReplies.python.code.tests);
  writeFileSync(
    join(dir, "median", "task.md"),
    "---\nlanguage: python\ntests: test_median.py\nentry: median.py\nmaxAttempts: 9\n---\n" +
      "Write median(values): the median of a non-empty list of numbers; raise ValueError on an empty list.\n",
  );
});
afterEach(async () => {
  await mcp?.close();
  await model?.close();
  mcp = undefined;
  model = undefined;
  rmSync(dir, { recursive: true, force: true });
});

function modelFlags(server: ScriptedServer, ...more: string[]): string[] {
  return ["--model", "openai:scripted", "--base-url", server.url, "--no-review", ...more];
}

describe.each(TRANSPORTS)("mend mcp run over %s, with a model", (_name, connect) => {
  it("runs a task with the server's model and reports progress", { timeout: TEST_TIMEOUT }, async () => {
    model = await startScriptedServer([{ reply: cannedReplies.python.right }]);
    mcp = await connect(modelFlags(model), { cwd: dir, env: model.env });
    const progress: string[] = [];
    const result = await mcp.client.callTool({ name: "run", arguments: { task: "median" } }, undefined, {
      ...LONG,
      onprogress: (note) => void progress.push(note.message ?? ""),
    });
    const run = jsonOf(result) as unknown as RunResult;
    expect(run).toMatchObject({ status: "passed", verified: true, language: "python" });
    expect(run.code.trim()).toBe(cannedReplies.python.code.right.trim());
    expect(run.attempts[0]).toMatchObject({ source: "model", stage: "ok" });
    expect(run.usage.modelCalls).toBe(1);
    expect(model.requests.map((request) => request.model)).toEqual(["scripted"]);
    expect(progress[0]).toMatch(new RegExp(`^mend: run ${run.runId} · python · model openai:scripted`));
    expect(progress.some((line) => line.startsWith("generate"))).toBe(true);
  });

  it("stops a run the client cancels, checkpointed, and goes on serving", { timeout: TEST_TIMEOUT }, async () => {
    model = await startScriptedServer([{ hang: true }]);
    mcp = await connect(modelFlags(model), { cwd: dir, env: model.env });
    const client = mcp.client;
    const controller = new AbortController();
    const call = client.callTool({ name: "run", arguments: { task: "median" } }, undefined, {
      ...LONG,
      signal: controller.signal,
      onprogress: () => controller.abort("the user changed their mind"),
    });
    await expect(call).rejects.toThrow(/changed their mind/);
    // The model call is still hanging; the run is told to stop and writes its result.
    let run: Record<string, unknown> = {};
    for (let poll = 0; poll < 600 && run.status === undefined; poll++) {
      const { resources } = await client.listResources();
      const uri = resources.find((resource) => resource.mimeType === "application/json")?.uri;
      if (uri) run = JSON.parse(((await client.readResource({ uri })).contents[0] as { text: string }).text) as Record<string, unknown>;
      if (run.status === undefined) await sleep(100);
    }
    expect(run).toMatchObject({ status: "failed", reason: "interrupted", verified: false });
    expect((await client.listTools()).tools).toHaveLength(5);
  });
});

describe("mend mcp run: the limits are the server's", () => {
  it("holds its --max-attempts against a task file that asks for more", { timeout: TEST_TIMEOUT }, async () => {
    model = await startScriptedServer([{ reply: cannedReplies.python.wrong }], { onExhausted: "repeat-last" });
    mcp = await connectStdio(modelFlags(model, "--max-attempts", "2", "--no-offline-repair"), { cwd: dir, env: model.env });
    const run = jsonOf(await mcp.client.callTool({ name: "run", arguments: { task: "median/task.md" } }, undefined, LONG)) as unknown as RunResult;
    expect(run).toMatchObject({ status: "failed", reason: "max_attempts", verified: false });
    expect(run.attempts).toHaveLength(2);
    expect(model.requests).toHaveLength(2);
  });
});
