import Database from "better-sqlite3";
import { FakeListChatModel } from "@langchain/core/utils/testing";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RunFolder } from "../runs/run-folder.js";
import type { Sandbox } from "../shared/sandbox.js";
import { cannedReplies, fenced } from "../testkit/index.js";
import { recordedChecks, recordedTask } from "./__fixtures__/recorded-checks.js";
import type { Validator } from "./collaborators.js";
import { createAgent } from "./create-agent.js";

// The model exchange (prompt, reply) of a candidate is kept in the run folder until its
// attempt file takes it, instead of riding in the checkpoints. A run that stopped between the
// model's reply and the validation must still end with the exchange in that attempt's file:
// runs of this version (kept file) and runs recorded before (exchange in the checkpoint).

const { code } = cannedReplies.python;
const wrongReply = fenced(code.wrong, "python", { prose: true });
const rightReply = fenced(code.right, "python", { prose: true });
/** Recorded by mendloop before the exchange left the candidate: crashed in the validation after a repair. */
const RECORDED_RUN = "20261201-165232-1275c5";

const noSandbox: Sandbox = {
  run: () => Promise.reject(new Error("nothing runs in these tests")),
  close: async () => {},
};

/** Replays the recorded checks; `crashOn` makes that call fail like a dead sandbox. */
function replay(crashOn?: number): Validator {
  let calls = 0;
  return async (input) => {
    calls += 1;
    if (calls === crashOn) throw new Error("the sandbox died");
    return structuredClone(input.code.trim() === code.right.trim() ? recordedChecks.right : recordedChecks.wrong);
  };
}

let runsDir: string;
beforeAll(() => {
  runsDir = mkdtempSync(join(tmpdir(), "mend-resume-exchange-"));
});
afterAll(() => rmSync(runsDir, { recursive: true, force: true }));

function agent(replies: string[], validator: Validator) {
  return createAgent({
    model: new FakeListChatModel({ responses: replies }),
    validator,
    repairer: null,
    localizer: null,
    boundary: "off",
    sandbox: noSandbox,
    runsDir,
    env: {},
    maxAttempts: 3,
  });
}

function checkpointTexts(runDir: string): string[] {
  const db = new Database(join(runDir, "checkpoints.sqlite"), { readonly: true });
  try {
    const rows = db.prepare("SELECT checkpoint AS data FROM checkpoints UNION ALL SELECT value AS data FROM writes").all() as { data: Buffer }[];
    return rows.map((row) => Buffer.from(row.data).toString("utf8"));
  } finally {
    db.close();
  }
}

describe("the model exchange of a candidate across a stop before its validation", () => {
  it("is kept in the run folder, out of the checkpoints, and the resumed attempt's file holds it", async () => {
    const crashed = await agent([wrongReply, rightReply], replay(2)).run(recordedTask);
    expect(crashed).toMatchObject({ status: "failed", reason: "error" });
    expect(crashed.attempts).toHaveLength(1);
    expect(readdirSync(join(crashed.runDir, "attempts")).sort()).toEqual(["001.json"]);
    expect(readFileSync(join(crashed.runDir, "exchanges.jsonl"), "utf8")).toContain('"n":2,');
    // The repair prompt names the failed attempt's code; no checkpoint or write carries it.
    const folder = RunFolder.open(runsDir, crashed.runId);
    const kept = folder.readExchange(2);
    expect(kept?.messages.map((message) => message.role)).toEqual(["system", "user"]);
    expect(kept?.reply).toBe(rightReply);
    const prompt = kept?.messages[1].content as string;
    expect(checkpointTexts(crashed.runDir).filter((text) => text.includes(prompt.slice(0, 200)))).toEqual([]);

    const resumed = await agent([], replay()).resume(crashed.runId);
    expect(resumed).toMatchObject({ status: "passed", verified: true });
    expect(resumed.code.trim()).toBe(code.right.trim());
    const attempt = folder.readAttempt(2);
    expect(attempt?.record).toMatchObject({ n: 2, source: "model", strategy: "fix" });
    expect(attempt?.model).toEqual(kept);
    expect(RunFolder.open(runsDir, crashed.runId).readExchange(2)).toBeUndefined();
  });

  it("comes from the checkpoint in a run recorded before it was kept in the run folder", async () => {
    cpSync(new URL(`./__fixtures__/runs/${RECORDED_RUN}`, import.meta.url), join(runsDir, RECORDED_RUN), { recursive: true });
    const folder = RunFolder.open(runsDir, RECORDED_RUN);
    expect(folder.readAttempts()).toHaveLength(1);
    expect(folder.readExchange(2)).toBeUndefined();

    const resumed = await agent([], replay()).resume(RECORDED_RUN);
    expect(resumed).toMatchObject({ status: "passed", verified: true, runId: RECORDED_RUN });
    expect(resumed.code.trim()).toBe(code.right.trim());
    expect(resumed.attempts.map((attempt) => [attempt.source, attempt.strategy])).toEqual([
      ["model", "generate"],
      ["model", "fix"],
    ]);
    const attempt = folder.readAttempt(2);
    expect(attempt?.model?.reply).toBe(rightReply);
    expect(attempt?.model?.messages.map((message) => message.role)).toEqual(["system", "user"]);
    // The repair prompt shows the first attempt's failing code.
    expect(attempt?.model?.messages[1].content).toContain(code.wrong.trim());
  });
});
