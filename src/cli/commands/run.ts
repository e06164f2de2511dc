import { type Command } from "commander";
import { mkdirSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { UsageError } from "../../errors/usage-error.js";
import type { RunResult } from "../../shared/run-result.js";
import { type LoadedTask, loadTask } from "../../tasks/load-task.js";
import { addMemoryOptions, type MemoryFlags, memoryLocation, openCommandMemory, runMemoryFallback } from "../memory-options.js";
import { addLimitOptions, addGenerateTestsOption, addReviewOptions, addSwitchOptions, addTaskOptions, agentOptionsFrom, checkModelBeforeRun, type LoopFlags } from "../loop-options.js";

interface RunFlags extends LoopFlags, MemoryFlags {
  prompt?: string;
  checkpoints?: string;
  queue?: string;
  write?: boolean;
  printUnverified?: boolean;
}

/** `mend run [TASK] [--prompt TEXT]`: the self-correcting loop on a task. */
export function registerRun(program: Command): void {
  const command = program
    .command("run")
    .summary("generate (or take the draft), validate, diagnose, repair until verified or stopped")
    .description(
      "The self-correcting loop. TASK is a file (.md with YAML front matter, .yaml, .json), a folder holding task.md/task.yaml, or a case folder with case.json; flags override its fields. Prints the verified code on stdout; with --write also writes it to the task's entry file. A run that does not verify prints no code (unless --print-unverified) and says where its best attempt is kept.",
    )
    .argument("[task]", "TASK file or folder")
    .option("--prompt <text>", "the requirement, instead of (or overriding) the TASK file's")
    .option("--draft <path>", "a first version of the program to validate and repair")
    .option("--write", "write the verified code to the task's entry file (next to the task file); never unverified code")
    .option("--print-unverified", "print the best attempt on stdout even when it was not verified");
  addTaskOptions(command);
  addLimitOptions(command);
  addSwitchOptions(command);
  addReviewOptions(command);
  addGenerateTestsOption(command);
  addMemoryOptions(command, "run");
  command
    .option("--approve", "pause for approval before finishing (resume with: mend resume RUN_ID --approve|--reject)")
    .option("--checkpoints <url>", "keep checkpoints and run records in Postgres (postgres://USER@HOST:PORT/DB), so that any machine can resume or report the run")
    .option("--queue <url>", "hand the run to a `mend worker` taking jobs from this Redis (redis://HOST:PORT) and wait for its result")
    .addHelpText(
      "after",
      "\nExamples:\n  mend run examples/median\n  mend run task.md --model openai:gpt-4o-mini --max-attempts 8\n" +
        '  mend run --prompt "fizzbuzz(n) returns ..." --tests test_fizzbuzz.py --lang python --json',
    )
    .action(async (path: string | undefined, flags: RunFlags) => {
      const loaded = await loadRunTask(path, flags);
      // Loaded here, not at start-up: the agent pulls in LangGraph and the model providers,
      // which --help and bad input should not wait for.
      const [{ executeRun }, { openCheckpoints }] = await Promise.all([import("../execute-run.js"), import("../../scale/open-checkpoints.js")]);
      const options = agentOptionsFrom(flags, loaded);
      // Queued, the run's model is the worker's to reach (its API key, its network): nothing to check here.
      if (flags.queue === undefined) await checkModelBeforeRun(options);
      const checkpoints = await openCheckpoints(flags.checkpoints);
      // Opened after the checkpoints: a memory in Postgres defaults to their URL, whose faults they report in one line.
      const memory = await openCommandMemory(memoryLocation(flags.memory, runMemoryFallback(flags.checkpoints)));
      const agentOptions = { ...options, ...memory.agentOptions };
      if (flags.queue !== undefined && (flags.write || flags.approve)) throw new UsageError("--write and --approve stay on this machine: drop them with --queue");
      const queued = flags.queue === undefined ? undefined : await (await import("../../scale/open-queue-run.js")).openQueueRun(flags.queue, checkpoints, flags.runsDir);
      process.exitCode = await executeRun({
        json: flags.json ?? false,
        agentOptions: { ...agentOptions, ...checkpoints.agentOptions },
        start: (agent, signal) =>
          queued
            ? queued.run(loaded.task, agentOptions, signal, (line) => process.stderr.write(`${line}\n`))
            : agent.run(loaded.task, { signal, ...(flags.write ? { writeTo: loaded.entryPath } : {}) }),
        // Unverified code on stdout only when asked for: `mend run task > out.py` must not capture it unnoticed.
        render: (result) => (result.verified || flags.printUnverified ? result.code : undefined),
        afterResult: (result) => {
          // The finish step wrote the entry file: it runs only for a run that passed.
          if (result.status === "passed" && flags.write) return [`  wrote ${loaded.entryPath}`];
          if (result.verified || !result.code.trim()) return [];
          const kept = keepUnverified(result, basename(loaded.entryPath));
          return [`  best attempt (unverified) kept in ${kept}${flags.printUnverified ? "" : " (--print-unverified prints it)"}`];
        },
        describeChange: (result) => result.code,
      });
      await queued?.close();
      await checkpoints.close();
      await memory.close();
    });
}

/** The task of `mend run` (and the MCP `run` tool): the TASK file or folder, flags overriding its fields. */
export function loadRunTask(
  path: string | undefined,
  flags: Pick<RunFlags, "prompt" | "lang" | "tests" | "draft" | "entry">,
  within?: string,
): Promise<LoadedTask> {
  return loadTask({
    ...(path !== undefined ? { path } : {}),
    ...(flags.prompt !== undefined ? { prompt: flags.prompt } : {}),
    ...(flags.lang !== undefined ? { language: flags.lang } : {}),
    ...(flags.tests !== undefined ? { tests: flags.tests } : {}),
    ...(flags.draft !== undefined ? { draft: flags.draft } : {}),
    ...(flags.entry !== undefined ? { entry: flags.entry } : {}),
    ...(within !== undefined ? { within } : {}),
  });
}

/** The best attempt as a file of its own, under its entry name, in the run folder. */
function keepUnverified(result: RunResult, entry: string): string {
  const folder = join(result.runDir, "unverified");
  mkdirSync(folder, { recursive: true });
  const path = join(folder, entry);
  writeFileSync(path, result.code);
  return path;
}
