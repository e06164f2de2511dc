import type { ToolResult } from "../languages/lint-finding.js";
import { failed, type Layer, type LayerOutcome } from "./layer.js";
import type { ValidationContext } from "./validation-context.js";

/** The types layer over a type checker: fails on the first error. */
export function typesLayer(context: ValidationContext, enabled: boolean, check: () => Promise<ToolResult>): Layer {
  return {
    name: "types",
    async run(): Promise<LayerOutcome> {
      if (!enabled) return { status: "skipped", reason: "type checking is off for this task" };
      const result = await check();
      if (!result.ok) return { status: "skipped", reason: result.reason };
      const [first] = result.findings;
      if (!first) return { status: "pass" };
      const more = result.findings.length > 1 ? ` (and ${result.findings.length - 1} more)` : "";
      return failed(context.files, {
        errorType: "type_check",
        summary: `${first.message.split("\n")[0]} at ${first.location.file}:${first.location.line} [${first.rule}]${more}`,
        message: `${first.rule}: ${first.message}`,
        location: first.location,
      });
    },
  };
}
