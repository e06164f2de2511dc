import type { SourceLocation } from "../shared/check-result.js";

/** One finding of a linter or type checker, in a task file. */
export interface LintFinding {
  /** The tool's rule or diagnostic code, e.g. `F821` or `TS2304`. */
  rule: string;
  message: string;
  location: SourceLocation;
}

/** Tool runs either report findings or say why they could not run (a missing tool, a crash). */
export type ToolResult = { ok: true; findings: LintFinding[] } | { ok: false; reason: string };
