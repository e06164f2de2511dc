import { type Command, InvalidArgumentError, Option } from "commander";
import type { AgentOptions } from "../agent/create-agent.js";
import type { LoadedTask } from "../tasks/load-task.js";

/** The options `run`, `repair` and `resume` share (SPEC "Common options"). */
export interface LoopFlags {
  lang?: string;
  tests?: string[];
  draft?: string;
  entry?: string;
  model?: string;
  baseUrl?: string;
  maxAttempts?: number;
  budgetTokens?: number;
  budgetUsd?: number;
  budgetSeconds?: number;
  approve?: boolean;
  runsDir: string;
  json?: boolean;
}

export const DEFAULT_RUNS_DIR = ".mend/runs";

/** Options that choose the model, the limits and where runs go. */
export function addLimitOptions(command: Command): Command {
  return command
    .option("--model <spec>", "openai:<model>, anthropic:<model>, ollama:<model>, llama:<file.gguf> or offline (default: $MEND_MODEL, else offline)")
    .option("--base-url <url>", "base URL of an OpenAI-compatible server, for openai: models")
    .option("--max-attempts <n>", "validated attempts before giving up (default 5)", wholeNumber("--max-attempts"))
    .option("--budget-tokens <n>", "stop once this many tokens are used", wholeNumber("--budget-tokens"))
    .option("--budget-usd <x>", "stop once this much is spent, in US dollars", amount("--budget-usd"))
    .option("--budget-seconds <s>", "stop once this much wall-clock time is used", amount("--budget-seconds"))
    .option("--runs-dir <dir>", "where run folders go", DEFAULT_RUNS_DIR)
    .option("--json", "print exactly one JSON object (the run result) on stdout; human output goes to stderr");
}

/** Options that describe the task. */
export function addTaskOptions(command: Command): Command {
  return command
    .addOption(new Option("--lang <language>", "python, javascript or typescript (default: from file names)"))
    .option("--tests <path...>", "test files or folders (repeatable)")
    .option("--entry <file>", "file name of the program, e.g. median.py (default: from the draft or the tests)");
}

/** Agent options from the flags, falling back to what the TASK file asked for. */
export function agentOptionsFrom(flags: LoopFlags, loaded?: LoadedTask): AgentOptions {
  const budget = {
    ...loaded?.budget,
    ...(flags.budgetTokens !== undefined ? { tokens: flags.budgetTokens } : {}),
    ...(flags.budgetUsd !== undefined ? { usd: flags.budgetUsd } : {}),
    ...(flags.budgetSeconds !== undefined ? { seconds: flags.budgetSeconds } : {}),
  };
  const maxAttempts = flags.maxAttempts ?? loaded?.maxAttempts;
  return {
    runsDir: flags.runsDir,
    budget,
    approve: flags.approve ?? false,
    ...(flags.model !== undefined ? { model: flags.model } : {}),
    ...(flags.baseUrl !== undefined ? { baseUrl: flags.baseUrl } : {}),
    ...(maxAttempts !== undefined ? { maxAttempts } : {}),
  };
}

/** A commander parser for a whole number of at least 1 (bad values exit 2 with one line). */
export function wholeNumber(flag: string) {
  return (value: string): number => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError(`${flag} takes a whole number of at least 1`);
    return n;
  };
}

function amount(flag: string) {
  return (value: string): number => {
    const n = Number(value);
    if (!Number.isFinite(n) || n <= 0) throw new InvalidArgumentError(`${flag} takes a positive number`);
    return n;
  };
}
