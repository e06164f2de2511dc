import Database from "better-sqlite3";
import { FakeListChatModel } from "@langchain/core/utils/testing";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RunFolder } from "../runs/run-folder.js";
import type { Sandbox } from "../shared/sandbox.js";
import { fenced } from "../testkit/index.js";
import { recordedChecks, recordedPrograms, type RecordedCheckName } from "./__fixtures__/recorded-checks.js";
import type { Validator } from "./collaborators.js";
import { createAgent } from "./create-agent.js";

// Before the attempts' history was one channel (`history`) holding each attempt's code once,
// checkpoints held it in three channels (`recent`, `older`, `avoid`), with the code on both
// recent attempts and on the best one. A run checkpointed that way must go on with the
// current loop, its history and its best attempt as they were.

/**
 * Recorded by mendloop 1f0caea: attempts 1-3 failed (wrong, an undefined name, a syntax
 * error), then the validator died on the fourth candidate (the wrong program again).
 */
const RECORDED_RUN = "20261202-082843-c15534";

const noSandbox: Sandbox = {
  run: () => Promise.reject(new Error("nothing runs in these tests")),
  close: async () => {},
};

const replay: Validator = async (input) => {
  const name = (Object.keys(recordedPrograms) as RecordedCheckName[]).find((key) => recordedPrograms[key].trim() === input.code.trim());
  if (!name) throw new Error(`no recorded check for ${input.code}`);
  return structuredClone(recordedChecks[name]);
};

let runsDir: string;
beforeAll(() => {
  runsDir = mkdtempSync(join(tmpdir(), "mend-resume-history-"));
});
afterAll(() => rmSync(runsDir, { recursive: true, force: true }));

/** A copy of the recorded run in a runs folder of its own. */
function recordedRun(): string {
  const dir = mkdtempSync(join(runsDir, "copy-"));
  cpSync(new URL(`./__fixtures__/runs/${RECORDED_RUN}`, import.meta.url), join(dir, RECORDED_RUN), { recursive: true });
  return dir;
}

async function resume(dir: string, replies: string[]) {
  const agent = createAgent({
    model: new FakeListChatModel({ responses: replies }),
    validator: replay,
    repairer: null,
    localizer: null,
    boundary: "off",
    sandbox: noSandbox,
    runsDir: dir,
    env: {},
  });
  try {
    return await agent.resume(RECORDED_RUN);
  } finally {
    await agent.close();
  }
}

/** The channel values of the run's last checkpoint. */
function lastChannels(dir: string): Record<string, unknown> {
  const db = new Database(join(dir, RECORDED_RUN, "checkpoints.sqlite"), { readonly: true });
  try {
    const row = db.prepare("SELECT checkpoint FROM checkpoints ORDER BY checkpoint_id DESC LIMIT 1").get() as { checkpoint: Buffer };
    return (JSON.parse(row.checkpoint.toString("utf8")) as { channel_values: Record<string, unknown> }).channel_values;
  } finally {
    db.close();
  }
}

describe("a run checkpointed by an earlier version with its history in three channels", () => {
  it("resumes with that history in the repair prompt and passes", async () => {
    const dir = recordedRun();
    const resumed = await resume(dir, [fenced(recordedPrograms.right, "python", { prose: true })]);
    expect(resumed).toMatchObject({ status: "passed", verified: true, runId: RECORDED_RUN, code: recordedPrograms.right });
    expect(resumed.attempts.map((attempt) => attempt.stage)).toEqual(["tests", "lint", "syntax", "tests", "ok"]);
    const prompt = RunFolder.open(dir, RECORDED_RUN).readAttempt(5)?.model?.messages[1].content ?? "";
    // Attempt 3 in full, its code from the old `recent` channel; 1 and 2 as lines, from `older` and the shift.
    expect(prompt).toContain(`### Attempt 3 (fix)`);
    expect(prompt).toContain(recordedPrograms.syntax.trim());
    expect(prompt).toMatch(/- attempt 1 \(generate\): assertion at line 9/);
    expect(prompt).toMatch(/- attempt 2 \(fix\): lint/);
    // The do-not-repeat list from the old `avoid` channel: the wrong program failed twice the same way, listed once.
    const avoid = prompt.slice(prompt.indexOf("## Do not repeat"));
    expect(avoid.match(/^- attempt \d+/gm)).toEqual(["- attempt 1", "- attempt 2", "- attempt 3"]);
    // The history goes on in the new channel (written when attempt 4 was diagnosed; 5 passed):
    // attempt 3 with its code, attempt 4's code only in `code`.
    const channels = lastChannels(dir);
    const history = channels.history as { recent: { n: number; code?: string }[] };
    expect(history.recent.map((attempt) => [attempt.n, attempt.code])).toEqual([
      [3, recordedPrograms.syntax],
      [4, undefined],
    ]);
  });

  it("resumes to its last attempt and returns the best attempt the old checkpoint recorded", async () => {
    const dir = recordedRun();
    const resumed = await resume(dir, [fenced(recordedPrograms.nameError, "python")]);
    expect(resumed).toMatchObject({ status: "failed", reason: "max_attempts", verified: false, code: recordedPrograms.wrong });
    expect(resumed.attempts).toHaveLength(5);
    expect(resumed.message).toMatch(/returning the best attempt, 1 \(1 test passed/i);
  });
});
