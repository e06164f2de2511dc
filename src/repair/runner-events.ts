import type { Baseline, BatchOutcome, CandidateBatch, CandidateVerdict, TestObservation } from "./candidate-runner.js";

/** What a batch runner (runtime/python/repair_runner.py, the Node runners) reports, one line each. */
export interface RunnerEvent {
  event: string;
  [key: string]: unknown;
}

const MARKER = "@@mend ";

/** The event on one output line, if it is one: other lines are the program's or pytest's output. */
export function parseEventLine(line: string): RunnerEvent | undefined {
  if (!line.startsWith(MARKER)) return undefined;
  try {
    return JSON.parse(line.slice(MARKER.length)) as RunnerEvent;
  } catch {
    // A line cut by the output limit or a kill: the events before it still count.
    return undefined;
  }
}

export function parseEvents(stdout: string): RunnerEvent[] {
  return stdout.split("\n").flatMap((line) => parseEventLine(line) ?? []);
}

/** The baseline a runner's events describe; `describeExit` says how it ended when it reported no test. */
export function baselineOf(events: RunnerEvent[], durationMs: number, describeExit: () => string): Baseline {
  const collectionError = events.find((event) => event.event === "collectionError");
  if (collectionError) return { status: "error", reason: "the tests could not be collected", durationMs };
  const tests: TestObservation[] = events
    .filter((event) => event.event === "test")
    .map((event) => ({
      id: String(event.id),
      outcome: event.outcome as TestObservation["outcome"],
      durationMs: Number(event.ms ?? 0),
      ...(typeof event.cpuMs === "number" ? { cpuMs: event.cpuMs } : {}),
      lines: Array.isArray(event.lines) ? (event.lines as number[]) : [],
      failLine: typeof event.failLine === "number" ? event.failLine : undefined,
    }));
  if (tests.length === 0) return { status: "error", reason: `the test runner reported no tests (${describeExit()})`, durationMs };
  const importError = events.find((event) => event.event === "importError");
  return { status: "ok", tests, durationMs, importError: importError ? String(importError.message) : undefined };
}

/**
 * The verdicts a runner's events give on a batch; without its closing `done` event (the run
 * was stopped), every candidate without a verdict counts as not started.
 */
export function outcomeOf(events: RunnerEvent[], batch: CandidateBatch): BatchOutcome {
  const verdicts: CandidateVerdict[] = events
    .filter((event) => event.event === "candidate")
    .map((event) => ({
      id: Number(event.id),
      invalid: event.invalid === true,
      timedOut: event.timedOut === true || event.aborted === true,
      failingPassed: Number(event.failingPassed ?? 0),
      failingTotal: Number(event.failingTotal ?? batch.failing.length),
      restPassed: typeof event.restPassed === "number" ? event.restPassed : null,
      restTotal: Number(event.restTotal ?? batch.passing.length),
      unknownFailed: Number(event.unknownFailed ?? 0),
      durationMs: Number(event.ms ?? 0),
      ...(typeof event.cpuMs === "number" ? { cpuMs: event.cpuMs } : {}),
    }));
  const done = events.find((event) => event.event === "done");
  const evaluated = new Set(verdicts.map((verdict) => verdict.id));
  const unstarted = done ? (done.unstarted as number[]) : batch.candidates.map((candidate) => candidate.id).filter((id) => !evaluated.has(id));
  return { verdicts, unstarted };
}
