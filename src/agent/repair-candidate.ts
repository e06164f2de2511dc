import type { Task } from "../shared/task.js";
import { applyEditBlocks } from "./apply-edit-blocks.js";
import type { ModelReply, PromptMessage } from "./collaborators.js";
import type { RunFolder } from "../runs/run-folder.js";
import { modelCandidate } from "./model-candidate.js";
import { parseEditBlocks } from "./parse-edit-blocks.js";
import { type ProgramFiles, withFix } from "./program-files.js";
import type { Candidate } from "./state.js";

/** A repair reply read: code to validate, or edits that did not apply (not an attempt: the model is told why and asked again). */
export type RepairReply = { status: "candidate"; candidate: Candidate } | { status: "edit_failed"; reason: string };

export interface RepairReplyInput {
  task: Task;
  reply: ModelReply;
  messages: PromptMessage[];
  temperature: number;
  strategy: Candidate["strategy"];
  /** The program's current files (null for a single file: the entry is `code`). */
  files: ProgramFiles | null;
  code: string;
  /** The file the model was asked to fix. */
  target: string;
  /** Paths of every test file run: edits to them are refused. */
  tests: readonly string[];
  /**
   * Broken edit blocks fail the reply (true while the model may be asked again); when false,
   * such a reply is read as a whole file, so a model that never gets the format right still
   * yields an attempt and the loop ends by its attempt cap.
   */
  strictEdits: boolean;
  /** Where the model exchange is kept for the attempt the candidate becomes. */
  folder: RunFolder;
  /** The number that attempt will have. */
  attempt: number;
}

/**
 * Reads a repair reply: search/replace blocks applied to the program when it has any, else the
 * whole file it gives (a model may ignore the requested format) for the file at fault.
 */
export function repairCandidate(input: RepairReplyInput): RepairReply {
  const { task, target } = input;
  // The exchange is written once the reply is read as a candidate: a reply whose edits fail is not an attempt.
  const candidateFrom = (extraction?: string): Candidate =>
    modelCandidate({
      reply: input.reply,
      messages: input.messages,
      temperature: input.temperature,
      language: task.language,
      strategy: input.strategy,
      folder: input.folder,
      attempt: input.attempt,
      ...(extraction !== undefined ? { extraction } : {}),
    });
  const whole = (): RepairReply => {
    const base = candidateFrom();
    return { status: "candidate", candidate: { ...base, ...withFix(task, input.files, target, base.code) } };
  };
  const parsed = parseEditBlocks(input.reply.text);
  if (parsed.status === "none") return whole();
  if (parsed.status === "malformed") return input.strictEdits ? { status: "edit_failed", reason: parsed.reason } : whole();

  const program = input.files ?? { [task.entry]: input.code };
  const applied = applyEditBlocks(program, parsed.blocks, { target, tests: input.tests });
  if (applied.status === "failed") return input.strictEdits ? { status: "edit_failed", reason: applied.reason } : whole();
  const base = candidateFrom(`edit blocks (${parsed.blocks.length} in ${applied.changed.join(", ")})`);
  const code = applied.files[task.entry] ?? "";
  return { status: "candidate", candidate: { ...base, code, ...(input.files ? { files: applied.files } : {}) } };
}
