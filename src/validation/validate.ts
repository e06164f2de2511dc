import { makeDiagnosis } from "../diagnosis/make-diagnosis.js";
import type { Diagnosis } from "../diagnosis/diagnosis.js";
import type { TaskFiles } from "../diagnosis/task-files.js";
import type { CheckResult, LayerReport, Stage } from "../shared/check-result.js";
import { looksBinary } from "../shared/looks-binary.js";
import type { ExecSpec, Sandbox } from "../shared/sandbox.js";
import { inProject } from "../languages/in-project.js";
import type { Layer, LayerName, LayerOutcome } from "./layer.js";
import { testCommandLayer } from "./test-command-layer.js";
import type { ValidateInput, ValidateOptions } from "./validate-input.js";
import type { ValidationContext } from "./validation-context.js";

export type { ValidateInput, ValidateOptions } from "./validate-input.js";

/** The layers in the order they run: cheapest first. */
export const LAYER_ORDER: readonly LayerName[] = ["syntax", "imports", "network", "lint", "types", "tests"];

const DEFAULT_TIMEOUT_MS = 60_000;
const DEFAULT_PER_TEST_TIMEOUT_MS = 5_000;
const DEFAULT_MEMORY_MB = 512;

/**
 * Layered validation and diagnosis of one program: syntax, imports, network, lint, types,
 * tests, cheapest first, stopping at the first layer that fails. Every execution goes
 * through `options.sandbox`. Never throws for a bad program; the verdict is in the result.
 * Throws UsageError when the machine lacks a test tool no program can make up for (pytest,
 * pytest-timeout): see `missingPytestRunner`.
 */
export async function validate(input: ValidateInput, options: ValidateOptions): Promise<CheckResult> {
  let executions = 0;
  // Ends what is still running once the verdict is known (a test run started early, see overlapTests).
  const finished = new AbortController();
  let spawned = () => {};
  const firstSpawn = new Promise<void>((resolve) => (spawned = resolve));
  const sandbox: Sandbox = {
    run(spec: ExecSpec) {
      executions++;
      const run = inProject(spec, input.project);
      return options.sandbox.run(options.overlapTests ? { ...run, signal: finished.signal, onSpawn: spawned } : run);
    },
    close: () => options.sandbox.close(),
  };
  const files: TaskFiles = {
    program: Object.fromEntries([[input.entry, input.code], ...(input.support ?? []).map((file) => [file.path, file.content])]),
    tests: Object.fromEntries(input.tests.map((file) => [file.path, file.content])),
    ...(input.project ? { project: { root: input.project.root, files: new Set(input.project.files) } } : {}),
  };
  const context: ValidationContext = {
    input,
    files,
    sandbox,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    perTestTimeoutMs: options.perTestTimeoutMs ?? DEFAULT_PER_TEST_TIMEOUT_MS,
    memoryMb: options.memoryMb ?? DEFAULT_MEMORY_MB,
    lintSignatures: [],
  };

  const badInput = checkInputText(input, files);
  // Each language's layers are loaded when asked for: the JavaScript ones bring the
  // TypeScript compiler, seconds of start-up a Python check should not wait for.
  const layers: Layer[] = badInput
    ? [{ name: "syntax", run: async () => ({ status: "fail", diagnosis: badInput }) }]
    : input.language === "python"
      ? (await import("./python-layers.js")).pythonLayers(context)
      : (await import("./javascript-layers.js")).javascriptLayers(context);
  if (!badInput && input.testCommand) {
    const command = input.testCommand;
    layers.splice(layers.findIndex((layer) => layer.name === "tests"), 1, testCommandLayer(context, command));
  }

  const reports: LayerReport[] = [];
  let failure: { stage: LayerName; diagnosis: Diagnosis } | undefined;
  let tests: CheckResult["tests"];
  const testsLayer = layers.find((layer) => layer.name === "tests");
  const early = options.overlapTests && testsLayer ? settled(timedRun(testsLayer)) : undefined;
  // The JavaScript layers hold the event loop while the TypeScript compiler runs in process,
  // which would stall the test run's start-up (folders, overlay, spawn) until they are done:
  // they start once a process runs. (Python's static layers run in processes of their own.)
  if (early) await Promise.race([firstSpawn, early]);
  try {
    for (const name of LAYER_ORDER) {
      const layer = layers.find((candidate) => candidate.name === name);
      if (failure || !layer) {
        reports.push({ name, status: "skipped", durationMs: 0, reason: failure ? `stopped at ${failure.stage}` : "not available for this language" });
        continue;
      }
      options.signal?.throwIfAborted();
      // A failure of the early test run counts only when the layers before it passed.
      const { outcome, durationMs } = layer === testsLayer && early ? unwrap(await early) : await timedRun(layer);
      const report: LayerReport = { name, status: outcome.status, durationMs };
      if (outcome.status === "skipped") report.reason = outcome.reason;
      if (outcome.status === "pass" && outcome.reason) report.reason = outcome.reason;
      if (outcome.status === "pass" && outcome.tests) tests = outcome.tests;
      if (outcome.status === "fail") failure = { stage: name, diagnosis: outcome.diagnosis };
      reports.push(report);
    }
  } finally {
    finished.abort();
    await early;
  }

  const result: CheckResult = failure
    ? {
        passed: false,
        stage: failure.stage as Stage,
        errorType: failure.diagnosis.errorType,
        summary: failure.diagnosis.summary,
        layers: reports,
        signature: failure.diagnosis.signature,
        message: failure.diagnosis.message,
        executions,
      }
    : { passed: true, stage: "ok", summary: passedSummary(tests, reports), layers: reports, executions };
  if (failure?.diagnosis.location) result.location = failure.diagnosis.location;
  if (failure?.diagnosis.context) result.context = failure.diagnosis.context;
  const testSummary = failure?.diagnosis.tests ?? tests;
  if (testSummary) result.tests = testSummary;
  if (context.lintSignatures.length > 0) result.lintSignatures = context.lintSignatures;
  return result;
}

async function timedRun(layer: Layer): Promise<{ outcome: LayerOutcome; durationMs: number }> {
  const started = performance.now();
  const outcome = await layer.run();
  return { outcome, durationMs: Math.round(performance.now() - started) };
}

type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

/** A promise that never rejects: a run started early may fail while nobody awaits it yet. */
function settled<T>(promise: Promise<T>): Promise<Settled<T>> {
  return promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
}

function unwrap<T>(result: Settled<T>): T {
  if (!result.ok) throw result.error;
  return result.value;
}

/** Input no parser should see: nothing at all, or bytes that are not text. */
function checkInputText(input: ValidateInput, files: TaskFiles): Diagnosis | undefined {
  if (input.code.trim() === "") {
    return makeDiagnosis(files, {
      errorType: "empty",
      summary: `${input.entry} is empty: there is no program to check`,
      message: "empty program",
      location: { file: input.entry, line: 1 },
    });
  }
  if (looksBinary(input.code)) {
    return makeDiagnosis(files, {
      errorType: "syntax",
      summary: `${input.entry} is not text (binary content): it cannot be a ${input.language} program`,
      message: "binary file",
      location: { file: input.entry, line: 1 },
    });
  }
  return undefined;
}

function passedSummary(tests: CheckResult["tests"], reports: LayerReport[]): string {
  const ran = reports.filter((report) => report.status === "pass").map((report) => report.name);
  if (tests) return `all ${tests.passed} test${tests.passed === 1 ? "" : "s"} passed (${ran.join(", ")})`;
  return `passed ${ran.join(", ")}; no tests were run`;
}
