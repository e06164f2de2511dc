import type { AttemptRecord } from "../../shared/attempt.js";
import type { CheckResult } from "../../shared/check-result.js";
import { isVerified } from "../../validation/tests-run.js";
import type { AgentDeps } from "../agent-deps.js";
import { betterAttempt, toBestAttempt } from "../best-attempt.js";
import { candidateFiles, others } from "../program-files.js";
import type { AgentStateValue, AgentUpdate, Candidate } from "../state.js";
import { noTestsMessage } from "../stop-reason.js";
import { toDiagnosis } from "../to-diagnosis.js";
import { testsFor } from "../tests-for.js";
import { codeKey } from "../code-key.js";
import { diagnoseAttempt } from "../diagnose-attempt.js";
import { testReviewDue } from "../test-review-due.js";
import { failedGeneratedOnly } from "../../testgen/generated-failures.js";

/**
 * Validates the candidate in the sandbox and records it as an attempt: this is the one
 * place the attempt counter moves, and the attempt's file is written before the step ends,
 * so a crash after it loses nothing. Code that passes every layer without a test having run
 * is not verified: the run stops there with reason `no_tests`.
 */
export function validateNode(deps: AgentDeps) {
  return async (state: AgentStateValue): Promise<AgentUpdate> => {
    const candidate = state.candidate;
    if (!candidate) throw new Error("validate reached without a candidate");
    const { task } = deps;
    const started = Date.now();
    const files = candidateFiles(task, state.files, candidate);
    // The program's other files are laid over the project as they are in this candidate.
    const support = [...(task.support ?? []), ...(files ? others(files, task.entry) : [])];
    const check = await deps.validator(
      {
        language: task.language,
        entry: task.entry,
        code: candidate.code,
        tests: testsFor(deps, state),
        ...(support.length > 0 ? { support } : {}),
        ...(task.allowNetwork !== undefined ? { allowNetwork: task.allowNetwork } : {}),
        ...(task.typeCheck !== undefined ? { typeCheck: task.typeCheck } : {}),
        ...(state.baselineLint ? { baselineLint: state.baselineLint } : {}),
        ...(task.project ? { project: task.project } : {}),
        ...(task.testCommand ? { testCommand: task.testCommand } : {}),
      },
      { sandbox: deps.sandbox, signal: deps.signal },
    );
    const n = state.attempts + 1;
    const record = attemptRecord(n, candidate, check, candidate.produceMs + (Date.now() - started));
    // A candidate from a checkpoint of an earlier version carries its exchange itself.
    const model = candidate.model ?? (candidate.exchangeKept ? deps.folder.readExchange(n) : undefined);
    deps.folder.writeAttempt({
      schemaVersion: 1,
      record,
      code: candidate.code,
      ...(files ? { files } : {}),
      check,
      // Written here rather than by diagnose (which derives the same from the check): one
      // file write per attempt instead of two.
      ...(check.passed ? {} : { diagnosis: toDiagnosis(check) }),
      ...(model ? { model } : {}),
      ...(candidate.offline ? { offline: candidate.offline } : {}),
      ...(candidate.recalled?.length ? { recalled: candidate.recalled } : {}),
    });
    if (candidate.exchangeKept) deps.folder.dropExchange(n);
    deps.emit({
      type: "attempt",
      record,
      ...(check.signature ? { signature: check.signature } : {}),
      counters: { ...state.usage, executions: state.usage.executions + check.executions, attempts: n },
    });
    const validated: AgentUpdate = {
      attempts: n,
      code: candidate.code,
      files,
      check,
      candidate: null,
      best: betterAttempt(state.best, toBestAttempt(n, check)),
      usage: { executions: check.executions },
      ...(candidate.source === "draft" ? { baselineLint: check.lintSignatures ?? [] } : {}),
      ...disputed(state, candidate.code, check),
      ...(check.passed && !isVerified(check) ? { reason: "no_tests" as const, message: noTestsMessage(deps.verifiedBy) } : {}),
    };
    // A failed attempt is diagnosed in this same step, which saves LangGraph a step and a
    // checkpoint per attempt, unless it ends the review-fix round or the test review judges it first.
    if (check.passed || state.reviewFix?.status === "pending") return validated;
    // The update holds plain values (no Overwrite), and diagnosis reads no usage.
    const after = { ...state, ...validated, usage: state.usage } as AgentStateValue;
    if (testReviewDue(after, deps)) return validated;
    const earlier = { n: state.attempts, code: state.code };
    return { ...validated, ...diagnoseAttempt(after, deps, { source: candidate.source, strategy: candidate.strategy }, earlier) };
  };
}

/** A program that fails only generated tests counts against each of them (once per distinct program). */
function disputed(state: AgentStateValue, code: string, check: CheckResult): AgentUpdate {
  const generated = state.generatedTests;
  if (!generated) return {};
  const failed = failedGeneratedOnly(check, generated.suite.tests.map((test) => test.name));
  if (failed.length === 0) return {};
  const key = codeKey(code);
  const disputes = { ...generated.disputes };
  for (const name of failed) disputes[name] = [...new Set([...(disputes[name] ?? []), key])];
  return { generatedTests: { ...generated, disputes } };
}

function attemptRecord(n: number, candidate: Candidate, check: CheckResult, durationMs: number): AttemptRecord {
  const record: AttemptRecord = {
    n,
    source: candidate.source,
    strategy: candidate.strategy,
    stage: check.stage,
    summary: check.summary,
    durationMs,
  };
  if (check.errorType && !check.passed) record.errorType = check.errorType;
  if (check.tests) {
    record.testsPassed = check.tests.passed;
    record.testsTotal = check.tests.passed + check.tests.failed + check.tests.errors;
  }
  if (candidate.tokens) record.tokens = candidate.tokens;
  return record;
}
