import type { RawError, StackFrame } from "../../diagnosis/raw-failure.js";

const FRAME = /^\s*at (?:(?:async )?(.*?) \()?(.+?):(\d+):(\d+)\)?$/;
const ERROR_LINE = /^(?:Uncaught )?([A-Z][\w$]*)(?: \[([A-Z_0-9]+)\])?: (.*)$/;
const HEADER = /^(\S+?):(\d+)$/;

/** The frames of a V8 stack trace, outermost first, `file://` prefixes and node internals dropped. */
export function parseV8Stack(stack: string): StackFrame[] {
  const frames: StackFrame[] = [];
  for (const line of stack.split("\n")) {
    const match = FRAME.exec(line);
    if (!match) continue;
    const file = match[2].replace(/^file:\/\//, "");
    if (file.startsWith("node:") || file === "native") continue;
    const frame: StackFrame = { file, line: Number(match[3]), column: Number(match[4]) };
    if (match[1]) frame.function = match[1];
    frames.push(frame);
  }
  return frames.reverse();
}

/**
 * The error node printed when a program died outside any test (a throw at import time,
 * a syntax error node found on load, a missing module), from its stderr:
 *
 *     m.js:3
 *         throw new Error("x")
 *         ^
 *
 *     ReferenceError: x is not defined
 *         at m.js:3:1
 */
export function parseNodeCrash(stderr: string): RawError | undefined {
  // V8 aborts the process without a JavaScript error when the heap is full.
  const fatal = /^FATAL ERROR: (.*)$/m.exec(stderr);
  if (fatal) return { type: "FatalError", message: fatal[1].trim(), frames: [] };
  const lines = stderr.split("\n");
  const index = lines.findIndex((line) => ERROR_LINE.test(line));
  if (index < 0) return undefined;
  const [, type, code, first] = ERROR_LINE.exec(lines[index]) ?? [];
  const rest: string[] = [];
  let cursor = index + 1;
  for (; cursor < lines.length && !FRAME.test(lines[cursor]) && lines[cursor].trim() !== ""; cursor++) {
    rest.push(lines[cursor]);
  }
  const frames = parseV8Stack(lines.slice(cursor).join("\n"));
  const header = lines.slice(0, index).map((line) => HEADER.exec(line.trim().replace(/^file:\/\//, ""))).find(Boolean);
  if (header && !frames.some((frame) => frame.file === header[1] && frame.line === Number(header[2]))) {
    frames.push({ file: header[1], line: Number(header[2]) });
  }
  const message = [first, ...rest].join("\n").trim();
  return { type: code && type === "Error" ? `Error [${code}]` : type, message, frames };
}
