import { z } from "zod";
import type { AttemptRecord } from "../shared/attempt.js";
import type { RunResult } from "../shared/run-result.js";

/**
 * One finished task of an eval, one JSON line each in `results.jsonl`: enough to compute
 * every figure again (and to compare runs) without the run folders.
 */
export interface EvalTaskResult {
  schemaVersion: 1;
  taskId: string;
  status: "passed" | "failed";
  reason: string;
  verified: boolean;
  /** The attempt that first passed validation; absent when none did. */
  passedAt?: number;
  attempts: AttemptRecord[];
  usage: { modelCalls: number; inputTokens: number; outputTokens: number; costUsd: number; executions: number };
  durationMs: number;
  runId: string;
  runDir: string;
  message?: string;
  /** The queue worker that ran it (`host:pid`), for an eval run on workers. */
  worker?: string;
  finishedAt: string;
}

const attemptSchema = z.looseObject({
  n: z.number().int(),
  source: z.string(),
  strategy: z.string(),
  stage: z.string(),
  summary: z.string(),
  durationMs: z.number(),
});

/** Reads back a result line; lines written by this version (and later additive ones) pass. */
export const evalTaskResultSchema = z.looseObject({
  schemaVersion: z.literal(1),
  taskId: z.string(),
  status: z.enum(["passed", "failed"]),
  reason: z.string(),
  verified: z.boolean(),
  passedAt: z.number().int().positive().optional(),
  attempts: z.array(attemptSchema),
  usage: z.object({
    modelCalls: z.number(),
    inputTokens: z.number(),
    outputTokens: z.number(),
    costUsd: z.number(),
    executions: z.number(),
  }),
  durationMs: z.number(),
  runId: z.string(),
  runDir: z.string(),
  message: z.string().optional(),
  worker: z.string().optional(),
  finishedAt: z.string(),
});

/** The eval's record of a run. */
export function toEvalTaskResult(taskId: string, run: RunResult, finishedAt: Date = new Date()): EvalTaskResult {
  const first = run.attempts.find((attempt) => attempt.stage === "ok");
  return {
    schemaVersion: 1,
    taskId,
    status: run.status,
    reason: run.reason,
    verified: run.verified,
    ...(first ? { passedAt: first.n } : {}),
    attempts: run.attempts,
    usage: run.usage,
    durationMs: run.durationMs,
    runId: run.runId,
    runDir: run.runDir,
    ...(run.message ? { message: run.message } : {}),
    finishedAt: finishedAt.toISOString(),
  };
}
