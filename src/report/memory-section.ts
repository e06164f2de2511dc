import { escapeHtml } from "./escape-html.js";
import type { LoggedEvent } from "./read-event-log.js";

interface Recall {
  id: string;
  use: string;
  attempt: number;
}

/**
 * Which remembered fixes (the error -> fix memory) the run used, for which attempt and by
 * whom, whether the attempt made with them was verified, and the fix the run recorded;
 * nothing when the run used no memory. Read from the event log, whatever its version wrote.
 */
export function memorySection(events: readonly LoggedEvent[]): string {
  const recalls: Recall[] = [];
  const helped = new Map<string, boolean>();
  const recorded: string[] = [];
  const problems: string[] = [];
  for (const event of events) {
    if (event.type === "memory_recalled" && Array.isArray(event.ids)) {
      for (const id of event.ids) recalls.push({ id: String(id), use: String(event.for ?? "?"), attempt: Number(event.attempt) });
    } else if (event.type === "memory_summary") {
      for (const used of Array.isArray(event.used) ? (event.used as { id?: unknown; helped?: unknown }[]) : []) {
        const id = String(used.id);
        helped.set(id, helped.get(id) === true || used.helped === true);
      }
      if (typeof event.recorded === "string") recorded.push(event.recorded);
    } else if (event.type === "memory_unavailable") {
      problems.push(String(event.message));
    }
  }
  if (recalls.length === 0 && recorded.length === 0 && problems.length === 0) return "";
  const verdict = (id: string) => (!helped.has(id) ? "not known yet" : helped.get(id) ? "yes: that attempt was verified" : "no");
  const rows = recalls.map(
    (recall) =>
      `<tr><td><code>${escapeHtml(recall.id)}</code></td><td>${escapeHtml(recall.use === "model" ? "in the model's prompt" : "offline engine's order")}</td>` +
      `<td>${Number.isFinite(recall.attempt) ? recall.attempt : "?"}</td><td class="memory-helped">${escapeHtml(verdict(recall.id))}</td></tr>`,
  );
  const table = rows.length
    ? `<table><thead><tr><th>fix</th><th>used</th><th>for attempt</th><th>helped</th></tr></thead><tbody>${rows.join("")}</tbody></table>`
    : `<p class="muted">No remembered fix matched this run's failures.</p>`;
  const added = [...new Set(recorded)].map((id) => `<code>${escapeHtml(id)}</code>`);
  return `<section id="memory">
<h2>Memory of past fixes</h2>
${table}
${added.length ? `<p>Recorded the verified fix as ${added.join(", ")} (<code>mend memory show ID</code>).</p>` : ""}
${problems.map((problem) => `<p class="message">${escapeHtml(problem)}</p>`).join("\n")}
</section>`;
}
