import type { SourceLocation } from "../shared/check-result.js";
import type { StackFrame } from "./raw-failure.js";
import { isProgramFile, isTestFile, type TaskFiles } from "./task-files.js";

/** The frames in the task's own files; the runner's, the standard library's and packages' are dropped. */
export function userFrames(frames: StackFrame[], files: TaskFiles): StackFrame[] {
  return frames.filter((frame) => isProgramFile(files, frame.file) || isTestFile(files, frame.file));
}

/**
 * Where to point the repair: the innermost frame in the program when there is one (the
 * test only called it), else the innermost frame in a test file.
 */
export function blameFrame(frames: StackFrame[], files: TaskFiles): StackFrame | undefined {
  const own = userFrames(frames, files);
  for (let i = own.length - 1; i >= 0; i--) {
    if (isProgramFile(files, own[i].file)) return own[i];
  }
  return own.at(-1);
}

export function frameLocation(frame: StackFrame): SourceLocation {
  return frame.column === undefined
    ? { file: frame.file, line: frame.line }
    : { file: frame.file, line: frame.line, column: frame.column };
}
