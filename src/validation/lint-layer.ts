import type { LintFinding, ToolResult } from "../languages/lint-finding.js";
import { normalizeMessage } from "../diagnosis/error-signature.js";
import { failed, type Layer, type LayerOutcome } from "./layer.js";
import type { ValidationContext } from "./validation-context.js";

/**
 * A lint finding's identity without its line, so that it survives edits above it: a
 * repair that moves a draft's finding down a line is not blamed for it.
 */
export function lintSignature(finding: LintFinding): string {
  return `${finding.rule}|${normalizeMessage(finding.message)}|${finding.location.file}`;
}

/**
 * The lint layer over a tool: records every finding's signature for the caller's baseline
 * and fails on the first finding that is not in `input.baselineLint`.
 */
export function lintLayer(context: ValidationContext, lint: () => Promise<ToolResult>): Layer {
  return {
    name: "lint",
    async run(): Promise<LayerOutcome> {
      const result = await lint();
      if (!result.ok) return { status: "skipped", reason: result.reason };
      const baseline = new Set(context.input.baselineLint ?? []);
      context.lintSignatures = result.findings.map(lintSignature);
      const fresh = result.findings.filter((finding) => !baseline.has(lintSignature(finding)));
      const inherited = result.findings.length - fresh.length;
      const [first] = fresh;
      if (!first) {
        return inherited > 0 ? { status: "pass", reason: `${inherited} finding(s) already in the draft` } : { status: "pass" };
      }
      const more = fresh.length > 1 ? ` (and ${fresh.length - 1} more)` : "";
      return failed(context.files, {
        errorType: "lint",
        summary: `${first.rule} ${first.message} at ${first.location.file}:${first.location.line}${more}`,
        message: `${first.rule} ${first.message}`,
        location: first.location,
      });
    },
  };
}
