import type { WeightedEdit } from "../repair/prefer-edits.js";
import type { OperatorName } from "../repair/source-edit.js";
import type { CheckResult } from "../shared/check-result.js";
import type { Sandbox } from "../shared/sandbox.js";
import type { SourceFile } from "../shared/task.js";
import type { ValidateInput } from "../validation/validate-input.js";

/**
 * The loop's collaborators, typed by what the loop needs of them. The defaults are the
 * layered validator, the offline repair engine and the models module; tests and the
 * bench pass their own.
 */

/** One program to validate: the validator's own input type. */
export type ValidationRequest = ValidateInput;

export type Validator = (
  input: ValidationRequest,
  options: { sandbox: Sandbox; signal?: AbortSignal },
) => Promise<CheckResult>;

export interface OfflineRepairRequest extends ValidationRequest {
  /** The failing validation of `code`. */
  check: CheckResult;
  /** A multi-file program's other files the engine may change (never tests). */
  editable?: SourceFile[];
}

export type OfflineRepairResult =
  | {
      status: "fixed";
      /** The entry's content after the fix. */
      code: string;
      /** Every file the fix changed, path -> new content (a multi-file program's fix may leave the entry as it was). */
      files?: Record<string, string>;
      diff: string;
      candidatesRun: number;
      durationMs: number;
      /** The edits made, by operator: what the error -> fix memory records of an offline fix. */
      edits?: { operator: OperatorName; before: string; after: string; line?: number; file?: string }[];
    }
  | { status: "not_fixed"; candidatesRun: number; durationMs: number; reason: string };

export type Repairer = (
  input: OfflineRepairRequest,
  options: {
    sandbox: Sandbox;
    timeBudgetMs?: number;
    maxCandidates?: number;
    signal?: AbortSignal;
    /** Edits that fixed similar failures before, to try first. */
    preferredEdits?: readonly WeightedEdit[];
  },
) => Promise<OfflineRepairResult>;

/** A line of the program and how suspicious fault localization finds it (higher is more). */
export interface SuspiciousLine {
  file: string;
  line: number;
  score: number;
}

/** Ranks the program's lines by suspiciousness (spectrum-based, from per-test coverage). */
export type FaultLocalizer = (
  input: OfflineRepairRequest,
  options: { sandbox: Sandbox; timeBudgetMs?: number },
) => Promise<SuspiciousLine[]>;

/** A chat message as the prompts build it. */
export interface PromptMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

export interface ModelReply {
  text: string;
  usage: { input: number; output: number };
  costUsd: number;
  retries: number;
  durationMs: number;
}

/** One configured language model, with retries and pricing already applied. */
export interface ModelClient {
  /** The spec or label it was made from, e.g. `openai:gpt-4o-mini`. */
  readonly name: string;
  call(
    messages: PromptMessage[],
    options: {
      temperature?: number;
      signal?: AbortSignal;
      onRetry?: (info: { retry: number; reason: string; waitMs?: number }) => void;
    },
  ): Promise<ModelReply>;
}
