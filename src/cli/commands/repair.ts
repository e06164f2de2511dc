import { type Command } from "commander";
import { createTwoFilesPatch } from "diff";
import { basename } from "node:path";
import { UsageError } from "../../errors/usage-error.js";
import { isLanguage } from "../../shared/language.js";
import type { RunResult } from "../../shared/run-result.js";
import type { Task } from "../../shared/task.js";
import { listProgramFiles } from "../../tasks/list-program-files.js";
import { type LoadedTask, loadTask } from "../../tasks/load-task.js";
import { addMemoryOptions, type MemoryFlags, memoryOptionFrom } from "../memory-options.js";
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
      "The self-correcting loop with FILE as the draft: the offline repair engine first, then the model if one is configured. Without --tests, the examples in FILE's docstrings (doctest `>>>` lines, JSDoc `@example x // => y`) and in --prompt are the tests; with neither, the run ends no_tests (exit 1). Several files, or a folder (its source files, tests left out), make one program: diagnosis names the file at fault and a fix changes that file only. Prints the change as one unified diff over every changed file on stdout. With --write, the files are overwritten only with verified code (and, with --approve, only after approval), all of them or none.",
    )
    .argument("<paths...>", "the program to repair: files, or folders of source files (the first file is the entry)")
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
    .option("--checkpoints <url>", "keep checkpoints and run records in Postgres (postgres://USER@HOST:PORT/DB), so that any machine can resume or report the run")
    .option("--queue <url>", "hand the repair to a `mend worker` taking jobs from this Redis (redis://HOST:PORT) and wait for its result; the project's files travel with the job")
    .addHelpText("after", "\nExample:\n  mend repair examples/median/median.py --tests examples/median/test_median.py --write")
    .action(async (paths: string[], flags: RepairFlags) => {
      const loaded = await loadRepairTask(paths, flags);
      const diff = (result: RunResult) => repairDiff(paths[0] ?? loaded.task.entry, loaded.task, result);
      // Loaded here, not at start-up: the agent pulls in LangGraph and the model providers,
      // which --help and bad input should not wait for.
      const [{ executeRun }, { openCheckpoints }] = await Promise.all([import("../execute-run.js"), import("../../scale/open-checkpoints.js")]);
      const agentOptions = { ...agentOptionsFrom(flags, loaded), ...memoryOptionFrom(flags.memory) };
      // Queued, the run's model is the worker's to reach (its API key, its network): nothing to check here.
      if (flags.queue === undefined) await checkModelBeforeRun(agentOptions);
      if (flags.queue !== undefined && (flags.write || flags.approve)) throw new UsageError("--write and --approve stay on this machine: drop them with --queue");
      const checkpoints = await openCheckpoints(flags.checkpoints);
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

/**
 * The task of `mend repair` (and the MCP `repair` tool): the first program file as the draft,
 * the others as files the loop may change, with the tests.
 */
export async function loadRepairTask(
  paths: string | readonly string[],
  flags: Pick<RepairFlags, "tests" | "prompt" | "lang" | "entry" | "root" | "testCmd">,
  within?: string,
): Promise<LoadedTask> {
  const given = typeof paths === "string" ? [paths] : paths;
  const language = flags.lang !== undefined && isLanguage(flags.lang) ? flags.lang : undefined;
  const [draft, ...editable] = await listProgramFiles(given, process.cwd(), language);
  if (draft === undefined) throw new UsageError("nothing to repair: give a file or a folder", { code: "draft_missing" });
  const loaded = await loadTask({
    draft,
    ...(editable.length > 0 ? { editable } : {}),
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
