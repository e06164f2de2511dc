import type { RawTestRun } from "../diagnosis/raw-failure.js";
import type { ProjectTestRunner } from "../languages/javascript/run-project-runner.js";
import type { Baseline, RunnerSetup } from "./candidate-runner.js";
import { instrumentLines, LINE_HIT } from "./instrument-lines.js";
import { testId } from "./project-runner-verdict.js";

// The baseline of a vitest or jest project, with per-test coverage of the entry: the files its
// run takes and how its report becomes the engine's baseline. Shared by the per-group runner
// (one run of the project's runner) and the warm server (one request to it).

/** Where the baseline's recorder writes the lines each test ran, one JSON object a line. */
export const COVERAGE_FILE = "__mend_line_coverage.jsonl";

/**
 * The baseline run's entry and test files: the entry instrumented (a call before each
 * statement, see `instrumentLines`) and each test file with a recorder before it. These
 * runners transform the sources they load, so V8's own coverage offsets would not match the file.
 */
export async function baselineFiles(setup: RunnerSetup, runner: ProjectTestRunner): Promise<Record<string, string>> {
  const files: Record<string, string> = { [setup.entry]: await instrumentLines(setup.language, setup.entry, setup.code) };
  for (const file of setup.tests) files[file.path] = recorder(runner, file.path) + file.content;
  return files;
}

/** The baseline from its run's report and the recorder's file (`coverage`). */
export function baselineOf(setup: RunnerSetup, runner: ProjectTestRunner, result: RawTestRun, coverage: string | undefined, durationMs: number): Baseline {
  const covered = coverageOf(coverage);
  const allLines = Array.from({ length: setup.code.split("\n").length }, (_, i) => i + 1);
  if (result.cases.length === 0) return { status: "error", reason: result.loadErrors[0]?.error.message ?? `the tests did not run under ${runner}`, durationMs };
  return {
    status: "ok",
    durationMs,
    tests: result.cases.map((test) => {
      const failLine = test.error?.frames.filter((frame) => frame.file === setup.entry).at(-1)?.line;
      return {
        id: testId(test.file ?? "", test.name),
        outcome: test.outcome === "failed" && test.error?.timedOut ? "timeout" : test.outcome,
        // The report gives no per-test time: the whole run shared out is an upper bound.
        durationMs: Math.max(1, Math.round(durationMs / result.cases.length)),
        // A test the recorder missed (its hooks did not run) counts as running every line.
        lines: covered.get(testId(test.file ?? "", test.name)) ?? allLines,
        ...(failLine !== undefined ? { failLine } : {}),
      };
    }),
  };
}

/**
 * A line put before a test file in the baseline: a recorder of the lines each test runs (the
 * instrumented entry reports them to `__mendHit`), appended to COVERAGE_FILE after each test
 * under the name the runner's JSON report gives it (vitest's `a > b` becomes `a b`).
 */
function recorder(runner: ProjectTestRunner, path: string): string {
  const body =
    `const mendFs = process.getBuiltinModule("node:fs"); let mendLines = new Set(); ` +
    `globalThis.${LINE_HIT} = (line) => mendLines.add(line); ` +
    `BEFORE(() => { mendLines = new Set(); }); ` +
    `AFTER(() => { mendFs.appendFileSync(${JSON.stringify(COVERAGE_FILE)}, JSON.stringify({ file: ${JSON.stringify(path)}, name: String(EXPECT.getState().currentTestName ?? "").split(" > ").join(" "), lines: [...mendLines] }) + "\\n"); });`;
  return runner === "vitest"
    ? `import { afterEach as mendAfterEach, beforeEach as mendBeforeEach, expect as mendExpect } from "vitest"; { ${body.replace("BEFORE", "mendBeforeEach").replace("AFTER", "mendAfterEach").replace("EXPECT", "mendExpect")} }\n`
    : `{ ${body.replace("BEFORE", "beforeEach").replace("AFTER", "afterEach").replace("EXPECT", "expect")} }\n`;
}

/** Test id -> lines run, from the recorder's file. */
function coverageOf(text: string | undefined): Map<string, number[]> {
  const lines = new Map<string, number[]>();
  for (const row of (text ?? "").split("\n")) {
    if (!row.trim()) continue;
    try {
      const entry = JSON.parse(row) as { file: string; name: string; lines: number[] };
      lines.set(testId(entry.file, entry.name), [...(lines.get(testId(entry.file, entry.name)) ?? []), ...entry.lines]);
    } catch {
      // A line cut short by a killed run: the others still count.
    }
  }
  return lines;
}
