import { z } from "zod";

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
  const candidates = [...reply.matchAll(/```(?:json)?\s*\n([\s\S]*?)```/g)].map((match) => match[1]);
  const start = reply.search(/[[{]/);
  if (start >= 0) candidates.push(reply.slice(start, Math.max(reply.lastIndexOf("}"), reply.lastIndexOf("]")) + 1));
  let why = "the reply held no JSON verdicts";
  for (const text of candidates) {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      continue;
    }
    const parsed = replySchema.safeParse(json);
    if (!parsed.success) {
      why = `the reply's JSON is not a verdicts list (${parsed.error.issues[0]?.message ?? "wrong shape"})`;
      continue;
    }
    const verdicts = (Array.isArray(parsed.data) ? parsed.data : parsed.data.verdicts).filter((verdict) => asked.includes(verdict.test));
    return { ok: true, verdicts };
  }
  return { ok: false, why };
}
