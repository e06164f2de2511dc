import { expect } from "vitest";
import type { ProcessSpec, Sandbox, SandboxProcess } from "../../shared/sandbox.js";
import type { CandidateBatch, CandidateRunner, CandidateVerdict } from "../candidate-runner.js";

/** The sandbox, counting the long-lived programs started through it and keeping them. */
export function counting(inner: Sandbox): Sandbox & { started: SandboxProcess[] } {
  const started: SandboxProcess[] = [];
  return {
    started,
    run: (spec) => inner.run(spec),
    start: async (spec: ProcessSpec) => {
      const process = await inner.start!(spec);
      started.push(process);
      return process;
    },
    close: () => inner.close(),
  };
}

/** Candidates by id, and the limits a batch of them runs with. */
export interface CandidateSet {
  candidates: { id: number; code: string }[];
  cpuMs: number;
}

/** A batch of the set's candidates with these ids, judged against the given failing and passing tests. */
export function batchOf(set: CandidateSet, ids: number[], failing: string[], passing: string[]): CandidateBatch {
  return {
    candidates: set.candidates.filter((candidate) => ids.includes(candidate.id)),
    failing,
    passing,
    timeoutMs: 10_000,
    cpuMs: set.cpuMs,
    budgetMs: 60_000,
    extraAfterPlausible: set.candidates.length,
    originalHangs: false,
  };
}

/** What a verdict says of the candidate, without the time it took. */
export function judged(verdicts: CandidateVerdict[]): Record<number, unknown> {
  return Object.fromEntries(
    verdicts.map(({ id, invalid, timedOut, failingPassed, failingTotal, restPassed, restTotal, unknownFailed }) => [
      id,
      { invalid, timedOut, failingPassed, failingTotal, restPassed, restTotal, unknownFailed },
    ]),
  );
}

/**
 * The runner's baseline (at `testTimeoutMs` per test) and its verdicts on the set's candidates,
 * batch after batch, every candidate started; the runner is closed after.
 */
export async function judge(runner: CandidateRunner, set: CandidateSet, batches: number[][], testTimeoutMs: number) {
  try {
    const baseline = await runner.baseline(testTimeoutMs, 30_000);
    if (baseline.status !== "ok") throw new Error(baseline.reason);
    const failing = baseline.tests.filter((test) => test.outcome !== "passed").map((test) => test.id);
    const passing = baseline.tests.filter((test) => test.outcome === "passed").map((test) => test.id);
    const verdicts: CandidateVerdict[] = [];
    for (const ids of batches) {
      const outcome = await runner.evaluate(batchOf(set, ids, failing, passing));
      expect(outcome.unstarted).toEqual([]);
      verdicts.push(...outcome.verdicts);
    }
    return { tests: baseline.tests.map(({ id, outcome, lines }) => ({ id, outcome, lines })), verdicts: judged(verdicts) };
  } finally {
    await runner.close();
  }
}
