import { z } from "zod";
import { type Language, LANGUAGES } from "../shared/language.js";

const sourceFile = z.object({ path: z.string(), content: z.string() });

/** The saved task and options of a run (`meta.json` in the run folder), read back on resume. */
export const runMetaSchema = z.object({
  schemaVersion: z.literal(1),
  runId: z.string().min(1),
  createdAt: z.string(),
  command: z.enum(["run", "repair"]),
  task: z.object({
    prompt: z.string(),
    language: z.enum(LANGUAGES as [Language, ...Language[]]),
    entry: z.string().min(1),
    tests: z.array(sourceFile),
    draft: z.string().optional(),
    support: z.array(sourceFile).optional(),
    /** A multi-file program's other files, as the run started (what `--write` compares with). */
    editable: z.array(sourceFile).optional(),
    allowNetwork: z.boolean().optional(),
    typeCheck: z.boolean().optional(),
    testCommand: z.string().optional(),
    /** The project the run validates in: a resumed run sees the same folder. */
    project: z.object({ root: z.string(), files: z.array(z.string()) }).optional(),
  }),
  /** The model spec string (`offline`, `openai:gpt-4o-mini`), or a label for an injected model. */
  model: z.string(),
  baseUrl: z.string().optional(),
  maxAttempts: z.number().int().positive(),
  budget: z.object({
    tokens: z.number().optional(),
    usd: z.number().optional(),
    seconds: z.number().optional(),
  }),
  approve: z.boolean(),
  /** False when the run was started without the offline repair engine (`--no-offline-repair`); resume keeps it off. */
  offlineRepair: z.literal(false).optional(),
  /** The error boundary's mode when not the default `enforce` (`--no-boundary` is `off`); resume keeps it. */
  boundary: z.enum(["observe", "off"]).optional(),
  /**
   * Generated tests: `false` never (`--no-generate-tests`), `"always"` also beside the task's own
   * tests (`--generate-tests`); absent, only for a task without tests of its own. Resume keeps it.
   */
  generateTests: z.union([z.literal(false), z.literal("always")]).optional(),
  /** The code review after success: its model spec (absent: the run's model) and whether one fix round may follow; absent: no review. */
  review: z.object({ model: z.string().optional(), fix: z.boolean() }).optional(),
  /** Absolute path the verified code is written to when the run passes (`repair --write`). */
  writeTo: z.string().optional(),
  /**
   * What verifies the run: the task's own tests, examples of its requirement or docstrings (then
   * `task.tests` is the examples' test file, listed in `examples`), or nothing. Absent in runs
   * saved before it was recorded: then `tests` when the task has tests, else `none`.
   */
  verification: z
    .object({
      by: z.enum(["tests", "examples", "none"]),
      examples: z.array(
        z.object({ name: z.string(), origin: z.enum(["docstring", "requirement"]), file: z.string(), line: z.number().int(), code: z.string() }),
      ),
    })
    .optional(),
  /**
   * Where the run's error -> fix memory is: a SQLite file, or a Postgres URL without its
   * password; absent: the run has none. Resume uses it unless told otherwise.
   */
  memory: z.string().optional(),
  /** Wall-clock time spent in earlier sessions of this run (resume adds to it). */
  elapsedMs: z.number().nonnegative(),
});

export type RunMeta = z.infer<typeof runMetaSchema>;
