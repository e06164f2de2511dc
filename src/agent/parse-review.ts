import { z } from "zod";
import type { ReviewFinding } from "../shared/review.js";
import { parseJsonReply } from "./parse-json-reply.js";

const findingSchema = z.object({
  severity: z.enum(["high", "medium", "low"]),
  line: z.number().int().positive().optional(),
  text: z.string().trim().min(1),
});
const replySchema = z.union([z.object({ findings: z.array(findingSchema) }), z.array(findingSchema)]);

export type ParsedReview = { ok: true; findings: ReviewFinding[] } | { ok: false; why: string };

/**
 * The findings of a review reply: a JSON object (or bare list) in a fenced block or on its own,
 * with prose around it as models write it. Anything else is a failed review, said in one line.
 */
export function parseReview(reply: string, codeLines: number): ParsedReview {
  const parsed = parseJsonReply(reply, replySchema, "findings");
  if (!parsed.ok) return parsed;
  const findings = Array.isArray(parsed.data) ? parsed.data : parsed.data.findings;
  // A line outside the code is a reviewer's slip: the finding stays, without the line.
  return {
    ok: true,
    findings: findings.map(({ severity, line, text }) => ({
      severity,
      ...(line !== undefined && line <= codeLines ? { line } : {}),
      text,
    })),
  };
}
