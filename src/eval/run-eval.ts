import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { createAgent } from "../agent/create-agent.js";
import { UsageError } from "../errors/usage-error.js";
import type { MemoryStore } from "../memory/memory-store.js";
import { formatModelSpec, parseModelSpec } from "../models/model-spec.js";
import { writeRunReport } from "../report/write-run-report.js";
import { makeDirectory } from "../runs/make-directory.js";
import { createSandbox } from "../sandbox/create-sandbox.js";
import type { RunResult } from "../shared/run-result.js";
import type { Sandbox } from "../shared/sandbox.js";
import { compareWithBaseline, loadBaseline } from "./baseline.js";
import { checkModelSettings } from "../models/check-model-settings.js";
import { evalFigures, outcomeOf } from "./eval-figures.js";
import type { EvalReport } from "./eval-report.js";
import type { EvalSuite, EvalTask } from "./eval-task.js";
import { type EvalTaskResult, toEvalTaskResult } from "./eval-task-result.js";
import { renderEvalPage } from "./render-eval-page.js";
import { appendResult, openResults } from "./results-file.js";

export const DEFAULT_EVAL_MAX_ATTEMPTS = 5;

/** Options of `runEval`. */
export interface EvalOptions {
  /** Model spec; default `MEND_MODEL`, else `offline`. */
  model?: string;
  baseUrl?: string;
  /** Environment for model settings and keys. Default `process.env`. */
  env?: NodeJS.ProcessEnv;
  /** Tasks run at the same time. Default 1. */
  concurrency?: number;
  /** Only the first N tasks of the suite. */
  limit?: number;
  /** Where results, run folders and the pages go. */
  outDir: string;
  /** Attempt cap of every task (else the task's own, else 5). */
  maxAttempts?: number;
  /** An earlier eval to compare with: its `eval.json`, `results.jsonl` or output folder. */
  baselinePath?: string;
  /** Default: one `createSandbox()` for the whole eval. */
  sandbox?: Sandbox;
  /** Time the offline engine may search per failing program (the loop's default otherwise). */
  offlineBudgetMs?: number;
  /** `false` turns the offline repair engine off, to measure the model alone. Default on. */
  offlineRepair?: boolean;
  /**
   * The code review after each verified task, as `run` and `repair` do it: `{ model?, fix? }`
   * (model default: the eval's model), `false` for none. Default: no review.
   */
  review?: false | { model?: string; fix?: boolean };
  signal?: AbortSignal;
  onProgress?: (event: EvalProgress) => void;
  /** Runs each task elsewhere (the workers of a queue) instead of in this process. */
  runner?: EvalRunner;
  /**
   * The error -> fix memory every task recalls from and records to; default none, so that two
   * evals of the same settings are comparable. Its location is recorded in the config and report.
   */
  memory?: MemoryStore;
}

/** How one task of the eval is to be run: the agent settings every task shares, with the task's own cap and budget. */
export interface EvalRunSettings {
  model: string;
  baseUrl?: string;
  maxAttempts: number;
  budget: { tokens?: number; usd?: number; seconds?: number };
  offlineBudgetMs?: number;
  offlineRepair: boolean;
  /** The code review after each verified task, as a local task runs it. */
  review: false | { model?: string; fix?: boolean };
}

/** Runs one task somewhere else and resolves with its result and the name of whoever ran it. */
export type EvalRunner = (item: EvalTask, settings: EvalRunSettings, signal: AbortSignal) => Promise<{ run: RunResult; worker?: string }>;

/** What the eval reports as it goes (the CLI's progress bar reads it). */
export type EvalProgress =
  | { type: "started"; toRun: number; reused: number; selected: number; concurrency: number }
  | { type: "task_started"; taskId: string }
  | { type: "task_finished"; taskId: string; result: EvalTaskResult; done: number; toRun: number }
  | { type: "warning"; message: string };

/** The settings an output folder's results belong to; a rerun with other settings is refused. */
interface EvalConfig {
  schemaVersion: 1;
  suite: string;
  model: string;
  maxAttempts: number | null;
  /** Missing in folders from before the switch existed, which ran with the engine on. */
  offlineRepair?: boolean;
  /** `--review-fix` may change a task's code; missing in folders from before it existed, which ran without. */
  reviewFix?: boolean;
  /** The error -> fix memory's location, or false for none; missing in folders from before it was recorded. */
  memory?: string | false;
}

/**
 * Runs a suite through the real loop (`createAgent().run`), `concurrency` tasks at a time,
 * appending each finished task to `<outDir>/results.jsonl`; tasks already there are not run
 * again, so an interrupted eval continues where it stopped. Ends by writing `eval.json` and
 * `eval.html` (figures over every finished task of the selection) and returns the report.
 * On abort, running tasks stop at their next step and are not recorded.
 */
export async function runEval(suite: EvalSuite, options: EvalOptions): Promise<EvalReport> {
  const started = Date.now();
  const env = options.env ?? process.env;
  const offlineRepair = options.offlineRepair ?? true;
  const parsedModel = parseModelSpec(options.model ?? env.MEND_MODEL);
  const modelSpec = formatModelSpec(parsedModel);
  const concurrency = options.concurrency ?? 1;
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new UsageError(`concurrency must be a whole number of at least 1`);
  const baseline = options.baselinePath === undefined ? undefined : loadBaseline(resolve(options.baselinePath));
  const outDir = resolve(options.outDir);
  const runsDir = join(outDir, "runs");
  const configPath = join(outDir, "eval-config.json");
  const review = options.review ?? false;
  const reviewFix = review !== false && (review.fix ?? false);
  const memory = options.memory?.location ?? false;
  const config: EvalConfig = { schemaVersion: 1, suite: suite.path, model: modelSpec, maxAttempts: options.maxAttempts ?? null, offlineRepair, reviewFix, memory };
  // A folder of another model's results is the error to report first, whether or not that
  // model's server is up; nothing is created before the server answered.
  const resuming = checkSavedConfig(configPath, config);
  // With a runner (queue workers) the tasks run elsewhere: the API key, the model file and the
  // model server are the workers' to have and reach, not this machine's.
  if (!options.runner) await checkModelSettings(parsedModel, { env, ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}) });
  makeOutDir(runsDir, outDir);
  if (!resuming) writeAtomic(configPath, `${JSON.stringify(config, null, 2)}\n`);

  const resultsPath = join(outDir, "results.jsonl");
  const results = openResults(resultsPath);
  const selected = suite.tasks.slice(0, options.limit ?? suite.tasks.length);
  const toRun = selected.filter((task) => !results.has(task.id));
  const reused = selected.length - toRun.length;
  // Queue workers decide how many run at once: every task is handed over at the start.
  const inFlight = options.runner ? Math.max(1, toRun.length) : concurrency;
  options.onProgress?.({ type: "started", toRun: toRun.length, reused, selected: selected.length, concurrency: inFlight });

  const ownsSandbox = options.sandbox === undefined;
  // Built with the first task run here: an eval on queue workers validates nothing on this machine.
  let sandbox = options.sandbox;
  const sandboxOf = () => (sandbox ??= createSandbox());
  const capOf = (task: EvalTask) => options.maxAttempts ?? task.maxAttempts ?? DEFAULT_EVAL_MAX_ATTEMPTS;
  let next = 0;
  let done = 0;
  let failure: unknown;
  const stop = new AbortController();
  const onAbort = () => stop.abort();
  options.signal?.addEventListener("abort", onAbort);
  if (options.signal?.aborted) stop.abort();

  const runHere = async (item: EvalTask): Promise<RunResult> => {
    const agent = createAgent({
      model: modelSpec,
      env,
      sandbox: sandboxOf(),
      runsDir,
      maxAttempts: capOf(item),
      ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
      ...(item.budget ? { budget: item.budget } : {}),
      ...(options.offlineBudgetMs !== undefined ? { offlineBudgetMs: options.offlineBudgetMs } : {}),
      ...(offlineRepair ? {} : { repairer: null }),
      review,
      ...(options.memory ? { memory: options.memory } : {}),
    });
    try {
      return await agent.run(item.task, { signal: stop.signal, command: item.task.draft === undefined ? "run" : "repair" });
    } finally {
      await agent.close();
    }
  };

  const runOne = async (item: EvalTask): Promise<void> => {
    options.onProgress?.({ type: "task_started", taskId: item.id });
    const settings: EvalRunSettings = {
      model: modelSpec,
      ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
      maxAttempts: capOf(item),
      budget: item.budget ?? {},
      ...(options.offlineBudgetMs !== undefined ? { offlineBudgetMs: options.offlineBudgetMs } : {}),
      offlineRepair,
      review,
    };
    const { run, worker } = options.runner ? await options.runner(item, settings, stop.signal) : { run: await runHere(item), worker: undefined };
    // An interrupted task is not a result: it runs again next time.
    if (run.reason === "interrupted") return;
    const result: EvalTaskResult = { ...toEvalTaskResult(item.id, run), ...(worker ? { worker } : {}) };
    appendResult(resultsPath, result);
    results.set(item.id, result);
    done++;
    options.onProgress?.({ type: "task_finished", taskId: item.id, result, done, toRun: toRun.length });
    try {
      await writeRunReport(run.runDir);
    } catch (error) {
      options.onProgress?.({ type: "warning", message: `no report for ${item.id}: ${(error as Error).message}` });
    }
  };

  const worker = async (): Promise<void> => {
    while (!stop.signal.aborted && next < toRun.length) {
      const item = toRun[next++];
      try {
        await runOne(item);
      } catch (error) {
        // A task that throws (rather than ending with a reason) means the eval cannot go on:
        // a missing API key, an unusable model or sandbox. Stop the others and report it.
        failure ??= error;
        stop.abort();
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(inFlight, Math.max(1, toRun.length)) }, worker));
  } finally {
    options.signal?.removeEventListener("abort", onAbort);
    if (ownsSandbox) await sandbox?.close();
  }
  if (failure !== undefined) throw failure;

  const finished = selected.filter((task) => results.has(task.id));
  const outcomes = finished.map((task) => outcomeOf(results.get(task.id) as EvalTaskResult));
  const maxK = Math.max(...selected.map(capOf), ...outcomes.map((outcome) => outcome.passedAt ?? 0));
  const report: EvalReport = {
    schemaVersion: 1,
    suite: { name: suite.name, path: suite.path, format: suite.format, size: suite.tasks.length },
    model: modelSpec,
    offlineRepair,
    memory,
    maxAttempts: maxK,
    selected: selected.length,
    finished: finished.length,
    reused,
    pending: selected.filter((task) => !results.has(task.id)).map((task) => task.id),
    interrupted: options.signal?.aborted ?? false,
    figures: evalFigures(outcomes, maxK),
    results: outcomes,
    ...workersOf(finished.map((task) => results.get(task.id) as EvalTaskResult)),
    ...(baseline ? { baseline: compareWithBaseline(baseline, outcomes, maxK) } : {}),
    outDir,
    resultsPath,
    htmlPath: join(outDir, "eval.html"),
    durationMs: Date.now() - started,
  };
  writeAtomic(join(outDir, "eval.json"), `${JSON.stringify(report, null, 2)}\n`);
  writeAtomic(report.htmlPath, renderEvalPage(report));
  return report;
}

/** Per-worker throughput, for an eval whose tasks ran on queue workers. */
function workersOf(results: EvalTaskResult[]): Pick<EvalReport, "workers"> {
  const byWorker = new Map<string, { tasks: number; busyMs: number }>();
  for (const result of results) {
    if (!result.worker) continue;
    const entry = byWorker.get(result.worker) ?? { tasks: 0, busyMs: 0 };
    entry.tasks++;
    entry.busyMs += result.durationMs;
    byWorker.set(result.worker, entry);
  }
  if (byWorker.size === 0) return {};
  return {
    workers: [...byWorker].map(([name, { tasks, busyMs }]) => ({
      name,
      tasks,
      busyMs,
      tasksPerMinute: busyMs > 0 ? Math.round((tasks / (busyMs / 60_000)) * 10) / 10 : 0,
    })),
  };
}

/** True when the output folder holds results of these settings (the run goes on with them); results of other settings are refused. */
function checkSavedConfig(path: string, config: EvalConfig): boolean {
  if (existsSync(path)) {
    let saved: Partial<EvalConfig> = {};
    try {
      saved = JSON.parse(readFileSync(path, "utf8")) as Partial<EvalConfig>;
    } catch {
      throw new UsageError(`${path} is not readable JSON: use another --out`, { code: "eval_out" });
    }
    saved.offlineRepair ??= true;
    saved.reviewFix ??= false;
    // Folders from before the memory was recorded: their memory is unknown, so not held against a rerun.
    saved.memory ??= config.memory;
    const differs = (["suite", "model", "maxAttempts", "offlineRepair", "reviewFix", "memory"] as const).filter((key) => saved[key] !== config[key]);
    if (differs.length > 0) {
      const was = differs.map((key) => `${key} ${JSON.stringify(saved[key])}`).join(", ");
      throw new UsageError(`${path}: these results were made with ${was}; use another --out to run with other settings`, {
        code: "eval_out",
      });
    }
    return true;
  }
  return false;
}

/** An output folder that cannot be made (a file in the way, no permission) is the user's to fix. */
function makeOutDir(runsDir: string, outDir: string): void {
  try {
    makeDirectory(runsDir);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new UsageError(`cannot use ${outDir} as the output folder (${reason}): use another --out`, { code: "eval_out", cause: error });
  }
}

function writeAtomic(path: string, text: string): void {
  writeFileSync(`${path}.tmp`, text);
  renameSync(`${path}.tmp`, path);
}
