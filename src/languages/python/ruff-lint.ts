import { z } from "zod";
import type { Sandbox } from "../../shared/sandbox.js";
import type { LintFinding, ToolResult } from "../lint-finding.js";
import { toTaskPath } from "../to-task-path.js";

/**
 * The ruff rules that flag bugs rather than style: code that raises or silently misbehaves.
 * - F821/F822/F823: undefined names (in code, in `__all__`, a local read before assignment)
 * - F811: a definition replaced before use (the second `def median` wins; the first is dead)
 * - F631-F634: always-true asserts and ifs on tuples, `is` against literals, `print >>`
 * - F50x/F52x: `%` and `.format` strings whose arguments do not match the placeholders
 * - F601: a dict literal repeating a key (the first value is lost)
 * - F704/F706/F707/F901: yield/return outside a function, bare except not last, `raise NotImplemented`
 * - PLE0101/PLE0117/PLE0118/PLE1142: return in `__init__`, bad nonlocal/global, await outside async
 * Unused imports and variables (F401, F841) are style: they do not change what the code does.
 */
export const RUFF_BUG_RULES = [
  "F821", "F822", "F823", "F811",
  "F631", "F632", "F633", "F634",
  "F501", "F502", "F503", "F504", "F505", "F506", "F507", "F508", "F509",
  "F521", "F522", "F523", "F524", "F525",
  "F601", "F704", "F706", "F707", "F901",
  "PLE0101", "PLE0117", "PLE0118", "PLE1142",
];

const reportSchema = z.array(
  z.object({
    code: z.string().nullable(),
    message: z.string(),
    filename: z.string(),
    location: z.object({ row: z.number(), column: z.number() }),
  }),
);

/** Runs ruff (`python3 -m ruff`) over the program files in the sandbox. */
export async function ruffLint(sandbox: Sandbox, files: Record<string, string>, paths: string[]): Promise<ToolResult> {
  const result = await sandbox.run({
    command: [
      "python3",
      "-m",
      "ruff",
      "check",
      "--isolated",
      "--no-cache",
      "--exit-zero",
      "--output-format=json",
      `--select=${RUFF_BUG_RULES.join(",")}`,
      ...paths,
    ],
    files,
    timeoutMs: 30_000,
  });
  if (/No module named ruff/.test(result.stderr)) return { ok: false, reason: "ruff not installed" };
  if (result.exitCode !== 0) return { ok: false, reason: `ruff failed: ${result.stderr.trim().split("\n").at(-1) ?? result.reason}` };
  const parsed = reportSchema.safeParse(safeJson(result.stdout));
  if (!parsed.success) return { ok: false, reason: "ruff printed no JSON report" };
  const findings: LintFinding[] = parsed.data.map((entry) => ({
    rule: entry.code ?? "ruff",
    message: entry.message,
    location: { file: toTaskPath(entry.filename, paths), line: entry.location.row, column: entry.location.column },
  }));
  return { ok: true, findings };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
