import { type Command } from "commander";
import { createTwoFilesPatch } from "diff";
import { UsageError } from "../../errors/usage-error.js";
import { RunFolder } from "../../runs/run-folder.js";
import type { RunResult } from "../../shared/run-result.js";
import { addReviewOptions, addSwitchOptions, DEFAULT_RUNS_DIR, httpUrl, reviewOptionFrom, switchOptionsFrom, wholeNumber } from "../loop-options.js";
import { addMemoryOptions, type MemoryFlags, memoryLocation, openCommandMemory, savedMemoryLocation } from "../memory-options.js";

interface ResumeFlags extends MemoryFlags {
  approve?: boolean;
  reject?: boolean;
  maxAttempts?: number;
  model?: string;
  baseUrl?: string;
  offlineRepair: boolean;
  boundary: boolean;
  runsDir: string;
  checkpoints?: string;
  json?: boolean;
  reviewModel?: string;
  /** False with `--no-review`. */
  review?: boolean;
  reviewFix?: boolean;
}

/** `mend resume RUN_ID`: continue a run from its last checkpoint. */
export function registerResume(program: Command): void {
  const command = program
    .command("resume")
    .summary("continue a stopped or interrupted run from its last checkpoint")
    .description(
      "Continues a run that was interrupted (Ctrl-C, a crash, a killed process) or that waits for approval, from its last checkpoint: finished attempts are not redone. RUN_ID is the id printed by run/repair (a folder under --runs-dir) or the path of a run folder. A run waiting for approval needs --approve or --reject (asked interactively on a terminal).",
    )
    .argument("<run-id>", "the run's id or folder")
    .option("--approve", "approve the verified code of a run waiting for approval (and write it, for repair --write)")
    .option("--reject", "reject it: the run ends with reason rejected and writes nothing")
    .option("--max-attempts <n>", "a new attempt cap for the rest of the run", wholeNumber("--max-attempts"))
    .option("--model <spec>", "the model to continue with (default: the run's)")
    .option("--base-url <url>", "base URL of an OpenAI-compatible server (default: the run's)", httpUrl("--base-url"))
    .option("--runs-dir <dir>", "where run folders are", DEFAULT_RUNS_DIR)
    .option("--checkpoints <url>", "the Postgres database the run was made with (postgres://...): the run is fetched from there into --runs-dir")
    .option("--json", "print exactly one JSON object (the run result) on stdout");
  addSwitchOptions(command);
  addReviewOptions(command);
  addMemoryOptions(command, "resume");
  command.action(async (runId: string, flags: ResumeFlags) => {
    if (flags.approve && flags.reject) throw new UsageError("give --approve or --reject, not both");
    const { openCheckpoints } = await import("../../scale/open-checkpoints.js");
    const checkpoints = await openCheckpoints(flags.checkpoints);
    await checkpoints.restore(flags.runsDir, runId);
    const meta = RunFolder.open(flags.runsDir, runId).readMeta();
    const switches = switchOptionsFrom(flags, meta.budget);
    const review = resumeReviewFrom(flags);
    const decision = flags.approve ? { approve: true } : flags.reject ? { approve: false } : {};
    // The run's own memory unless told: a fix approved now is recorded where the run recalls from.
    const memory = await openCommandMemory(memoryLocation(flags.memory, savedMemoryLocation(meta.memory, flags.checkpoints)));
    const change = (result: RunResult) =>
      meta.command === "repair" || meta.task.draft !== undefined
        ? createTwoFilesPatch(meta.task.entry, meta.task.entry, meta.task.draft ?? "", result.code, "draft", "verified")
        : result.code;
    // Loaded here, not at start-up: the agent pulls in LangGraph and the model providers,
    // which --help and bad input should not wait for.
    const { executeRun } = await import("../execute-run.js");
    process.exitCode = await executeRun({
      json: flags.json ?? false,
      agentOptions: {
        ...checkpoints.agentOptions,
        runsDir: flags.runsDir,
        ...(flags.model !== undefined ? { model: flags.model } : {}),
        ...(flags.baseUrl !== undefined ? { baseUrl: flags.baseUrl } : {}),
        ...switches,
        ...(review !== undefined ? { review } : {}),
        ...memory.agentOptions,
      },
      start: (agent, signal) =>
        agent.resume(runId, {
          signal,
          ...decision,
          ...(flags.maxAttempts !== undefined ? { maxAttempts: flags.maxAttempts } : {}),
        }),
      render: (result) => (meta.command === "repair" ? change(result) : result.code),
      describeChange: change,
    });
    await checkpoints.close();
    await memory.close();
  });
}

/** The review switches given to `resume`: off, or what changes (a model, the fix round); nothing given keeps the run's own. */
function resumeReviewFrom(flags: ResumeFlags): false | { model?: string; fix?: boolean } | undefined {
  const chosen = reviewOptionFrom(flags);
  if (chosen === false) return false;
  if (flags.reviewModel === undefined && !flags.reviewFix) return undefined;
  return { ...(chosen.model !== undefined ? { model: chosen.model } : {}), ...(flags.reviewFix ? { fix: true } : {}) };
}
