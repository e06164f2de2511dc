import { type Command } from "commander";
import { createTwoFilesPatch } from "diff";
import { basename } from "node:path";
import type { RunResult } from "../../shared/run-result.js";
import type { Task } from "../../shared/task.js";
import { UsageError } from "../../errors/usage-error.js";
import { loadProgramTask } from "../../tasks/load-program-task.js";
import { projectTestsHint } from "../project-tests-hint.js";
import { addMemoryOptions, type MemoryFlags, memoryLocation, openCommandMemory, runMemoryFallback } from "../memory-options.js";
import { addLimitOptions, addGenerateTestsOption, addReviewOptions, addSwitchOptions, addTaskOptions, agentOptionsFrom, checkModelBeforeRun, type LoopFlags } from "../loop-options.js";

interface RepairFlags extends LoopFlags, MemoryFlags {
  prompt?: string;
  write?: boolean;
  root?: string;
  testCmd?: string;
  checkpoints?: string;
  queue?: string;
}

/**
 * `mend repair PATH... [--tests PATH...] [--write]`: the loop with the given files (or a folder's
 * source files) as the draft, the first one the entry; without tests, its examples verify it.
 */
export function registerRepair(program: Command): void {
  const command = program
    .command("repair")
    .summary("repair FILE (or several files, or a folder) until its tests (or, without --tests, its examples) pass; writes only with --write")
    .description(
      "The self-correcting loop with FILE as the draft: the offline repair engine first, then the model if one is configured. Without --tests, the test files among the given paths (a tests folder, test_x.py) are the tests, else the examples in the docstrings (doctest `>>>` lines, JSDoc `@example x // => y`) and in --prompt; with neither, the run ends no_tests (exit 1). Several files, or folders (their source files, tests left out), make one program: diagnosis names the file at fault and a fix changes that file only. Prints the change as one unified diff over every changed file on stdout. With --write, the files are overwritten only with verified code (and, with --approve, only after approval), all of them or none.",
    )
    .argument("<paths...>", "the program to repair: files, or folders of source files (the first file is the entry; tests among them are the tests)")
    .option("--prompt <text>", "what the program should do, when the tests do not say it all")
    .option("--write", "overwrite FILE with the verified code")
    .option("--test-cmd <command>", "run the tests with this shell command in the sandbox (per test when it writes JUnit XML to $MEND_JUNIT_FILE)")
    .option("--root <dir>", "the project root (default: the nearest folder above FILE holding .git, package.json, pyproject.toml, setup.cfg, setup.py or case.json)");
  addTaskOptions(command);
  addLimitOptions(command);
  addSwitchOptions(command);
  addReviewOptions(command);
  addGenerateTestsOption(command);
  addMemoryOptions(command, "run");
  command
    .option("--approve", "ask before writing; a non-interactive run pauses (resume with: mend resume RUN_ID --approve|--reject)")
    .option("--checkpoints <url>", "keep checkpoints and run records in Postgres (postgres://USER@HOST:PORT/DB), so that any machine can resume or report the run")
    .option("--queue <url>", "hand the repair to a `mend worker` taking jobs from this Redis (redis://HOST:PORT) and wait for its result; the project's files travel with the job")
    .addHelpText("after", "\nExample:\n  mend repair examples/median/median.py --tests examples/median/test_median.py --write")
    .action(async (paths: string[], flags: RepairFlags) => {
      const loaded = await loadProgramTask(paths, flags);
      const hint = await projectTestsHint(loaded.task);
      if (hint) process.stderr.write(`${hint}\n`);
      const diff = (result: RunResult) => repairDiff(paths[0] ?? loaded.task.entry, loaded.task, result);
      // Loaded here, not at start-up: the agent pulls in LangGraph and the model providers,
      // which --help and bad input should not wait for.
      const [{ executeRun }, { openCheckpoints }] = await Promise.all([import("../execute-run.js"), import("../../scale/open-checkpoints.js")]);
      const options = agentOptionsFrom(flags, loaded);
      // Queued, the run's model is the worker's to reach (its API key, its network): nothing to check here.
      if (flags.queue === undefined) await checkModelBeforeRun(options);
      if (flags.queue !== undefined && (flags.write || flags.approve)) throw new UsageError("--write and --approve stay on this machine: drop them with --queue");
      const checkpoints = await openCheckpoints(flags.checkpoints);
      // Opened after the checkpoints: a memory in Postgres defaults to their URL, whose faults they report in one line.
      const memory = await openCommandMemory(memoryLocation(flags.memory, runMemoryFallback(flags.checkpoints)));
      const agentOptions = { ...options, ...memory.agentOptions };
      const queued = flags.queue === undefined ? undefined : await (await import("../../scale/open-queue-run.js")).openQueueRun(flags.queue, checkpoints, flags.runsDir);
      process.exitCode = await executeRun({
        json: flags.json ?? false,
        agentOptions: { ...agentOptions, ...checkpoints.agentOptions },
        start: (agent, signal) =>
          queued
            ? queued.run(loaded.task, agentOptions, signal, (line) => process.stderr.write(`${line}\n`))
            : agent.run(loaded.task, {
                command: "repair",
                signal,
                ...(flags.write && loaded.draftPath ? { writeTo: loaded.draftPath } : {}),
              }),
        render: diff,
        describeChange: diff,
      });
      await queued?.close();
      await checkpoints.close();
      await memory.close();
    });
}

/**
 * The change a repair made, as one unified diff over every changed file: what `mend repair`
 * prints, asks approval for, and the MCP `repair` tool returns. A single file is named as
 * given (`file`); a multi-file program's files by their path under the project root.
 */
export function repairDiff(file: string, task: Task, result: RunResult): string {
  const label = result.verified ? "verified" : "unverified";
  const original = task.draft ?? "";
  if (!task.editable?.length || !result.files) {
    return result.code === original ? `(no change to ${basename(file)})` : createTwoFilesPatch(file, file, original, result.code, "draft", label);
  }
  const before = new Map([[task.entry, original], ...task.editable.map((source) => [source.path, source.content] as const)]);
  const patches = Object.entries(result.files)
    .filter(([path, content]) => before.has(path) && before.get(path) !== content)
    .map(([path, content]) => createTwoFilesPatch(path, path, before.get(path) ?? "", content, "draft", label));
  return patches.length > 0 ? patches.join("") : `(no change to the ${before.size} files)`;
}
