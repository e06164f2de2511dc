import { describeExampleOrigins } from "../examples/choose-tests.js";
import type { RunCounters, RunEvent } from "../runs/run-event.js";
import type { AttemptRecord } from "../shared/attempt.js";
import type { RunResult } from "../shared/run-result.js";

/**
 * Renders run events as they happen, one line per graph node (the `updates` stream): the
 * attempt number, the stage it reached, tests passed/total, tokens so far, and where the
 * loop goes next. Writes go to stderr, so stdout stays for the result.
 */
export function createProgress(write: (line: string) => void): (event: RunEvent) => void {
  let attempt: AttemptRecord | undefined;
  let route: string | undefined;
  const notes: string[] = [];
  return (event) => {
    switch (event.type) {
      case "run_started":
        write(
          `mend: ${event.resumed ? "resuming" : "run"} ${event.runId} · ${event.language} · model ${event.model}\n` +
            `  run folder ${event.runDir}`,
        );
        return;
      case "tests_chosen":
        write(`  ${describeTestsChosen(event)}`);
        return;
      case "node_entered":
        attempt = undefined;
        route = undefined;
        notes.length = 0;
        return;
      case "attempt":
        attempt = event.record;
        return;
      case "route":
        route = event.to;
        return;
      case "strategy":
        notes.push(`strategy ${event.from} -> ${event.to} (${event.why})`);
        return;
      case "offline_repair":
        notes.push(
          event.status === "fixed"
            ? `found a fix (${event.candidatesRun} candidates, ${seconds(event.durationMs)})`
            : `no fix (${event.candidatesRun} candidates, ${seconds(event.durationMs)}${event.reason ? `: ${event.reason}` : ""})`,
        );
        return;
      case "model_retry":
        write(`  ${event.node}: provider fault ${event.reason}, retry ${event.retry}${event.waitMs ? ` in ${seconds(event.waitMs)}` : ""}`);
        return;
      case "node_finished":
        write(nodeLine(event.node, event.durationMs, event.counters, attempt, notes, route));
        return;
      case "tests_generated":
        notes.push(
          event.round === 1
            ? `the model wrote tests: ${plural(event.kept, "test")} kept, ${event.dropped} dropped`
            : `the model wrote more tests: ${event.added} added, ${plural(event.kept, "test")} kept in all`,
        );
        return;
      case "mutation_score":
        notes.push(
          event.status === "measured"
            ? `generated tests killed ${event.killed} of ${event.mutants} mutants (score ${event.score.toFixed(2)})`
            : `no mutation score: ${event.reason}`,
        );
        return;
      case "awaiting_approval":
        write(`  approve: waiting for a person's approval`);
        return;
      case "memory_recalled":
        notes.push(`recalled ${event.ids.length} similar fix${event.ids.length === 1 ? "" : "es"} from memory`);
        return;
      case "memory_unavailable":
        write(`mend: ${event.message}`);
        return;
      default:
        return;
    }
  };
}

function nodeLine(
  node: string,
  durationMs: number,
  counters: RunCounters,
  attempt: AttemptRecord | undefined,
  notes: readonly string[],
  route: string | undefined,
): string {
  const parts = [`  ${node.padEnd(14)}${seconds(durationMs).padStart(7)}`];
  if (attempt) parts.push(describeAttempt(attempt));
  parts.push(...notes);
  const tokens = counters.inputTokens + counters.outputTokens;
  if ((node === "generate" || node === "repair") && tokens > 0) parts.push(`tokens so far ${count(tokens)}`);
  if (route && node !== "validate" && node !== "generate" && node !== "repair") parts.push(`-> ${route}`);
  return parts.join(" · ");
}

function describeAttempt(record: AttemptRecord): string {
  const tests = record.testsTotal !== undefined ? ` tests ${record.testsPassed ?? 0}/${record.testsTotal}` : "";
  const verdict = record.stage === "ok" ? "passed" : `failed at ${record.stage}${record.errorType ? ` (${record.errorType})` : ""}`;
  const summary = record.stage === "ok" ? "" : `: ${clip(record.summary, 80)}`;
  return `attempt ${record.n} [${record.source}/${record.strategy}] ${verdict}${tests}${summary}`;
}

export type TestsChosen = Extract<RunEvent, { type: "tests_chosen" }>;

/** The line that says, as a run starts, what will verify its code. */
function describeTestsChosen(event: TestsChosen): string {
  if (event.by === "tests") return `verifying by your tests (${event.tests} file${event.tests === 1 ? "" : "s"})`;
  if (event.by === "none") return "no tests and no examples: nothing can verify this code";
  const where = describeExampleOrigins(event.examples.map((example) => example.origin));
  const listed = event.examples.slice(0, 3).map((example) => `${example.file}:${example.line} ${clip(example.code, 40)}`);
  const more = event.examples.length > 3 ? `, and ${event.examples.length - 3} more` : "";
  return `verifying by ${plural(event.examples.length, "example")} from ${where}: ${listed.join(", ")}${more}`;
}

/** What verified passing code, for the closing line: "verified by 12 of your tests", "by 3 examples from the docstring". */
export function describeVerification(result: RunResult, chosen?: TestsChosen): string {
  const run = result.verification?.testsRun ?? 0;
  switch (result.verification?.by) {
    case "tests":
      return run === 1 ? "verified by your 1 test" : `verified by ${run} of your tests`;
    case "examples": {
      const where = chosen ? ` from ${describeExampleOrigins(chosen.examples.map((example) => example.origin))}` : "";
      return `verified by ${plural(run, "example")}${where}`;
    }
    case "generated":
      return `verified by ${plural(run, "generated test")}`;
    default:
      return "verified";
  }
}

/**
 * The closing lines for a result: the outcome and what verified it, what it cost, and how to
 * continue. `chosen` (the run's `tests_chosen` event) says where examples came from.
 */
export function describeResult(result: RunResult, chosen?: TestsChosen): string {
  const { usage } = result;
  const cost = `${usage.modelCalls} model call${usage.modelCalls === 1 ? "" : "s"} · ${count(usage.inputTokens + usage.outputTokens)} tokens · $${usage.costUsd.toFixed(4)} · ${seconds(result.durationMs)}`;
  const head =
    result.status === "passed"
      ? `mend: passed on attempt ${result.attempts.at(-1)?.n ?? 0}, ${describeVerification(result, chosen)}`
      : `mend: ${result.reason === "interrupted" ? "paused" : "stopped"}: ${result.reason}`;
  const lines = [`${head} · ${cost}`];
  if (result.message) lines.push(`  ${result.message}`);
  const generated = describeGenerated(result);
  if (generated) lines.push(`  ${generated}`);
  const review = describeReview(result);
  if (review) lines.push(`  ${review}`);
  lines.push(`  run ${result.runId} in ${result.runDir}`);
  return lines.join("\n");
}

/** One line on the generated tests: kept, dropped (the first reason), and their mutation score. */
function describeGenerated(result: RunResult): string | undefined {
  const generated = result.verification?.generated;
  if (!generated) return undefined;
  const dropped = generated.dropped[0];
  const parts = [`generated tests: ${generated.kept} kept, ${generated.dropped.length} dropped${dropped ? ` (e.g. ${dropped.name}: ${clip(dropped.why, 80)})` : ""}`];
  if (generated.mutation) parts.push(`they killed ${generated.mutation.killed} of ${generated.mutation.mutants} mutants of the passing code`);
  return parts.join("; ");
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

function count(n: number): string {
  return n.toLocaleString("en-US");
}

function clip(text: string, max: number): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > max ? `${line.slice(0, max - 3)}...` : line;
}

/** One line on the code review: how many findings of each severity and the first high one, or why it failed. */
function describeReview(result: RunResult): string | undefined {
  const review = result.review;
  if (!review) return undefined;
  if (review.failed) return `review: failed (${clip(review.failed, 100)}); the run is unaffected`;
  if (review.findings.length === 0) return "review: no findings";
  const bySeverity = (["high", "medium", "low"] as const)
    .map((severity) => [severity, review.findings.filter((finding) => finding.severity === severity).length] as const)
    .filter(([, n]) => n > 0)
    .map(([severity, n]) => `${n} ${severity}`);
  const first = review.findings.find((finding) => finding.severity === "high") ?? review.findings[0];
  const at = first.line !== undefined ? `line ${first.line}: ` : "";
  const fix = review.fix ? `; fix ${review.fix.status}` : "";
  return `review: ${plural(review.findings.length, "finding")} (${bySeverity.join(", ")}), e.g. ${at}${clip(first.text, 100)}${fix}`;
}
