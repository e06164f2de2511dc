import type { TestObservation } from "./candidate-runner.js";

/** A program line ranked by how likely it holds the fault. */
export interface SuspiciousLine {
  file: string;
  line: number;
  score: number;
}

/** Extra weight for a line the failure's traceback or the diagnosis points at. */
const FRAME_WEIGHT = 0.5;
const CHECK_WEIGHT = 0.5;

/**
 * Spectrum-based fault localization: Ochiai(s) = ef / sqrt(F * (ef + ep)), where ef and ep
 * count the failing and passing tests that executed line s and F is the number of failing
 * tests. The failing frame's own line (from tracebacks, or from the check's location) is
 * strong evidence and is added on top.
 */
export function rankByOchiai(
  file: string,
  tests: readonly TestObservation[],
  evidence: { checkLine?: number } = {},
): SuspiciousLine[] {
  const failing = tests.filter((test) => test.outcome === "failed" || test.outcome === "timeout");
  const passing = tests.filter((test) => test.outcome === "passed");
  const executedFailing = new Map<number, number>();
  const executedPassing = new Map<number, number>();
  const frames = new Map<number, number>();
  for (const test of failing) {
    for (const line of new Set(test.lines)) executedFailing.set(line, (executedFailing.get(line) ?? 0) + 1);
    if (test.failLine !== undefined) frames.set(test.failLine, (frames.get(test.failLine) ?? 0) + 1);
  }
  for (const test of passing) {
    for (const line of new Set(test.lines)) executedPassing.set(line, (executedPassing.get(line) ?? 0) + 1);
  }
  const scores = new Map<number, number>();
  for (const [line, ef] of executedFailing) {
    const ep = executedPassing.get(line) ?? 0;
    scores.set(line, ef / Math.sqrt(failing.length * (ef + ep)));
  }
  for (const [line, count] of frames) {
    scores.set(line, (scores.get(line) ?? 0) + (FRAME_WEIGHT * count) / Math.max(1, failing.length));
  }
  if (evidence.checkLine !== undefined) {
    scores.set(evidence.checkLine, (scores.get(evidence.checkLine) ?? 0) + CHECK_WEIGHT);
  }
  return [...scores]
    .filter(([, score]) => score > 0)
    .map(([line, score]) => ({ file, line, score: Math.round(score * 1e6) / 1e6 }))
    .sort((a, b) => b.score - a.score || a.line - b.line);
}
