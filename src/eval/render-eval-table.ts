import { formatCount, formatDuration, formatPercent, formatUsd } from "../report/format-figures.js";
import type { EvalReport } from "./eval-report.js";

/** The eval's figures and its tasks as plain-text tables for stderr. */
export function renderEvalTable(report: EvalReport): string {
  const f = report.figures;
  const out: string[] = [];
  out.push(
    `mend eval · ${report.suite.name} · ${report.model}${report.offlineRepair ? "" : " (offline repair engine off)"}${report.memory ? ` (memory ${report.memory})` : ""} · ${report.finished} of ${report.selected} tasks finished` +
      (report.pending.length ? ` (${report.pending.length} pending: run again to finish)` : ""),
  );
  const passAt1 = `${f.passAt1.count}/${f.tasks}  ${formatPercent(f.passAt1.rate)}`;
  // In a bug-fixing suite attempt 1 is the buggy draft itself: what counts is what the repairs after it solved.
  const lead: [string, string][] = f.afterDraft
    ? [
        ["solved within n repairs of the draft", f.afterDraft.map((point) => `n=${point.n} ${formatPercent(point.rate)}`).join("  ")],
        ["pass@1 (draft passed as given)", passAt1],
      ]
    : [
        ["pass@1", passAt1],
        ["passed within k attempts", f.curve.map((point) => `k=${point.k} ${formatPercent(point.rate)}`).join("  ")],
      ];
  const summary: [string, string][] = [
    ["solved", `${f.solved.count}/${f.tasks}  ${formatPercent(f.solved.rate)}`],
    ...lead,
    ["tokens per solved task", f.tokens.perSolved === null ? "– (none solved)" : formatCount(f.tokens.perSolved)],
    ["cost per solved task", f.costUsd.perSolved === null ? "– (none solved)" : formatUsd(f.costUsd.perSolved)],
    ["time per task", `mean ${formatDuration(f.timeMs.mean)} · median ${formatDuration(f.timeMs.median)}`],
    ["failure reasons", describeCounts(f.failureReasons)],
    ["last attempt failed at", describeCounts(f.failureStages)],
  ];
  out.push(...columns(summary.map(([name, value]) => [`  ${name}`, value])));
  out.push(
    f.afterDraft
      ? "  (pass@1 = the first attempt passed; here the first attempt is the draft as given, so 0 means every draft had its bug)"
      : "  (pass@1 = the first attempt passed, with no repair)",
  );
  if (report.baseline) {
    const { baseline: b, current: c, delta } = report.baseline;
    out.push("", `  compared with ${report.baseline.path} (${report.baseline.commonTasks} shared tasks)`);
    out.push(
      ...columns([
        ["    ", "baseline", "this eval", "change"],
        ["    solved", formatPercent(b.solved.rate), formatPercent(c.solved.rate), points(delta.solvedRate)],
        ["    pass@1", formatPercent(b.passAt1.rate), formatPercent(c.passAt1.rate), points(delta.passAt1Rate)],
        [
          "    tokens per solved task",
          b.tokens.perSolved === null ? "–" : formatCount(b.tokens.perSolved),
          c.tokens.perSolved === null ? "–" : formatCount(c.tokens.perSolved),
          delta.tokensPerSolved === null ? "–" : signed(delta.tokensPerSolved, formatCount),
        ],
        ["    time per task (mean)", formatDuration(b.timeMs.mean), formatDuration(c.timeMs.mean), signed(delta.meanTimeMs, formatDuration)],
      ]),
    );
    out.push(`    newly solved: ${report.baseline.newlySolved.join(", ") || "none"}`);
    out.push(`    newly failed: ${report.baseline.newlyFailed.join(", ") || "none"}`);
  }
  if (report.workers) {
    out.push("", "  workers");
    out.push(
      ...columns(report.workers.map((worker) => [`    ${worker.name}`, `${worker.tasks} tasks`, `${formatDuration(worker.busyMs)} busy`, `${worker.tasksPerMinute} tasks/min`])),
    );
  }
  out.push("");
  out.push(
    ...columns([
      ["  task", "status", "at", "attempts", "tokens", "cost", "time", "reason"],
      ...report.results.map((outcome) => [
        `  ${outcome.taskId}`,
        outcome.status,
        outcome.passedAt === undefined ? "–" : String(outcome.passedAt),
        String(outcome.attempts),
        formatCount(outcome.tokens),
        formatUsd(outcome.costUsd),
        formatDuration(outcome.durationMs),
        outcome.reason,
      ]),
    ]),
  );
  out.push("", `  results ${report.resultsPath}`, `  page    ${report.htmlPath}`);
  return out.join("\n");
}

function columns(rows: readonly (readonly string[])[]): string[] {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, index) => (widths[index] = Math.max(widths[index] ?? 0, cell.length)));
  return rows.map((row) =>
    row
      .map((cell, index) => (index === row.length - 1 ? cell : cell.padEnd(widths[index])))
      .join("  ")
      .trimEnd(),
  );
}

function describeCounts(counts: Record<string, number>): string {
  const entries = Object.entries(counts).sort((a, b) => b[1] - a[1]);
  return entries.length ? entries.map(([name, count]) => `${name} ${count}`).join(" · ") : "none";
}

function points(fraction: number): string {
  return `${fraction > 0 ? "+" : fraction < 0 ? "-" : "±"}${(Math.abs(fraction) * 100).toFixed(1)} pts`;
}

function signed(value: number, format: (n: number) => string): string {
  return `${value > 0 ? "+" : value < 0 ? "-" : "±"}${format(Math.abs(value))}`;
}
