import { z } from "zod";
import { parseJsonReply } from "./parse-json-reply.js";

/** The test review's answer on one disputed test. */
export interface TestVerdict {
  test: string;
  verdict: "test_wrong" | "code_wrong";
  reason: string;
}

const verdictSchema = z.object({
  test: z.string().trim().min(1),
  verdict: z.enum(["test_wrong", "code_wrong"]),
  reason: z.string().trim().min(1),
});
const replySchema = z.union([z.object({ verdicts: z.array(verdictSchema) }), z.array(verdictSchema)]);

export type ParsedVerdicts = { ok: true; verdicts: TestVerdict[] } | { ok: false; why: string };

/**
 * The verdicts of a test-review reply: a JSON object (or bare list) in a fenced block or on its
 * own, with prose around it as models write it. Verdicts on tests that were not asked about are
 * left out; anything else is a failed review, said in one line.
 */
export function parseTestVerdicts(reply: string, asked: readonly string[]): ParsedVerdicts {
  const parsed = parseJsonReply(reply, replySchema, "verdicts");
  if (!parsed.ok) return parsed;
  const verdicts = (Array.isArray(parsed.data) ? parsed.data : parsed.data.verdicts).filter((verdict) => asked.includes(verdict.test));
  return { ok: true, verdicts };
}
