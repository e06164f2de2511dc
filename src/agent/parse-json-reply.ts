import type { z } from "zod";

export type ParsedJsonReply<T> = { ok: true; data: T } | { ok: false; why: string };

/**
 * The JSON a model was asked to answer with, read as models write it: in a fenced block (with or
 * without `json`) or on its own with prose around it. The first candidate that parses and fits
 * `schema` wins; otherwise one line saying why (`noun` names what was expected, e.g. "findings").
 */
export function parseJsonReply<T>(reply: string, schema: z.ZodType<T>, noun: string): ParsedJsonReply<T> {
  const candidates = [...reply.matchAll(/```(?:json)?\s*\n([\s\S]*?)```/g)].map((match) => match[1] ?? "");
  const start = reply.search(/[[{]/);
  if (start >= 0) candidates.push(reply.slice(start, Math.max(reply.lastIndexOf("}"), reply.lastIndexOf("]")) + 1));
  let why = `the reply held no JSON ${noun}`;
  for (const text of candidates) {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      continue;
    }
    const parsed = schema.safeParse(json);
    if (parsed.success) return { ok: true, data: parsed.data };
    why = `the reply's JSON is not a ${noun} list (${parsed.error.issues[0]?.message ?? "wrong shape"})`;
  }
  return { ok: false, why };
}
