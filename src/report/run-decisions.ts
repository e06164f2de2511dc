import { formatDuration } from "./format-figures.js";
import type { LoggedEvent } from "./read-event-log.js";

/** Kinds of entries in the report's decision log (also its filter buttons). */
export type DecisionKind = "route" | "strategy" | "offline" | "model" | "boundary" | "session";

/** One line of the decision log: what the loop decided or what happened to it, and why. */
export interface Decision {
  kind: DecisionKind;
  ts?: string;
  /** The attempt the loop was on when it happened (0 before the first). */
  attempt: number;
  title: string;
  detail?: string;
  /** How loudly to show it: boundary entries and stopped sessions. */
  severity?: "warning" | "alert";
}

/**
 * The decision log of a run from its events: routing decisions with their reasons, strategy
 * switches, offline-engine results, model retries, approvals, session starts and stops, and
 * the error boundary's warnings, detections and interventions. Per-node bookkeeping
 * (entered/finished, attempt records) is left to the timeline.
 */
export function runDecisions(events: readonly LoggedEvent[]): Decision[] {
  const decisions: Decision[] = [];
  let attempt = 0;
  for (const event of events) {
    const at = { ts: event.ts, attempt };
    switch (event.type) {
      case "attempt":
        attempt = numberField(record(event.record), "n") ?? attempt;
        break;
      case "route":
        decisions.push({ ...at, kind: "route", title: `${text(event.from)} → ${text(event.to)}`, detail: text(event.why) });
        break;
      case "strategy":
        decisions.push({ ...at, kind: "strategy", title: `strategy ${text(event.from)} → ${text(event.to)}`, detail: text(event.why) });
        break;
      case "offline_repair":
        decisions.push({
          ...at,
          kind: "offline",
          title: `offline engine: ${text(event.status).replace("_", " ")}`,
          detail: [
            `${numberField(event, "candidatesRun") ?? 0} candidates in ${formatDuration(numberField(event, "durationMs") ?? 0)}`,
            event.reason === undefined ? "" : text(event.reason),
          ]
            .filter(Boolean)
            .join(": "),
        });
        break;
      case "model_retry":
        decisions.push({
          ...at,
          kind: "model",
          title: `${text(event.node)}: provider fault, retry ${text(event.retry)}`,
          detail: `${text(event.reason)}${typeof event.waitMs === "number" ? `, waited ${formatDuration(event.waitMs)}` : ""}`,
        });
        break;
      case "run_started":
        decisions.push({
          ...at,
          kind: "session",
          title: event.resumed ? "session resumed" : "run started",
          detail: `model ${text(event.model)}`,
        });
        break;
      case "awaiting_approval":
        decisions.push({ ...at, kind: "session", title: "paused for approval", detail: "verified code waits for a person's answer" });
        break;
      case "approval":
        decisions.push({ ...at, kind: "session", title: event.approved ? "approved" : "rejected", detail: "a person answered" });
        break;
      case "run_interrupted":
        decisions.push({
          ...at,
          kind: "session",
          title: `session stopped (${text(event.why)})`,
          ...(event.message === undefined ? {} : { detail: text(event.message) }),
          severity: "warning",
        });
        break;
      case "run_finished":
        decisions.push({ ...at, kind: "session", title: `run finished: ${text(event.reason)}`, detail: `${text(event.attempts)} attempts` });
        break;
      case "boundary": {
        const kind = text(event.kind);
        decisions.push({
          ...at,
          kind: "boundary",
          severity: BOUNDARY_SEVERITY[kind] ?? "warning",
          title: BOUNDARY_TITLES[kind] ?? `boundary ${kind}`,
          detail: text(event.message),
        });
        break;
      }
    }
  }
  return decisions;
}

/** The error boundary's event kinds (`src/boundary`), as the log records them. */
const BOUNDARY_TITLES: Record<string, string> = {
  warning: "boundary warning",
  detection: "boundary detected a stuck loop",
  intervention: "boundary intervened",
  stop: "boundary stopped the run",
  fault: "boundary fault",
};

const BOUNDARY_SEVERITY: Record<string, Decision["severity"]> = {
  warning: "warning",
  detection: "alert",
  intervention: "warning",
  stop: "alert",
  fault: "alert",
};

function record(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
}

function numberField(value: Record<string, unknown>, key: string): number | undefined {
  const field = value[key];
  return typeof field === "number" ? field : undefined;
}

function text(value: unknown): string {
  return value === undefined || value === null ? "" : String(value);
}
