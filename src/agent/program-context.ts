import type { Diagnosis } from "../diagnosis/diagnosis.js";
import type { SourceFile } from "../shared/task.js";
import { fileOutline } from "./file-outline.js";
import { localImports } from "./local-imports.js";
import type { ProgramFiles } from "./program-files.js";

/**
 * The program's other files are shown whole while together they fit in this many bytes;
 * past it, each is shown by its signatures only (imports, constants, class and function
 * headers, types), which is what a fix in one file needs from the others.
 */
export const WHOLE_PROGRAM_BYTES = 8 * 1024;
/** At most this many bytes of other files go into one prompt; files past it are named as left out. */
export const CONTEXT_CAP_BYTES = 16 * 1024;

/** Why a file is in the context, which also orders it: what the failing code and tests import first. */
export type ContextReason = "imported by the failing file" | "imported by the failing tests" | "in the program";

/** One other file as the prompt shows it. */
export interface ContextFile {
  path: string;
  shown: "whole" | "signatures";
  text: string;
  reason: ContextReason;
}

/** The program's files other than the one being fixed, as the model sees them. */
export interface ProgramContext {
  files: ContextFile[];
  /** Files left out to keep within `CONTEXT_CAP_BYTES`. */
  elided: string[];
}

export interface ProgramContextInput {
  files: ProgramFiles;
  /** The file being fixed (shown whole elsewhere in the prompt). */
  target: string;
  tests: readonly SourceFile[];
  diagnosis: Diagnosis;
}

/**
 * The other files of a multi-file program for a repair prompt: the files the failing file
 * imports first, then those the failing tests import, then the rest by path; whole when the
 * program is small, else signatures only; within a byte cap, naming what did not fit.
 */
export async function programContext(input: ProgramContextInput): Promise<ProgramContext> {
  const { files, target } = input;
  const paths = Object.keys(files).filter((path) => path !== target);
  const program = Object.keys(files);
  const ordered = new Map<string, ContextReason>();
  for (const path of await localImports(target, files[target] ?? "", program)) ordered.set(path, "imported by the failing file");
  for (const test of failingTests(input.tests, input.diagnosis)) {
    for (const path of await localImports(test.path, test.content, program)) if (!ordered.has(path)) ordered.set(path, "imported by the failing tests");
  }
  for (const path of [...paths].sort()) if (!ordered.has(path)) ordered.set(path, "in the program");
  ordered.delete(target);

  const whole = paths.reduce((sum, path) => sum + Buffer.byteLength(files[path] ?? ""), 0) <= WHOLE_PROGRAM_BYTES;
  const shown: ContextFile[] = [];
  const elided: string[] = [];
  let room = CONTEXT_CAP_BYTES;
  for (const [path, reason] of ordered) {
    const content = files[path] ?? "";
    const outline = whole ? null : await fileOutline(path, content);
    const file: ContextFile = outline === null ? { path, shown: "whole", text: content, reason } : { path, shown: "signatures", text: outline, reason };
    const size = Buffer.byteLength(file.text);
    if (size > room) {
      elided.push(path);
      continue;
    }
    room -= size;
    shown.push(file);
  }
  return { files: shown, elided };
}

/** The test files with a failing test (by the failure's location or name), else every test file. */
function failingTests(tests: readonly SourceFile[], diagnosis: Diagnosis): readonly SourceFile[] {
  const failures = diagnosis.tests?.failures ?? [];
  const failing = tests.filter((test) => failures.some((failure) => failure.location?.file === test.path || failure.name.startsWith(`${test.path}::`) || failure.name.startsWith(test.path)));
  return failing.length > 0 ? failing : tests;
}
