import { FakeListChatModel } from "@langchain/core/utils/testing";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunEvent } from "../runs/run-event.js";
import { RunFolder } from "../runs/run-folder.js";
import type { Sandbox } from "../shared/sandbox.js";
import { cannedReplies, fenced } from "../testkit/index.js";
import { recordedChecks } from "./__fixtures__/recorded-checks.js";
import type { FaultLocalizer, Validator } from "./collaborators.js";
import { createAgent } from "./create-agent.js";

// Before repair analyzed a failure in its own step, `analyze` was a step between the failed
// attempt and its repair. A run checkpointed with `analyze` next (stopped while it localized
// the fault) must go on with the current loop: the old node leads to repair, which analyzes.

/** Recorded by mendloop 4d97327: interrupted during the analysis of its first, failed attempt. */
const RECORDED_RUN = "20261201-224644-4ee891";
const { code } = cannedReplies.python;

const noSandbox: Sandbox = {
  run: () => Promise.reject(new Error("nothing runs in these tests")),
  close: async () => {},
};

const replay: Validator = async (input) => structuredClone(input.code.trim() === code.right.trim() ? recordedChecks.right : recordedChecks.wrong);

let runsDir: string;
beforeAll(() => {
  runsDir = mkdtempSync(join(tmpdir(), "mend-resume-analyze-"));
});
afterAll(() => rmSync(runsDir, { recursive: true, force: true }));

describe("a run checkpointed by an earlier version with `analyze` next", () => {
  it("resumes through repair, which analyzes the failure (fault localization in its prompt), and passes", async () => {
    cpSync(new URL(`./__fixtures__/runs/${RECORDED_RUN}`, import.meta.url), join(runsDir, RECORDED_RUN), { recursive: true });
    const localized: string[] = [];
    const localizer: FaultLocalizer = async (input) => {
      localized.push(input.code);
      return [{ file: "median.py", line: 3, score: 0.75 }];
    };
    const events: RunEvent[] = [];
    const agent = createAgent({
      model: new FakeListChatModel({ responses: [fenced(code.right, "python", { prose: true })] }),
      validator: replay,
      repairer: null,
      localizer,
      boundary: "off",
      sandbox: noSandbox,
      runsDir,
      env: {},
      onEvent: (event) => events.push(event),
    });
    try {
      const resumed = await agent.resume(RECORDED_RUN);
      expect(resumed).toMatchObject({ status: "passed", verified: true, runId: RECORDED_RUN });
      expect(resumed.attempts.map((attempt) => [attempt.source, attempt.strategy])).toEqual([
        ["model", "generate"],
        ["model", "fix"],
      ]);
      const steps = events.flatMap((event) => (event.type === "node_entered" ? [event.node] : []));
      expect(steps).toEqual(["analyze", "repair", "validate", "finish"]);
      expect(events).toContainEqual(expect.objectContaining({ type: "route", from: "analyze", to: "repair" }));
      // The analysis the interrupted step did not finish is done by repair, once.
      expect(localized.map((program) => program.trim())).toEqual([code.wrong.trim()]);
      const prompt = RunFolder.open(runsDir, RECORDED_RUN).readAttempt(2)?.model?.messages[1].content;
      expect(prompt).toContain(`line 3 (score 0.75): ${code.wrong.split("\n")[2].trim()}`);
      expect(prompt).toContain(code.wrong.trim());
    } finally {
      await agent.close();
    }
  });
});
