import { createRequire } from "node:module";
import type { BoundaryEvent } from "./boundary-event.js";

/** The part of `@opentelemetry/api` the boundary uses. */
interface OtelApi {
  trace: { getActiveSpan(): { addEvent(name: string, attributes?: Record<string, string | number | boolean>): unknown } | undefined };
}

let api: OtelApi | null | undefined;

/**
 * `@opentelemetry/api` when the application has it installed (an optional peer, never a
 * hard dependency), loaded on the first event and remembered; null when it is absent.
 */
function otel(): OtelApi | null {
  if (api === undefined) {
    try {
      api = createRequire(import.meta.url)("@opentelemetry/api") as OtelApi;
    } catch {
      api = null;
    }
  }
  return api;
}

/**
 * Records a detection, an intervention or a stop as an event of the active OpenTelemetry
 * span (the span the application's tracing opened around the run), named
 * `mendloop.boundary.<type>`. Without `@opentelemetry/api` or an active span: nothing.
 */
export function recordSpanEvent(event: BoundaryEvent): void {
  if (event.type !== "detection" && event.type !== "intervention" && event.type !== "stop") return;
  const span = otel()?.trace.getActiveSpan();
  if (span === undefined) return;
  const attributes: Record<string, string | number | boolean> =
    event.type === "detection"
      ? { "boundary.detection": event.detection.kind, "boundary.message": event.detection.explanation }
      : event.type === "intervention"
        ? { "boundary.intervention": event.intervention.kind, "boundary.applied": event.intervention.applied, "boundary.message": event.intervention.detail }
        : { "boundary.status": event.report.status, "boundary.reason": event.report.reason, "boundary.message": event.report.message, "boundary.step": event.report.step };
  if (event.subgraph !== undefined) attributes["boundary.subgraph"] = event.subgraph;
  span.addEvent(`mendloop.boundary.${event.type}`, attributes);
}
