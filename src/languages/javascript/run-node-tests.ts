import { z } from "zod";
import type { RawError, RawTestCase, RawTestRun } from "../../diagnosis/raw-failure.js";
import type { ExecResult } from "../../shared/exec-result.js";
import type { Sandbox } from "../../shared/sandbox.js";
import { killedBy, outputTail } from "../exec-outcome.js";
import { parseNdjson } from "../ndjson.js";
import { assertScriptAsNodeTests } from "./assert-script-tests.js";
import { NODE_ISOLATE_FILE, nodeIsolateSource } from "./node-isolate-source.js";
import { NODE_REPORT_FILE, NODE_REPORTER_FILE, nodeReporterSource } from "./node-test-reporter-source.js";
import { staticTestNames } from "./static-test-names.js";
import { parseNodeCrash, parseV8Stack } from "./v8-stack.js";

export interface NodeTestInput {
  /** Every file node needs (JavaScript, or TypeScript already transpiled), by relative path. */
  files: Record<string, string>;
  testFiles: string[];
  timeoutMs: number;
  perTestTimeoutMs: number;
  memoryMb?: number;
  allowNetwork?: boolean;
  /** Map stack traces back to TypeScript sources through inline source maps. */
  sourceMaps?: boolean;
}

const errorSchema = z.object({
  type: z.string(),
  code: z.string().optional(),
  message: z.string(),
  stack: z.string(),
  failureType: z.string().optional(),
  operator: z.string().optional(),
  actual: z.string().optional(),
  expected: z.string().optional(),
});
const recordSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.enum(["test", "suite", "file"]),
    name: z.string(),
    file: z.string().optional(),
    line: z.number().optional(),
    outcome: z.enum(["passed", "failed", "skipped"]),
    error: errorSchema.optional(),
  }),
  z.object({ kind: z.literal("output"), stream: z.string(), file: z.string().optional(), message: z.string() }),
  z.object({ kind: z.literal("diagnostic"), message: z.string() }),
  z.object({ kind: z.literal("isolate"), file: z.string(), name: z.string() }),
]);
type NodeRecord = z.infer<typeof recordSchema>;
type ResultRecord = Extract<NodeRecord, { kind: "test" | "suite" | "file" }>;

/** Failure kinds node gives a test it stopped rather than one whose code failed. */
const HANG_FAILURES = new Set(["testTimeoutFailure"]);
const PENDING_FOREVER = /Promise resolution is still pending but the event loop has already resolved/;

/**
 * Runs test files with node's built-in test runner (`node --test`) in the sandbox and
 * reads the reporter's NDJSON back. `.js` files may be ES modules or CommonJS: node
 * detects which from the syntax (`--experimental-detect-module`).
 */
export async function runNodeTests(sandbox: Sandbox, input: NodeTestInput): Promise<{ run: RawTestRun; exec: ExecResult }> {
  const nodeOptions = [
    "--experimental-detect-module",
    "--disable-warning=ExperimentalWarning",
    ...(input.sourceMaps ? ["--enable-source-maps"] : []),
    ...(input.memoryMb ? [`--max-old-space-size=${Math.max(32, Math.floor(input.memoryMb * 0.75))}`] : []),
  ];
  const perTest = Math.max(1, Math.round(input.perTestTimeoutMs));
  const env = { NODE_OPTIONS: nodeOptions.join(" "), MEND_NODE_REPORT: NODE_REPORT_FILE, MEND_TEST_TIMEOUT_MS: String(perTest), NO_COLOR: "1" };
  const files: Record<string, string> = { ...withAssertScriptsAsTests(input.files, input.testFiles), [NODE_REPORTER_FILE]: nodeReporterSource() };
  const started = Date.now();
  const exec = await sandbox.run({
    command: ["node", "--test", `--test-reporter=./${NODE_REPORTER_FILE}`, `--test-timeout=${perTest}`, ...input.testFiles],
    files,
    timeoutMs: input.timeoutMs,
    memoryMb: input.memoryMb,
    allowNetwork: input.allowNetwork,
    env,
    collect: [NODE_REPORT_FILE],
  });
  const records = parseNdjson(exec.files?.[NODE_REPORT_FILE], recordSchema);
  const run = toRawRun(records, exec);

  // A test that blocked the event loop took its whole file down: run that file's tests
  // one by one so the hang is pinned on one test and the others still report.
  const hung = records.filter(
    (record): record is ResultRecord => record.kind === "file" && HANG_FAILURES.has(record.error?.failureType ?? ""),
  );
  const plan = hung
    .map((record) => record.file ?? record.name)
    .map((file) => ({ file, names: staticTestNames(file, files[file] ?? "") }))
    .filter((entry) => entry.names.length > 0);
  const remaining = input.timeoutMs - (Date.now() - started);
  if (plan.length === 0 || remaining < perTest) return { run, exec };
  const isolated = await sandbox.run({
    command: ["node", NODE_ISOLATE_FILE],
    files: { ...files, [NODE_ISOLATE_FILE]: nodeIsolateSource() },
    stdin: JSON.stringify(plan),
    timeoutMs: remaining,
    memoryMb: input.memoryMb,
    allowNetwork: input.allowNetwork,
    env,
    collect: [NODE_REPORT_FILE],
  });
  const isolatedFiles = new Set(plan.map((entry) => entry.file));
  run.cases = run.cases.filter((test) => !test.file || !isolatedFiles.has(test.file));
  run.cases.push(...isolatedCases(parseNdjson(isolated.files?.[NODE_REPORT_FILE], recordSchema)));
  return { run, exec };
}

/** Test files written as plain assert scripts run as node:test files, one test per assertion. */
function withAssertScriptsAsTests(files: Record<string, string>, testFiles: string[]): Record<string, string> {
  const out = { ...files };
  for (const path of testFiles) {
    const content = files[path];
    const rewritten = content === undefined ? undefined : assertScriptAsNodeTests(path, content);
    if (rewritten !== undefined) out[path] = rewritten;
  }
  return out;
}

/** Results of one-test-per-process runs: a file-level timeout after a marker is that test hanging. */
function isolatedCases(records: NodeRecord[]): RawTestCase[] {
  const cases: RawTestCase[] = [];
  let current: { file: string; name: string } | undefined;
  for (const record of records) {
    if (record.kind === "isolate") current = { file: record.file, name: record.name };
    else if (record.kind === "test" && record.outcome !== "skipped") cases.push(toCase(record));
    else if (record.kind === "file" && current && HANG_FAILURES.has(record.error?.failureType ?? "")) {
      cases.push({ name: current.name, file: current.file, outcome: "failed", error: hangError(record.error?.message ?? "timed out") });
    }
  }
  return cases;
}

function toRawRun(records: NodeRecord[], exec: ExecResult): RawTestRun {
  const run: RawTestRun = { cases: [], loadErrors: [], noTests: false, output: outputTail(exec) };
  const stderrByFile = new Map<string, string>();
  for (const record of records) {
    if (record.kind === "output" && record.file) {
      stderrByFile.set(record.file, (stderrByFile.get(record.file) ?? "") + record.message);
    }
  }
  const filesWithCases = new Set<string>();
  const results = records.filter((record): record is ResultRecord => "outcome" in record);
  for (const record of results) {
    if (record.kind === "test") {
      run.cases.push(toCase(record));
      if (record.file) filesWithCases.add(record.file);
    }
  }
  for (const record of results) {
    if (record.outcome !== "failed" || !record.error) continue;
    if (record.kind === "suite" && record.error.failureType !== "subtestsFailed") {
      // A describe callback that threw never registered its tests: report it as one failure.
      run.cases.push(toCase(record));
    } else if (record.kind === "file") {
      const file = record.file ?? record.name;
      if (HANG_FAILURES.has(record.error.failureType ?? "")) {
        run.cases.push({ name: file, file, outcome: "failed", error: hangError(record.error.message) });
        continue;
      }
      const crash = parseNodeCrash(stderrByFile.get(file) ?? "");
      if (crash) run.loadErrors.push({ file, error: crash });
      else if (!filesWithCases.has(file)) {
        const message = (stderrByFile.get(file) ?? "test file failed").trim().slice(-4000);
        run.loadErrors.push({ file, error: { type: "Error", message, frames: [] } });
      }
    }
  }
  if (!records.some((record) => record.kind === "diagnostic")) run.killed = killedBy(exec);
  run.noTests = run.cases.length === 0 && run.loadErrors.length === 0 && !run.killed;
  return run;
}

function toCase(record: ResultRecord): RawTestCase {
  const test: RawTestCase = { name: record.name, outcome: record.outcome };
  if (record.file) test.file = record.file;
  if (record.line) test.line = record.line;
  if (record.error) {
    const { error } = record;
    const hang = HANG_FAILURES.has(error.failureType ?? "") || PENDING_FOREVER.test(error.message);
    test.error = hang ? hangError(error.message) : toRawError(error);
    if (error.type === "AssertionError" && (error.actual !== undefined || error.expected !== undefined)) {
      test.assertion = { operator: error.operator, actual: error.actual, expected: error.expected };
    }
  }
  return test;
}

function toRawError(error: z.infer<typeof errorSchema>): RawError {
  return { type: error.type, message: error.message, frames: parseV8Stack(error.stack) };
}

function hangError(message: string): RawError {
  return { type: "Timeout", message, frames: [], timedOut: true };
}
