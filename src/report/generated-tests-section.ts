import type { RunResult } from "../shared/run-result.js";
import { escapeHtml } from "./escape-html.js";
import type { LoggedEvent } from "./read-event-log.js";

/**
 * The tests a model wrote for the run (#12): the kept ones by name, the dropped ones with why,
 * and the mutation score of each measurement. Kept names come from the last `tests_generated`
 * event (older logs have counts only); the dropped list from the run's JSON, else nothing.
 * Nothing when no tests were generated.
 */
export function generatedTestsSection(events: readonly LoggedEvent[], result: RunResult | undefined): string {
  const rounds = events.filter((event) => event.type === "tests_generated");
  const generated = result?.verification?.generated;
  if (rounds.length === 0 && !generated) return "";
  const last = rounds.at(-1);
  const names = Array.isArray(last?.names) ? last.names.map(String) : undefined;
  const keptCount = generated?.kept ?? (typeof last?.kept === "number" ? last.kept : names?.length ?? 0);
  const kept = names?.length
    ? `<ul class="generated-kept">${names.map((name) => `<li><code>${escapeHtml(name)}</code></li>`).join("")}</ul>`
    : "";
  const dropped = generated?.dropped ?? [];
  const droppedTable = dropped.length
    ? `<table class="generated-dropped"><thead><tr><th>dropped test</th><th>why</th></tr></thead><tbody>${dropped
        .map((test) => `<tr><td><code>${escapeHtml(test.name)}</code></td><td>${escapeHtml(test.why)}</td></tr>`)
        .join("")}</tbody></table>`
    : "";
  const scores = events.filter((event) => event.type === "mutation_score").map(describeScore);
  const reviews = events.filter((event) => event.type === "tests_reviewed").map(describeReview);
  return `<section id="generated-tests">
<h2>Generated tests</h2>
<p>${keptCount} kept${rounds.length > 1 ? ` after ${rounds.length} rounds` : ""}, ${dropped.length} dropped. Written from the requirement and its examples before any program existed; each kept test failed on stubs of the program.</p>
${kept}
${droppedTable}
${scores.length ? `<ul class="mutation-scores">${scores.map((line) => `<li>${line}</li>`).join("")}</ul>` : `<p class="muted">No mutation score was measured.</p>`}
${reviews.map((line) => `<p>${line}</p>`).join("\n")}
</section>`;
}

function describeScore(event: LoggedEvent): string {
  if (event.status === "measured") {
    const killed = Number(event.killed);
    const mutants = Number(event.mutants);
    return `Mutation score ${Math.round(Number(event.score) * 100)}%: the kept tests caught ${killed} of ${mutants} mutants of the passing program.`;
  }
  return `Mutation score not measured: ${escapeHtml(String(event.reason ?? "no reason recorded"))}`;
}

function describeReview(event: LoggedEvent): string {
  const list = (value: unknown) => (Array.isArray(value) && value.length ? value.map((name) => `<code>${escapeHtml(String(name))}</code>`).join(", ") : "none");
  if (typeof event.failed === "string") return `Test review of ${list(event.disputed)} failed: ${escapeHtml(event.failed)}`;
  return `Test review: disputed ${list(event.disputed)}; judged wrong and dropped ${list(event.dropped)}.`;
}
