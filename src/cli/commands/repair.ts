import { type Command } from "commander";
import { createTwoFilesPatch } from "diff";
import { basename } from "node:path";
import type { RunResult } from "../../shared/run-result.js";
import { type LoadedTask, loadTask } from "../../tasks/load-task.js";
import { addMemoryOptions, type MemoryFlags, memoryOptionFrom } from "../memory-options.js";
import { addLimitOptions, addGenerateTestsOption, addReviewOptions, addSwitchOptions, addTaskOptions, agentOptionsFrom, checkModelBeforeRun, type LoopFlags } from "../loop-options.js";

interface RepairFlags extends LoopFlags, MemoryFlags {
  prompt?: string;
  write?: boolean;
  root?: string;
  testCmd?: string;
}

/** `mend repair FILE [--tests PATH...] [--write]`: the loop with FILE as the draft (without tests, its examples verify it). */
export function registerRepair(program: Command): void {
  const command = program
    .command("repair")
    .summary("repair FILE until its tests (or, without --tests, its examples) pass; writes FILE only with --write")
    .description(
      "The self-correcting loop with FILE as the draft: the offline repair engine first, then the model if one is configured. Without --tests, the examples in FILE's docstrings (doctest `>>>` lines, JSDoc `@example x // => y`) and in --prompt are the tests; with neither, the run ends no_tests (exit 1). Prints the change as a unified diff on stdout. With --write, FILE is overwritten only with verified code (and, with --approve, only after approval).",
    )
    .argument("<file>", "the program to repair")
    .option("--prompt <text>", "what the program should do, when the tests do not say it all")
    .option("--write", "overwrite FILE with the verified code")
    .option("--test-cmd <command>", "run the tests with this shell command in the sandbox (per test when it writes JUnit XML to $MEND_JUNIT_FILE)")
    .option("--root <dir>", "the project root (default: the nearest folder above FILE holding .git, package.json, pyproject.toml, setup.cfg, setup.py or case.json)");
  addTaskOptions(command);
  addLimitOptions(command);
  addSwitchOptions(command);
  addReviewOptions(command);
  addGenerateTestsOption(command);
  addMemoryOptions(command);
  command
    .option("--approve", "ask before writing; a non-interactive run pauses (resume with: mend resume RUN_ID --approve|--reject)")
    .addHelpText("after", "\nExample:\n  mend repair examples/median/median.py --tests examples/median/test_median.py --write")
    .action(async (file: string, flags: RepairFlags) => {
      const loaded = await loadRepairTask(file, flags);
      const original = loaded.task.draft ?? "";
      const diff = (result: RunResult) => repairDiff(file, original, result);
      // Loaded here, not at start-up: the agent pulls in LangGraph and the model providers,
      // which --help and bad input should not wait for.
      const { executeRun } = await import("../execute-run.js");
      const agentOptions = { ...agentOptionsFrom(flags, loaded), ...memoryOptionFrom(flags.memory) };
      await checkModelBeforeRun(agentOptions);
      process.exitCode = await executeRun({
        json: flags.json ?? false,
        agentOptions,
        start: (agent, signal) =>
          agent.run(loaded.task, {
            command: "repair",
            signal,
            ...(flags.write && loaded.draftPath ? { writeTo: loaded.draftPath } : {}),
          }),
        render: diff,
        describeChange: diff,
      });
    });
}

/** The change a repair made, as a unified diff: what `mend repair` prints and the MCP `repair` tool returns. */
export function repairDiff(file: string, original: string, result: RunResult): string {
  return result.code === original
    ? `(no change to ${basename(file)})`
    : createTwoFilesPatch(file, file, original, result.code, "draft", result.verified ? "verified" : "unverified");
}

/** The task of `mend repair` (and the MCP `repair` tool): FILE as the draft, with its tests. */
export async function loadRepairTask(
  file: string,
  flags: Pick<RepairFlags, "tests" | "prompt" | "lang" | "entry" | "root" | "testCmd">,
  within?: string,
): Promise<LoadedTask> {
  const loaded = await loadTask({
    draft: file,
    ...(flags.tests?.length ? { tests: flags.tests } : {}),
    ...(flags.prompt !== undefined ? { prompt: flags.prompt } : {}),
    ...(flags.lang !== undefined ? { language: flags.lang } : {}),
    ...(flags.entry !== undefined ? { entry: flags.entry } : {}),
    ...(within !== undefined ? { within } : {}),
    project: true,
    ...(flags.root !== undefined ? { root: flags.root } : {}),
  });
  if (flags.testCmd) loaded.task.testCommand = flags.testCmd;
  return loaded;
}
