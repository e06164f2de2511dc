import { z } from "zod";
import { type Language, LANGUAGES } from "../shared/language.js";

const paths = z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]);
const positive = z.number().positive();

/** Fields of a TASK file (front matter, YAML or JSON), as the SPEC lists them. */
export const taskFileSchema = z
  .object({
    prompt: z.string().optional(),
    language: z.enum(LANGUAGES as [Language, ...Language[]]).optional(),
    tests: paths.optional(),
    draft: z.string().min(1).optional(),
    /** The program as several files or folders (a project's modules); the entry is `entry`, else the first. */
    files: paths.optional(),
    entry: z.string().min(1).optional(),
    support: paths.optional(),
    maxAttempts: z.number().int().positive().optional(),
    budget: z
      .object({ tokens: z.number().int().positive().optional(), usd: positive.optional(), seconds: positive.optional() })
      .strict()
      .optional(),
    allowNetwork: z.boolean().optional(),
    typeCheck: z.boolean().optional(),
  })
  .strict();

export type TaskFile = z.infer<typeof taskFileSchema>;

/** A case folder's `case.json` (SPEC): the program to repair, its tests and the language. */
export const caseFileSchema = z
  .object({
    program: z.string().min(1),
    tests: paths,
    lang: z.enum(LANGUAGES as [Language, ...Language[]]).optional(),
    prompt: z.string().optional(),
    support: paths.optional(),
  })
  .strict();

export type CaseFile = z.infer<typeof caseFileSchema>;

/** One line naming every problem zod found, for a UsageError. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => (issue.path.length ? `${issue.path.join(".")}: ${issue.message}` : issue.message))
    .join("; ");
}
