import { type Command, InvalidArgumentError, Option } from "commander";
import type { AgentOptions } from "../agent/create-agent.js";
import { UsageError } from "../errors/usage-error.js";
import { parseModelSpec } from "../models/model-spec.js";
import { RunFolder } from "../runs/run-folder.js";
import type { LoadedTask } from "../tasks/load-task.js";
import { DEFAULT_OFFLINE_BUDGET_MS } from "../repair/offline-budget.js";

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
  offlineSeconds?: number;
  approve?: boolean;
  /** False with `--no-offline-repair`. */
  offlineRepair: boolean;
  /** False with `--no-boundary`. */
  boundary: boolean;
  runsDir: string;
  json?: boolean;
  reviewModel?: string;
  /** False with `--no-review`. */
  review?: boolean;
  reviewFix?: boolean;
  /** False with `--no-generate-tests`, true with `--generate-tests`, absent by default. */
  generateTests?: boolean;
}

export const DEFAULT_RUNS_DIR = ".mend/runs";

/** `--offline-seconds S` as `run`, `repair` and `eval` take it. */
export const OFFLINE_SECONDS_OPTION = [
  "--offline-seconds <s>",
  `time the offline repair engine may search per failing program (default ${DEFAULT_OFFLINE_BUDGET_MS / 1000})`,
  amount("--offline-seconds"),
] as const;

/** Options that choose the model, the limits and where runs go. */
export function addLimitOptions(command: Command): Command {
  return command
    .option("--model <spec>", "openai:<model>, anthropic:<model>, ollama:<model>, llama:<file.gguf> or offline (default: $MEND_MODEL, else offline)")
    .option("--base-url <url>", "base URL of an OpenAI-compatible server, for openai: models", httpUrl("--base-url"))
    .option("--max-attempts <n>", "validated attempts before giving up (default 5)", wholeNumber("--max-attempts"))
    .option("--budget-tokens <n>", "stop once this many tokens are used", wholeNumber("--budget-tokens"))
    .option("--budget-usd <x>", "stop once this much is spent, in US dollars", amount("--budget-usd"))
    .option("--budget-seconds <s>", "stop once this much wall-clock time is used", amount("--budget-seconds"))
    .option(...OFFLINE_SECONDS_OPTION)
    .option("--runs-dir <dir>", "where run folders go", DEFAULT_RUNS_DIR)
    .option("--json", "print exactly one JSON object (the run result) on stdout; human output goes to stderr");
}

/**
 * Switches for the loop's two safety nets, for measuring the model alone or debugging:
 * `run`, `repair` and `resume` take them; the run folder records them, so a resumed run
 * keeps what it started with.
 */
export function addSwitchOptions(command: Command): Command {
  return command
    .option("--no-offline-repair", "skip the built-in repair engine: failing programs go straight to the model")
    .option("--no-boundary", "run without the error boundary: no stuck detection, budgets or interventions (the attempt cap still holds)");
}

/**
 * Agent options from the two switches (see `addSwitchOptions`); nothing when they are left on.
 * Budgets are the boundary's to enforce, so a budget with `--no-boundary` is refused rather
 * than silently ignored.
 */
export function switchOptionsFrom(
  flags: { offlineRepair: boolean; boundary: boolean },
  budget: AgentOptions["budget"] = {},
): Pick<AgentOptions, "repairer" | "boundary"> {
  const budgets = Object.entries(budget ?? {})
    .filter(([, limit]) => limit !== undefined)
    .map(([name]) => name);
  if (!flags.boundary && budgets.length > 0) {
    const named = budgets.map((name) => `--budget-${name}`).join(", ");
    throw new UsageError(`--no-boundary turns budgets off: drop ${named} (from the flags or the task file) or --no-boundary`);
  }
  return {
    ...(flags.offlineRepair ? {} : { repairer: null }),
    ...(flags.boundary ? {} : { boundary: "off" as const }),
  };
}

/** The code review after success: on by default with the run's model (`run`, `repair` and `eval`; `resume` keeps the run's choice unless told otherwise). */
export function addReviewOptions(command: Command): Command {
  return command
    .option("--review-model <spec>", "the model that reviews verified code once (default: the run's model)")
    .option("--no-review", "no code review after success")
    .option("--review-fix", "allow one repair round for high-severity review findings (kept only if every test still passes)");
}

/** Generated tests (#12): with a model, a task without tests of its own gets tests the model writes first. */
export function addGenerateTestsOption(command: Command): Command {
  return command
    .option("--generate-tests", "with a model: have it write tests even beside your own tests (yours are never changed or dropped)")
    .option(
      "--no-generate-tests",
      "with a model and no tests of your own: do not ask the model for tests (the run is then verified by examples only, or not at all)",
    );
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
  // Before the run prints anything: a bad --runs-dir is one line, not a header and then an error.
  RunFolder.prepareRunsDir(flags.runsDir);
  return {
    runsDir: flags.runsDir,
    budget,
    approve: flags.approve ?? false,
    ...switchOptionsFrom(flags, budget),
    ...(flags.model !== undefined ? { model: flags.model } : {}),
    ...(flags.baseUrl !== undefined ? { baseUrl: flags.baseUrl } : {}),
    ...(maxAttempts !== undefined ? { maxAttempts } : {}),
    ...(flags.offlineSeconds !== undefined ? { offlineBudgetMs: Math.round(flags.offlineSeconds * 1000) } : {}),
    review: reviewOptionFrom(flags),
    ...(flags.generateTests !== undefined ? { generateTests: flags.generateTests ? ("always" as const) : false } : {}),
  };
}

/**
 * Before a new run starts: the model's settings hold (API key, model file) and its server can
 * be reached, so that a wrong --base-url is one usage line, not a failure found after the
 * offline search and the retries of the first model call.
 */
export async function checkModelBeforeRun(options: AgentOptions): Promise<void> {
  // A model object passed in code is the caller's to check.
  if (typeof options.model === "object") return;
  const spec = parseModelSpec(options.model ?? process.env.MEND_MODEL);
  // Loaded on demand: offline runs, --help and bad input should not wait for the provider clients.
  const { checkModelSettings } = await import("../models/check-model-settings.js");
  await checkModelSettings(spec, { env: process.env, ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}) });
}

/** A commander parser for a whole number of at least 1 (bad values exit 2 with one line). */
export function wholeNumber(flag: string) {
  return (value: string): number => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError(`${flag} takes a whole number of at least 1`);
    return n;
  };
}

/** A commander parser for an http(s) URL, so that a typo is one usage line, not a failed model call per attempt. */
export function httpUrl(flag: string) {
  return (value: string): string => {
    if (!URL.canParse(value) || !["http:", "https:"].includes(new URL(value).protocol)) {
      throw new InvalidArgumentError(`${flag} takes an http:// or https:// URL, e.g. http://127.0.0.1:8000/v1`);
    }
    return value;
  };
}

/**
 * A commander parser for a time in seconds within [min, max] (bad values exit 2 with one line):
 * for settings turned into timers, where a value that rounds to 0 ms spins, and one past
 * Node's timer limit (about 24.8 days) fires at once.
 */
export function secondsBetween(flag: string, min: number, max: number) {
  return (value: string): number => {
    const n = Number(value);
    if (value.trim() === "" || !Number.isFinite(n) || n < min || n > max) throw new InvalidArgumentError(`${flag} takes a number of seconds from ${min} to ${max}`);
    return n;
  };
}

/** A commander parser for a positive number (bad values exit 2 with one line). */
export function amount(flag: string) {
  return (value: string): number => {
    const n = Number(value);
    if (!Number.isFinite(n) || n <= 0) throw new InvalidArgumentError(`${flag} takes a positive number`);
    return n;
  };
}

/** The review option from `--review-model`, `--no-review` and `--review-fix`; giving both off and a setting is refused. */
export function reviewOptionFrom(flags: Pick<LoopFlags, "review" | "reviewModel" | "reviewFix">): false | { model?: string; fix: boolean } {
  if (flags.review === false) {
    if (flags.reviewModel !== undefined || flags.reviewFix) throw new UsageError("--no-review turns the review off: drop --review-model and --review-fix, or --no-review");
    return false;
  }
  return { ...(flags.reviewModel !== undefined ? { model: flags.reviewModel } : {}), fix: flags.reviewFix ?? false };
}
