import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { z } from "zod";
import type { Sandbox } from "../../shared/sandbox.js";
import type { LintFinding, ToolResult } from "../lint-finding.js";
import { toTaskPath } from "../to-task-path.js";

const reportSchema = z.object({
  generalDiagnostics: z.array(
    z.object({
      file: z.string(),
      severity: z.string(),
      message: z.string(),
      rule: z.string().optional(),
      range: z.object({ start: z.object({ line: z.number(), character: z.number() }) }).optional(),
    }),
  ),
});

/** pyright's exit status when it found errors (0: none); anything else is pyright failing. */
const ERRORS_FOUND = 1;

/**
 * Type-checks the program files with pyright (the npm package next to mendloop) in the
 * sandbox, in its default "standard" mode; only errors count.
 */
export async function pyrightCheck(sandbox: Sandbox, files: Record<string, string>, paths: string[]): Promise<ToolResult> {
  const cli = locatePyright();
  if (!cli) return { ok: false, reason: "pyright not installed (npm package `pyright`)" };
  const result = await sandbox.run({ command: ["node", cli, "--outputjson", ...paths], files, timeoutMs: 120_000 });
  if (result.exitCode !== 0 && result.exitCode !== ERRORS_FOUND) {
    return { ok: false, reason: `pyright failed: ${(result.stderr || result.stdout || result.reason).trim().split("\n").at(-1)}` };
  }
  let report: z.infer<typeof reportSchema>;
  try {
    report = reportSchema.parse(JSON.parse(result.stdout));
  } catch {
    return { ok: false, reason: "pyright printed no JSON report" };
  }
  const findings: LintFinding[] = report.generalDiagnostics
    .filter((entry) => entry.severity === "error")
    .map((entry) => ({
      rule: entry.rule ?? "pyright",
      message: entry.message,
      location: {
        file: toTaskPath(entry.file, paths),
        line: (entry.range?.start.line ?? 0) + 1,
        column: (entry.range?.start.character ?? 0) + 1,
      },
    }));
  return { ok: true, findings };
}

function locatePyright(): string | undefined {
  try {
    return join(dirname(createRequire(import.meta.url).resolve("pyright/package.json")), "index.js");
  } catch {
    return undefined;
  }
}
