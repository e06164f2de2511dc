import { z } from "zod";
import type { RawTestCase, RawTestRun } from "../../diagnosis/raw-failure.js";
import type { ExecResult } from "../../shared/exec-result.js";
import type { Sandbox } from "../../shared/sandbox.js";
import { killedBy, outputTail } from "../exec-outcome.js";
import { parseNdjson } from "../ndjson.js";
import { ASSERT_SCRIPT_FILE, assertScriptSource } from "./assert-script-source.js";
import { PYTEST_PLUGIN_FILE, PYTEST_REPORT_FILE, pytestPluginSource } from "./pytest-plugin-source.js";
import { TIME_LIMITS_FILE, timeLimitsSource } from "./time-limits-source.js";

export interface PytestInput {
  /** Every file of the task (program, support, tests), by work-folder-relative path. */
  files: Record<string, string>;
  testFiles: string[];
  timeoutMs: number;
  perTestTimeoutMs: number;
  memoryMb?: number;
  allowNetwork?: boolean;
  /** The project's pytest configuration sets `addopts`: run with them, as the user's pytest does. */
  projectAddopts?: boolean;
  /** The project's configuration uses pytest-timeout (see `usesPytestTimeout`): it keeps each test's time, with our limit. */
  projectTimeoutPlugin?: boolean;
}

const frameSchema = z.object({
  file: z.string(),
  line: z.number(),
  column: z.number().nullish(),
  function: z.string().optional(),
});
const errorSchema = z.object({ type: z.string(), message: z.string(), frames: z.array(frameSchema) });
const recordSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("test"),
    nodeid: z.string(),
    file: z.string(),
    line: z.number(),
    outcome: z.enum(["passed", "failed", "skipped"]),
    when: z.string(),
    params: z.record(z.string(), z.string()).optional(),
    error: errorSchema.optional(),
    timedOut: z.boolean().optional(),
    assertion: z
      .object({
        expression: z.string().optional(),
        operator: z.string().optional(),
        expected: z.string().optional(),
        actual: z.string().optional(),
      })
      .optional(),
  }),
  z.object({ kind: z.literal("load"), file: z.string(), error: errorSchema, text: z.string() }),
  z.object({ kind: z.literal("session"), exitstatus: z.number(), collected: z.number() }),
]);
type PytestRecord = z.infer<typeof recordSchema>;

/** pytest's exit status when it collected no test. */
const NO_TESTS_COLLECTED = 5;

/** Runs the task's tests under pytest in the sandbox and reads the plugin's report back. */
export async function runPytest(sandbox: Sandbox, input: PytestInput): Promise<{ run: RawTestRun; exec: ExecResult }> {
  // A project's addopts (markers to deselect, warnings as errors, its plugins' options) are
  // part of how its tests are meant to run, so they stay; their plugins then load as in the
  // user's own pytest. Without addopts, only our plugin is loaded: third-party plugins
  // installed next to pytest (benchmarks, coverage) cost start-up time and can change the run.
  const addopts = input.projectAddopts === true;
  const seconds = Math.max(0.1, input.perTestTimeoutMs / 1000);
  // Each test's time limit is our plugin's own (so pytest alone is enough), unless the project
  // uses pytest-timeout: then that plugin keeps time, with our limit over the project's.
  const timeoutPlugin = input.projectTimeoutPlugin === true;
  const exec = await sandbox.run({
    command: [
      "python3",
      "-m",
      "pytest",
      "-p",
      "mend_pytest_plugin",
      // Autoloaded plugins already hold pytest-timeout under its entry-point name: asking for it again fails.
      ...(timeoutPlugin && !addopts ? ["-p", "pytest_timeout"] : []),
      ...(addopts ? [] : ["-o", "addopts="]),
      "-p",
      "no:cacheprovider",
      "-q",
      "--no-header",
      "--rootdir=.",
      "--continue-on-collection-errors",
      // What we must override even over the project's addopts (later options win): every test
      // runs (an `-x` would hide the failures diagnosis and fault localization read), under our
      // time limit, with one-line tracebacks (our plugin reports the frames).
      "--maxfail=0",
      ...(timeoutPlugin ? [`--timeout=${seconds}`, "--timeout-method=signal"] : []),
      "--tb=line",
      ...input.testFiles,
    ],
    files: {
      ...input.files,
      [PYTEST_PLUGIN_FILE]: pytestPluginSource(),
      [ASSERT_SCRIPT_FILE]: assertScriptSource(),
      [TIME_LIMITS_FILE]: timeLimitsSource(),
    },
    timeoutMs: input.timeoutMs,
    memoryMb: input.memoryMb,
    allowNetwork: input.allowNetwork,
    env: {
      PYTHONPATH: ".",
      ...(addopts ? {} : { PYTEST_DISABLE_PLUGIN_AUTOLOAD: "1" }),
      PYTHONDONTWRITEBYTECODE: "1",
      PYTHONHASHSEED: "0",
      MEND_PYTEST_REPORT: PYTEST_REPORT_FILE,
      MEND_TEST_TIMEOUT: String(seconds),
      MEND_COLLECT_TIMEOUT: String(seconds),
      ...(input.memoryMb ? { MEND_MEMORY_MB: String(input.memoryMb) } : {}),
    },
    collect: [PYTEST_REPORT_FILE],
  });
  const records = parseNdjson(exec.files?.[PYTEST_REPORT_FILE], recordSchema);
  return { run: toRawRun(records, exec), exec };
}

function toRawRun(records: PytestRecord[], exec: ExecResult): RawTestRun {
  // A test that passed its call but failed its teardown has two records: the failure wins.
  const byId = new Map<string, RawTestCase>();
  const run: RawTestRun = { cases: [], loadErrors: [], noTests: false, output: outputTail(exec) };
  let session: Extract<PytestRecord, { kind: "session" }> | undefined;
  for (const record of records) {
    if (record.kind === "session") session = record;
    else if (record.kind === "load") {
      run.loadErrors.push({ file: record.file, error: { ...record.error, frames: record.error.frames.map(cleanFrame) } });
    } else if (byId.get(record.nodeid)?.outcome !== "failed") byId.set(record.nodeid, toCase(record));
  }
  run.cases = [...byId.values()];
  if (session?.exitstatus === NO_TESTS_COLLECTED || (session && session.collected === 0 && run.loadErrors.length === 0)) {
    run.noTests = true;
  }
  if (!session) run.killed = killedBy(exec);
  return run;
}

function toCase(record: Extract<PytestRecord, { kind: "test" }>): RawTestCase {
  const name = record.nodeid.includes("::") ? record.nodeid.slice(record.nodeid.indexOf("::") + 2) : record.nodeid;
  const test: RawTestCase = { name, file: record.file, line: record.line, outcome: record.outcome };
  if (record.error) {
    test.error = { ...record.error, frames: record.error.frames.map(cleanFrame) };
    if (record.timedOut) test.error.timedOut = true;
  }
  if (record.assertion && Object.keys(record.assertion).length > 0) test.assertion = record.assertion;
  if (record.params) {
    test.input = Object.entries(record.params)
      .map(([key, value]) => `${key}=${value}`)
      .join(", ");
  }
  return test;
}

function cleanFrame(frame: z.infer<typeof frameSchema>) {
  return {
    file: frame.file,
    line: frame.line,
    ...(frame.column ? { column: frame.column } : {}),
    ...(frame.function ? { function: frame.function } : {}),
  };
}
