import type { ServerResponse } from "node:http";
import type { RecordedRequest } from "../scripted-step.js";
import { type RequestFields, type ScriptedReply, sendJson, type WireProtocol } from "./wire-protocol.js";

/** What sets apart a provider that answers with one JSON object, or with Server-Sent Events when asked to stream. */
export interface JsonOrEventStreamSpec {
  read(body: Record<string, unknown>): RequestFields;
  /** The whole reply as one JSON object. */
  body(request: RecordedRequest, reply: ScriptedReply): unknown;
  /** The reply as events, written after `startEventStream`; the stream is ended here. */
  stream(res: ServerResponse, request: RecordedRequest, reply: ScriptedReply): void;
  /** The provider's error type for each HTTP status it documents. */
  errorTypes: Record<number, string>;
  /** Its error type for any other status. */
  otherErrorType: string;
  errorBody(type: string, message: string): unknown;
  /** The start of a valid reply, cut short. */
  malformedBody: string;
}

/**
 * The plumbing OpenAI's and Anthropic's wire formats share: JSON or SSE by `stream`, errors
 * as JSON with a typed body, a truncated JSON body as the malformed reply.
 */
export function jsonOrEventStreamWire(spec: JsonOrEventStreamSpec): WireProtocol {
  return {
    read: spec.read,
    reply(res, request, reply) {
      if (request.stream) {
        res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
        spec.stream(res, request, reply);
      } else {
        sendJson(res, 200, spec.body(request, reply));
      }
    },
    error(res, status, message, headers) {
      sendJson(res, status, spec.errorBody(spec.errorTypes[status] ?? spec.otherErrorType, message), headers);
    },
    malformed(res) {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(spec.malformedBody);
    },
  };
}
