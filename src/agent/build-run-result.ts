import type { RunFolder } from "../runs/run-folder.js";
import type { Language } from "../shared/language.js";
import type { Review } from "../shared/review.js";
import type { RunReason, RunResult } from "../shared/run-result.js";
import type { GeneratedVerification } from "../shared/verification.js";
import { isVerified, testsRun } from "../validation/tests-run.js";
import type { AgentDeps } from "./agent-deps.js";
import { bestProgram } from "./best-attempt.js";
import type { AgentStateValue } from "./state.js";
import { verifiedBy } from "./tests-for.js";

/** How a session of the run ended, as seen from outside the graph. */
export type SessionEnd =
  | { kind: "finished" }
  | { kind: "awaiting_approval" }
  | { kind: "interrupted"; message: string }
  /** The error boundary stopped the run (a budget, a stuck loop). */
  | { kind: "stopped"; reason: RunReason; message: string }
  | { kind: "crashed"; message: string };

/**
 * The SPEC run JSON from the checkpointed state and the attempt files (the full history
 * lives in the run folder, not in the state).
 */
export function buildRunResult(
  state: AgentStateValue,
  folder: RunFolder,
  language: Language,
  durationMs: number,
  end: SessionEnd,
  deps: Pick<AgentDeps, "verifiedBy" | "task">,
): RunResult {
  const verdict = judge(state, folder, end);
  // A program given as files whose only file is the entry runs as one file, but is reported as the files it was given as.
  const files = verdict.files ?? (deps.task.editable !== undefined ? { [deps.task.entry]: verdict.code } : undefined);
  // Keys in the SPEC's order, so the JSON reads the same as the contract.
  return {
    schemaVersion: 1,
    runId: folder.runId,
    status: verdict.status,
    reason: verdict.reason,
    verified: verdict.verified,
    verification: {
      by: verifiedBy(deps, state),
      testsRun: verdict.testsRun,
      ...(state.generatedTests ? { generated: generatedOf(state) } : {}),
    },
    ...(state.codeReview ? { review: reviewOf(state) } : {}),
    language,
    code: verdict.code,
    ...(files ? { files } : {}),
    attempts: folder.readAttempts().map((file) => file.record),
    usage: { ...state.usage, costUsd: Math.round(state.usage.costUsd * 1e6) / 1e6 },
    durationMs: Math.round(durationMs),
    runDir: folder.dir,
    ...(verdict.message ? { message: verdict.message } : {}),
    ...(verdict.pending ? { pending: verdict.pending } : {}),
  };
}

type Verdict = Pick<RunResult, "status" | "reason" | "verified" | "code" | "files" | "message" | "pending"> & {
  /** Tests that ran on the returned code. */
  testsRun: number;
};

function judge(state: AgentStateValue, folder: RunFolder, end: SessionEnd): Verdict {
  const resume = `mend resume ${folder.runId}`;
  const best = state.best;
  const program = best ? bestProgram(best, state, folder) : undefined;
  switch (end.kind) {
    case "finished":
      if (!state.outcome) break;
      return {
        status: state.status === "passed" ? "passed" : "failed",
        reason: state.reason ?? "error",
        verified: state.outcome.verified,
        code: state.outcome.code,
        ...filesOf(state.outcome.files),
        testsRun: state.outcome.testsRun ?? 0,
        ...(state.status !== "passed" && state.message ? { message: state.message } : {}),
      };
    case "awaiting_approval":
      return {
        status: "failed",
        reason: "interrupted",
        pending: "approval",
        verified: state.check ? isVerified(state.check) : false,
        code: state.code ?? "",
        ...filesOf(state.files),
        testsRun: state.check ? testsRun(state.check) : 0,
        message: `verified code is waiting for approval: ${resume} --approve (or --reject)`,
      };
    case "stopped": {
      const label = best ? `; returning attempt ${best.n}${best.passed ? "" : ", unverified"}` : "";
      return {
        status: "failed",
        reason: end.reason,
        verified: best?.passed ?? false,
        code: program?.code ?? state.code ?? "",
        ...filesOf(program ? program.files : state.files),
        testsRun: best?.testsRun ?? 0,
        message: `${end.message}${label}`,
      };
    }
    case "interrupted":
    case "crashed":
      return {
        status: "failed",
        reason: end.kind === "interrupted" ? "interrupted" : "error",
        verified: best?.passed ?? false,
        code: program?.code ?? state.code ?? "",
        ...filesOf(program ? program.files : state.files),
        testsRun: best?.testsRun ?? 0,
        message: `${end.message}; continue with: ${resume}`,
      };
  }
  return {
    status: "failed",
    reason: "error",
    verified: false,
    code: program?.code ?? "",
    testsRun: best?.testsRun ?? 0,
    message: "the run ended without an outcome",
  };
}

/** The generated tests as the SPEC shows them, with their mutation score when it was measured. */
function generatedOf(state: AgentStateValue): GeneratedVerification {
  const generated = state.generatedTests;
  const adequacy = state.testAdequacy;
  return {
    kept: generated?.suite.tests.length ?? 0,
    dropped: generated?.dropped ?? [],
    ...(adequacy?.status === "measured" ? { mutation: { mutants: adequacy.mutants, killed: adequacy.killed, score: Math.round(adequacy.score * 1000) / 1000 } } : {}),
  };
}

/** The review as the SPEC shows it, with how the review-fix round went when there was one. */
function reviewOf(state: AgentStateValue): Review | undefined {
  if (!state.codeReview) return undefined;
  const fix = state.reviewFix;
  return { ...state.codeReview, ...(fix && fix.status !== "pending" ? { fix: { status: fix.status, summary: fix.summary } } : {}) };
}

function filesOf(files: Record<string, string> | null | undefined): Pick<RunResult, "files"> {
  return files ? { files } : {};
}
