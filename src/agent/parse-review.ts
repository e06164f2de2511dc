import { z } from "zod";
import type { ReviewFinding } from "../shared/review.js";

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
  const candidates = [...reply.matchAll(/```(?:json)?\s*\n([\s\S]*?)```/g)].map((match) => match[1]);
  const bare = reply.slice(Math.max(0, firstOf(reply)), reply.lastIndexOf(reply.trimEnd().endsWith("]") ? "]" : "}") + 1);
  candidates.push(bare);
  let why = "the reply held no JSON findings";
  for (const text of candidates) {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      continue;
    }
    const parsed = replySchema.safeParse(json);
    if (!parsed.success) {
      why = `the reply's JSON is not a findings list (${parsed.error.issues[0]?.message ?? "wrong shape"})`;
      continue;
    }
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
  return { ok: false, why };
}

function firstOf(reply: string): number {
  const brace = reply.indexOf("{");
  const bracket = reply.indexOf("[");
  if (brace < 0) return bracket;
  if (bracket < 0) return brace;
  return Math.min(brace, bracket);
}
