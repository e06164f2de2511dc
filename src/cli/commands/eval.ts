import type { Command } from "commander";
import { join } from "node:path";
import { formatModelSpec, parseModelSpec } from "../../models/model-spec.js";
import { UsageError } from "../../errors/usage-error.js";
import { loadPriceOverrides, priceOf } from "../../models/pricing.js";
import { addReviewOptions, amount, httpUrl, OFFLINE_SECONDS_OPTION, reviewOptionFrom, wholeNumber } from "../loop-options.js";
import { addMemoryOptions, type MemoryFlags, memoryLocation, openCommandMemory } from "../memory-options.js";
import { createOutput } from "../output.js";

interface EvalFlags extends MemoryFlags {
  model?: string;
  baseUrl?: string;
  concurrency: number;
  limit?: number;
  out?: string;
  baseline?: string;
  maxAttempts?: number;
  offlineSeconds?: number;
  /** False with `--no-offline-repair`. */
  offlineRepair: boolean;
  reviewModel?: string;
  /** False with `--no-review`. */
  review?: boolean;
  reviewFix?: boolean;
  queue?: string;
  checkpoints?: string;
  budgetTokens?: number;
  budgetUsd?: number;
  json?: boolean;
}

/** `mend eval SUITE`: a benchmark suite through the real loop, with resumable results. */
export function registerEval(program: Command): void {
  const command = addMemoryOptions(program.command("eval"), "eval")
    .summary("run a benchmark suite through the loop and report pass@1, the pass-after-k curve, cost and time")
    .description(
      "SUITE is a HumanEval-style .jsonl file (task_id, prompt, test, entry_point, and buggy_solution for " +
        "bug-fix suites) or a folder of task folders (task.md/task.yaml) and case folders (case.json). " +
        "Each finished task is appended to <out>/results.jsonl at once; running the same command again skips " +
        "finished tasks, so an interrupted eval continues where it stopped. Writes eval.json and eval.html " +
        "(with the curve) to the output folder and prints the table on stderr. No error -> fix memory unless " +
        "--memory names one: two evals compare the loop, not what the first taught the second; the memory used " +
        "is recorded in eval-config.json and eval.json.",
    )
    .argument("<suite>", "a .jsonl suite file or a suite folder")
    .option("--model <spec>", "openai:<model>, anthropic:<model>, ollama:<model>, llama:<file.gguf> or offline (default: $MEND_MODEL, else offline)")
    .option("--base-url <url>", "base URL of an OpenAI-compatible server, for openai: models", httpUrl("--base-url"))
    .option("--concurrency <n>", "tasks run at the same time", wholeNumber("--concurrency"), 1)
    .option("--limit <n>", "only the first N tasks of the suite", wholeNumber("--limit"))
    .option("--max-attempts <n>", "attempt cap of every task (default: the task's own, else 5)", wholeNumber("--max-attempts"))
    .option("--out <dir>", "output folder (default .mend/evals/<suite>/<model>, plus -no-offline-repair with that switch)")
    .option("--baseline <file>", "an earlier eval's eval.json, results.jsonl or output folder, to compare with")
    .option("--no-offline-repair", "skip the built-in repair engine, to measure the model alone")
    .option(...OFFLINE_SECONDS_OPTION)
    .option("--queue <url>", "run the tasks on `mend worker`s that take jobs from this Redis (redis://HOST:PORT); results and report as usual")
    .option("--checkpoints <url>", "with --queue: the Postgres database the workers keep runs in; finished runs are copied into the output folder")
    .option("--budget-tokens <n>", "with --queue: one token cap for the whole eval, shared by every worker", wholeNumber("--budget-tokens"))
    .option("--budget-usd <x>", "with --queue: one cost cap in US dollars for the whole eval, shared by every worker", amount("--budget-usd"))
    .option("--json", "print the eval report as one JSON object on stdout; the table stays on stderr");
  addReviewOptions(command);
  command
    .addHelpText(
      "after",
      "\nExamples:\n  mend eval examples/suites/humaneval-fix.jsonl\n" +
        "  mend eval examples/suites/cases --model openai:gpt-4o-mini --concurrency 2 --baseline .mend/evals/cases/offline",
    )
    .action(async (suitePath: string, flags: EvalFlags) => {
      const review = reviewOptionFrom(flags);
      const output = createOutput(flags.json ?? false);
      if (flags.queue === undefined && (flags.checkpoints !== undefined || flags.budgetTokens !== undefined || flags.budgetUsd !== undefined)) {
        throw new UsageError("--checkpoints, --budget-tokens and --budget-usd of mend eval go with --queue");
      }
      const location = memoryLocation(flags.memory, false);
      if (flags.queue !== undefined && location !== false) throw new UsageError("the queue's workers run without the error -> fix memory: drop --memory with --queue");
      // Loaded on demand, so that other commands (and usage errors) start fast.
      const [{ createEvalProgress }, { loadSuite }, { renderEvalTable }, { runEval }] = await Promise.all([
        import("../../eval/eval-progress.js"),
        import("../../eval/load-suite.js"),
        import("../../eval/render-eval-table.js"),
        import("../../eval/run-eval.js"),
      ]);
      const suite = await loadSuite(suitePath);
      const model = formatModelSpec(parseModelSpec(flags.model ?? process.env.MEND_MODEL));
      // A dollar cap counts calls by their price: a model nobody priced could spend without end.
      if (flags.budgetUsd !== undefined && priceOf(model, loadPriceOverrides()) === undefined) {
        throw new UsageError(`--budget-usd cannot count calls to ${model}: it has no price (MEND_PRICES names a price file; the workers need it too)`);
      }
      const outDir =
        flags.out ??
        join(".mend", "evals", suite.name, model.replace(/[^\w.-]+/g, "_") + (flags.offlineRepair ? "" : "-no-offline-repair") + (location === false ? "" : "-memory"));
      const controller = new AbortController();
      const onSigint = () => {
        if (controller.signal.aborted) process.exit(130);
        output.info("mend eval: interrupting; finished tasks are saved (Ctrl-C again to quit at once)");
        controller.abort();
      };
      process.on("SIGINT", onSigint);
      const progress = createEvalProgress();
      let closed = false;
      const scale = flags.queue === undefined ? undefined : await (await import("../../scale/open-queue-eval.js")).openQueueEval({ ...flags, queue: flags.queue }, outDir, progress);
      const memory = await openCommandMemory(location);
      try {
        const report = await runEval(suite, {
          model,
          outDir,
          concurrency: flags.concurrency,
          offlineRepair: flags.offlineRepair,
          review,
          signal: controller.signal,
          onProgress: progress.onProgress,
          ...(flags.baseUrl !== undefined ? { baseUrl: flags.baseUrl } : {}),
          ...(flags.limit !== undefined ? { limit: flags.limit } : {}),
          ...(flags.maxAttempts !== undefined ? { maxAttempts: flags.maxAttempts } : {}),
          ...(flags.offlineSeconds !== undefined ? { offlineBudgetMs: Math.round(flags.offlineSeconds * 1000) } : {}),
          ...(flags.baseline !== undefined ? { baselinePath: flags.baseline } : {}),
          ...(scale ? { runner: scale.runner } : {}),
          ...(memory.agentOptions.memory ? { memory: memory.agentOptions.memory } : {}),
        });
        // The workers' lines are final once the queue is closed: then the display stops.
        await scale?.close();
        closed = true;
        progress.stop();
        output.info(renderEvalTable(report));
        output.result(report, () => report.htmlPath);
        process.exitCode = report.interrupted ? 130 : 0;
      } finally {
        progress.stop();
        process.off("SIGINT", onSigint);
        if (!closed) await scale?.close();
        await memory.close();
      }
    });
}
