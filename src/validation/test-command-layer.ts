import { diagnoseTestRun } from "../diagnosis/diagnose-test-run.js";
import { runTestCommand } from "../languages/run-test-command.js";
import { failed, type Layer, type LayerOutcome } from "./layer.js";
import { passingSummary } from "./passing-summary.js";
import type { ValidationContext } from "./validation-context.js";

/** The tests layer for `--test-cmd`: the user's own command decides, per test when it writes JUnit XML. */
export function testCommandLayer(context: ValidationContext, command: string): Layer {
  const { files, input } = context;
  return {
    name: "tests",
    async run(): Promise<LayerOutcome> {
      const { run, exec } = await runTestCommand(context.sandbox, {
        command,
        files: { ...files.program, ...files.tests },
        timeoutMs: context.timeoutMs,
        memoryMb: context.memoryMb,
        allowNetwork: input.allowNetwork,
      });
      if (run) {
        const diagnosis = diagnoseTestRun(run, files, input.language);
        if (diagnosis) return { status: "fail", diagnosis };
        return { status: "pass", tests: passingSummary(run), reason: `by ${command}` };
      }
      if (exec.reason === "ok") return { status: "pass", reason: `${command} exited 0 (no JUnit report: its exit status is the verdict)` };
      const tail = `${exec.stdout}\n${exec.stderr}`.trim().split("\n").slice(-20).join("\n");
      const ended = exec.exitCode !== null ? `exited ${exec.exitCode}` : `was stopped (${exec.reason})`;
      return failed(files, {
        errorType: exec.reason === "timeout" || exec.reason === "cpu" ? "timeout" : "assertion",
        summary: `the test command ${ended}: ${tail.split("\n").at(-1) ?? ""}`.trim(),
        message: tail,
      });
    },
  };
}
