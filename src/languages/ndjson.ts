import type { z } from "zod";

/**
 * Parses the lines of an NDJSON report that match `schema`; a line cut short by a killed
 * run, or one the schema does not know, is skipped rather than failing the whole report.
 */
export function parseNdjson<T>(text: string | undefined, schema: z.ZodType<T>): T[] {
  if (!text) return [];
  const records: T[] = [];
  for (const line of text.split("\n")) {
    if (!line.trim()) continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      continue;
    }
    const parsed = schema.safeParse(value);
    if (parsed.success) records.push(parsed.data);
  }
  return records;
}
