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
      case "awaiting_approval":
        write(`  approve: waiting for a person's approval`);
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

/** The closing lines for a result: the outcome, what it cost, and how to continue. */
export function describeResult(result: RunResult): string {
  const { usage } = result;
  const cost = `${usage.modelCalls} model call${usage.modelCalls === 1 ? "" : "s"} · ${count(usage.inputTokens + usage.outputTokens)} tokens · $${usage.costUsd.toFixed(4)} · ${seconds(result.durationMs)}`;
  const head =
    result.status === "passed"
      ? `mend: passed on attempt ${result.attempts.at(-1)?.n ?? 0} (verified)`
      : `mend: ${result.reason === "interrupted" ? "paused" : "stopped"}: ${result.reason}`;
  const lines = [`${head} · ${cost}`];
  if (result.message) lines.push(`  ${result.message}`);
  lines.push(`  run ${result.runId} in ${result.runDir}`);
  return lines.join("\n");
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
