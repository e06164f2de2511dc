import { z } from "zod";
import type { Sandbox } from "../../shared/sandbox.js";
import { PYTHON_ANALYSIS_FILE, pythonAnalysisSource } from "./python-analysis-source.js";

const locationFields = { file: z.string(), line: z.number(), column: z.number().nullish() };
const analysisSchema = z.object({
  syntax: z.array(z.object({ ...locationFields, type: z.string(), message: z.string(), text: z.string() })),
  imports: z.array(
    z.object({ ...locationFields, module: z.string(), resolved: z.enum(["task", "stdlib", "installed", "missing"]) }),
  ),
  network: z.array(z.object({ ...locationFields, what: z.string() })),
  missing_names: z.array(z.object({ ...locationFields, module: z.string(), name: z.string(), target: z.string() })),
});

/** Syntax errors, imports and network uses of a Python task, from one `python3` process. */
export type PythonAnalysis = z.infer<typeof analysisSchema>;

export type PythonAnalysisResult = { ok: true; analysis: PythonAnalysis } | { ok: false; reason: string };

/**
 * Runs the analysis script over the task's files in the sandbox. Parsing never runs the
 * program, but it still goes through the sandbox like every other execution.
 */
export async function analyzePython(
  sandbox: Sandbox,
  request: { files: Record<string, string>; program: string[]; tests: string[]; roots?: string[] },
): Promise<PythonAnalysisResult> {
  const result = await sandbox.run({
    command: ["python3", PYTHON_ANALYSIS_FILE],
    files: { ...request.files, [PYTHON_ANALYSIS_FILE]: pythonAnalysisSource() },
    stdin: JSON.stringify({ program: request.program, tests: request.tests, roots: request.roots ?? [] }),
    timeoutMs: 30_000,
    env: { PYTHONDONTWRITEBYTECODE: "1" },
  });
  if (result.exitCode !== 0) {
    return { ok: false, reason: `python3 analysis failed: ${(result.stderr || result.reason).trim().split("\n").at(-1)}` };
  }
  try {
    return { ok: true, analysis: analysisSchema.parse(JSON.parse(result.stdout)) };
  } catch (error) {
    return { ok: false, reason: `python3 analysis printed no report: ${String(error).slice(0, 200)}` };
  }
}
