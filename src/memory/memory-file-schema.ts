import { z } from "zod";
import { LANGUAGES, type Language } from "../shared/language.js";

const entrySchema = z.strictObject({
  id: z.string().regex(/^[0-9a-f]{12}$/, "an id is 12 lowercase hex digits"),
  language: z.enum(LANGUAGES as [Language, ...Language[]]),
  signature: z.string().min(1),
  errorType: z.string().min(1),
  summary: z.string(),
  diff: z.string().min(1),
  edits: z.array(
    z.strictObject({
      // Any operator name: one this version does not know (a newer mend's) only never matches.
      operator: z.string().regex(/^[a-z_]+$/).optional(),
      before: z.string(),
      after: z.string(),
      /** The line the fix changed, as it read before (absent in files of the first mend with memory). */
      line: z.string().optional(),
    }),
  ),
  madeBy: z.string().min(1),
  verified: z.literal(true),
  timesUsed: z.number().int().min(0),
  timesHelped: z.number().int().min(0),
  createdAt: z.iso.datetime(),
  lastUsed: z.iso.datetime(),
});

/** What `mend memory export` writes and `mend memory import` accepts (saved JSON: versioned). */
export const memoryFileSchema = z.strictObject({
  schemaVersion: z.literal(1),
  kind: z.literal("mendloop-memory"),
  exportedAt: z.iso.datetime(),
  entries: z.array(entrySchema),
});

export type MemoryFile = z.infer<typeof memoryFileSchema>;
