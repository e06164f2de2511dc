import type { Language } from "./language.js";

/** A file of a task, held in memory; `path` is relative to the task's work folder. */
export interface SourceFile {
  path: string;
  content: string;
}

/**
 * The project a task's program lives in. Its files stay on disk: validation and the sandbox
 * see the folder itself (read-only, the task's files laid over it), so sibling modules,
 * packages, data files, `node_modules` and a project virtualenv resolve as for the user.
 */
export interface ProjectContext {
  /** Absolute real path of the project root; the task's paths (`entry`, tests) are relative to it. */
  root: string;
  /** The project's files (root-relative, `/`-separated), honouring `.gitignore`, without caches and environments. */
  files: string[];
}

/** Hard limits a run must respect. Absent fields mean "no limit of that kind". */
export interface Budget {
  maxAttempts: number;
  tokens?: number;
  usd?: number;
  seconds?: number;
}

/**
 * A fully loaded task: everything the loop needs, with file contents in memory so that
 * a run can be checkpointed and resumed on another machine state.
 */
export interface Task {
  /** The requirement in natural language (may be empty for pure repair jobs). */
  prompt: string;
  language: Language;
  /** File name of the program the loop produces or repairs, e.g. `median.py`. */
  entry: string;
  /** Test files, copied verbatim next to the program; never edited by the loop. */
  tests: SourceFile[];
  /** A first version of the program to validate and repair instead of generating one. */
  draft?: string;
  /**
   * The program's other files the loop may change (`mend repair` given several files or a
   * folder): project-root-relative paths with their original contents. A fix changes the file
   * diagnosis blames; tests are never among them. Empty for a task file's `files` naming one
   * program file: the program was still given as files, and the result lists them.
   */
  editable?: SourceFile[];
  /** Other files of the task (helpers, fixtures) placed in the work folder read-only. */
  support?: SourceFile[];
  /** Static network checks are skipped and the sandbox keeps the network when true. */
  allowNetwork?: boolean;
  /** Run the type-checking layer (default: on for TypeScript, off otherwise). */
  typeCheck?: boolean;
  /** A shell command that runs the tests instead of the language's runner (`--test-cmd`). */
  testCommand?: string;
  /** The project folder the program lives in; absent for a task made only of its own files. */
  project?: ProjectContext;
}
