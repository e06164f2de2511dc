import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { UsageError } from "../errors/usage-error.js";
import type { RunResult } from "../shared/run-result.js";
import { toEvalTaskResult } from "./eval-task-result.js";
import { appendResult, openResults } from "./results-file.js";

const dir = mkdtempSync(join(tmpdir(), "mend-results-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const run = (runId: string, status: "passed" | "failed"): RunResult => ({
  schemaVersion: 1,
  runId,
  status,
  reason: status === "passed" ? "passed" : "max_attempts",
  verified: status === "passed",
  language: "python",
  code: "x = 1\n",
  attempts: [
    { n: 1, source: "draft", strategy: "draft", stage: "tests", summary: "1 failed", durationMs: 10, testsPassed: 1, testsTotal: 2 },
    ...(status === "passed" ? [{ n: 2, source: "offline" as const, strategy: "offline", stage: "ok" as const, summary: "ok", durationMs: 10 }] : []),
  ],
  usage: { modelCalls: 0, inputTokens: 0, outputTokens: 0, costUsd: 0, executions: 3 },
  durationMs: 20,
  runDir: `/runs/${runId}`,
});

describe("results.jsonl", () => {
  it("reads back what was appended, with the attempt that first passed", () => {
    const path = join(dir, "a.jsonl");
    appendResult(path, toEvalTaskResult("t1", run("r1", "passed")));
    appendResult(path, toEvalTaskResult("t2", run("r2", "failed")));
    const results = openResults(path);
    expect([...results.keys()]).toEqual(["t1", "t2"]);
    expect(results.get("t1")).toMatchObject({ status: "passed", passedAt: 2, runId: "r1" });
    expect(results.get("t2")?.passedAt).toBeUndefined();
  });

  it("drops a last line cut short by a crash, so the next append starts a clean line", () => {
    const path = join(dir, "cut.jsonl");
    appendResult(path, toEvalTaskResult("t1", run("r1", "passed")));
    appendFileSync(path, JSON.stringify(toEvalTaskResult("t2", run("r2", "passed"))).slice(0, 40));
    expect([...openResults(path).keys()]).toEqual(["t1"]);
    appendResult(path, toEvalTaskResult("t2", run("r3", "failed")));
    expect(openResults(path).get("t2")?.runId).toBe("r3");
    expect(readFileSync(path, "utf8").trim().split("\n")).toHaveLength(2);
  });

  it("refuses a file that is not eval results", () => {
    const path = join(dir, "other.jsonl");
    writeFileSync(path, '{"hello": "world"}\n');
    expect(() => openResults(path)).toThrow(UsageError);
    expect(openResults(join(dir, "missing.jsonl")).size).toBe(0);
  });
});
