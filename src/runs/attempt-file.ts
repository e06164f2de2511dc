import type { Diagnosis } from "../diagnosis/diagnosis.js";
import type { PreferredEdit } from "../repair/prefer-edits.js";
import type { AttemptRecord } from "../shared/attempt.js";
import type { CheckResult } from "../shared/check-result.js";

/** One model call that produced an attempt's code: the prompt, the reply and how the code was read from it. */
export interface ModelExchange {
  messages: { role: string; content: string }[];
  reply: string;
  retries: number;
  temperature?: number;
  extraction: string;
}

/**
 * Everything about one attempt, one file each (`attempts/001.json`), written as soon as
 * the attempt is validated so a crash loses nothing that was finished.
 */
export interface AttemptFile {
  schemaVersion: 1;
  record: AttemptRecord;
  code: string;
  /** A multi-file program's files, path -> content (the entry's is `code`). */
  files?: Record<string, string>;
  /** The validation output: layers, tests, the raw message. */
  check: CheckResult;
  /** What failed, for an attempt that failed (written with the attempt by the validate step). */
  diagnosis?: Diagnosis;
  /** The model exchange that produced the code, when a model did. */
  model?: ModelExchange;
  /**
   * The offline engine's edit, when it produced the code: its diff, and its edits as the
   * error -> fix memory records them (what a later session records when the run is approved).
   */
  offline?: { diff: string; candidatesRun: number; edits?: PreferredEdit[] };
  /** Ids of the remembered fixes recalled to produce this attempt (the error -> fix memory). */
  recalled?: string[];
}
