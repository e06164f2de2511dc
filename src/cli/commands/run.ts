import { type Command } from "commander";
import { loadTask } from "../../tasks/load-task.js";
import { addLimitOptions, addReviewOptions, addSwitchOptions, addTaskOptions, agentOptionsFrom, type LoopFlags } from "../loop-options.js";

interface RunFlags extends LoopFlags {
  prompt?: string;
}

/** `mend run [TASK] [--prompt TEXT]`: the self-correcting loop on a task. */
export function registerRun(program: Command): void {
  const command = program
    .command("run")
    .summary("generate (or take the draft), validate, diagnose, repair until verified or stopped")
    .description(
      "The self-correcting loop. TASK is a file (.md with YAML front matter, .yaml, .json), a folder holding task.md/task.yaml, or a case folder with case.json; flags override its fields. Prints the final code on stdout (verified, else the best attempt, labelled on stderr).",
    )
    .argument("[task]", "TASK file or folder")
    .option("--prompt <text>", "the requirement, instead of (or overriding) the TASK file's")
    .option("--draft <path>", "a first version of the program to validate and repair");
  addTaskOptions(command);
  addLimitOptions(command);
  addSwitchOptions(command);
  addReviewOptions(command);
  command
    .option("--approve", "pause for approval before finishing (resume with: mend resume RUN_ID --approve|--reject)")
    .addHelpText(
      "after",
      "\nExamples:\n  mend run examples/median\n  mend run task.md --model openai:gpt-4o-mini --max-attempts 8\n" +
        '  mend run --prompt "fizzbuzz(n) returns ..." --tests test_fizzbuzz.py --lang python --json',
    )
    .action(async (path: string | undefined, flags: RunFlags) => {
      const loaded = await loadTask({
        ...(path !== undefined ? { path } : {}),
        ...(flags.prompt !== undefined ? { prompt: flags.prompt } : {}),
        ...(flags.lang !== undefined ? { language: flags.lang } : {}),
        ...(flags.tests !== undefined ? { tests: flags.tests } : {}),
        ...(flags.draft !== undefined ? { draft: flags.draft } : {}),
        ...(flags.entry !== undefined ? { entry: flags.entry } : {}),
      });
      // Loaded here, not at start-up: the agent pulls in LangGraph and the model providers,
      // which --help and bad input should not wait for.
      const { executeRun } = await import("../execute-run.js");
      process.exitCode = await executeRun({
        json: flags.json ?? false,
        agentOptions: agentOptionsFrom(flags, loaded),
        start: (agent, signal) => agent.run(loaded.task, { signal }),
        render: (result) => result.code,
        describeChange: (result) => result.code,
      });
    });
}
