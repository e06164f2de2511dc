import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import type { RawAssertion, RawTestCase, RawTestRun } from "../../diagnosis/raw-failure.js";
import type { ExecResult } from "../../shared/exec-result.js";
import type { Sandbox } from "../../shared/sandbox.js";
import { killedBy, outputTail } from "../exec-outcome.js";
import { parseV8Stack } from "./v8-stack.js";

/** A test runner a project installs for itself. */
export type ProjectTestRunner = "vitest" | "jest";

/** The runner's command-line entry inside its package. */
const RUNNER_BIN: Record<ProjectTestRunner, string> = {
  vitest: "node_modules/vitest/vitest.mjs",
  jest: "node_modules/jest/bin/jest.js",
};
const REPORT_FILE = "__mend_runner_report.json";

/**
 * The runner the project's tests are written for: vitest when a test imports it, jest when a
 * test imports `@jest/globals`; else the one package.json asks for (dependencies or the
 * `test` script), unless the tests use `node:test`. Undefined means plain node:test.
 */
export function detectTestRunner(root: string, tests: Record<string, string>): ProjectTestRunner | undefined {
  const sources = Object.values(tests);
  if (sources.some((source) => /\bfrom\s+["']vitest["']|require\(\s*["']vitest["']\s*\)/.test(source))) return "vitest";
  if (sources.some((source) => /["']@jest\/globals["']/.test(source))) return "jest";
  if (sources.some((source) => /["']node:test["']/.test(source))) return undefined;
  const manifest = join(root, "package.json");
  if (!existsSync(manifest)) return undefined;
  let pkg: { dependencies?: object; devDependencies?: object; scripts?: { test?: string } };
  try {
    pkg = JSON.parse(readFileSync(manifest, "utf8")) as typeof pkg;
  } catch {
    return undefined;
  }
  const declared = { ...pkg.dependencies, ...pkg.devDependencies };
  const script = pkg.scripts?.test ?? "";
  if ("vitest" in declared || /\bvitest\b/.test(script)) return "vitest";
  if ("jest" in declared || /\bjest\b/.test(script)) return "jest";
  return undefined;
}

/** Whether the project has the runner installed where Node would find it from the root. */
export function runnerInstalled(root: string, runner: ProjectTestRunner): boolean {
  return existsSync(join(root, RUNNER_BIN[runner]));
}

export interface ProjectRunnerInput {
  runner: ProjectTestRunner;
  root: string;
  /** The run's own files (the candidate), root-relative. */
  files: Record<string, string>;
  testFiles: string[];
  timeoutMs: number;
  perTestTimeoutMs: number;
  /**
   * Run jest's test files in worker processes rather than in its own (vitest always does):
   * a test file's process can then be killed (a looping candidate's) and the run goes on.
   */
  workers?: boolean;
  /** Other files the run writes, brought back in `exec.files` (e.g. a coverage record). */
  collect?: string[];
  memoryMb?: number;
  allowNetwork?: boolean;
}

const assertionSchema = z.object({
  fullName: z.string(),
  status: z.string(),
  failureMessages: z.array(z.string()).nullish(),
  failureDetails: z.array(z.unknown()).nullish(),
  location: z.object({ line: z.number(), column: z.number().optional() }).nullish(),
});
const reportSchema = z.object({
  testResults: z.array(
    z.object({
      name: z.string(),
      status: z.string().optional(),
      message: z.string().optional(),
      assertionResults: z.array(assertionSchema),
    }),
  ),
});

/**
 * Runs the project's own vitest or jest inside the sandbox (the project visible, the
 * candidate laid over it) and reads their JSON report, which both write in jest's layout.
 */
export async function runProjectRunner(sandbox: Sandbox, input: ProjectRunnerInput): Promise<{ run: RawTestRun; exec: ExecResult }> {
  const bin = join(input.root, RUNNER_BIN[input.runner]);
  const perTest = String(Math.max(100, input.perTestTimeoutMs));
  const args =
    input.runner === "vitest"
      ? ["run", "--reporter=json", `--outputFile=${REPORT_FILE}`, `--testTimeout=${perTest}`, "--no-color", ...configLoader(input.root), ...input.testFiles]
      : [
          "--json",
          `--outputFile=${REPORT_FILE}`,
          "--ci",
          input.workers ? "--maxWorkers=2" : "--runInBand",
          "--no-cache",
          "--no-watchman",
          `--testTimeout=${perTest}`,
          "--runTestsByPath",
          ...input.testFiles,
        ];
  const exec = await sandbox.run({
    command: ["node", bin, ...args],
    files: input.files,
    projectRoot: input.root,
    timeoutMs: input.timeoutMs,
    memoryMb: input.memoryMb,
    allowNetwork: input.allowNetwork,
    env: { CI: "1", NO_COLOR: "1", FORCE_COLOR: "0", NODE_NO_WARNINGS: "1" },
    collect: [REPORT_FILE, ...(input.collect ?? [])],
  });
  return { run: toRawRun(exec, input.root), exec };
}

/** The flag per project root, read once: the repair engine runs vitest once per candidate group. */
const configLoaderFlags = new Map<string, string[]>();

/**
 * vite bundles a project's vitest.config.ts into a file beside it (node_modules/.vite-temp)
 * before loading it, which the read-only project in the sandbox refuses; vitest 3.1 and later
 * load it through vite's module runner instead, writing nothing. Older ones have no such option.
 */
export function configLoader(root: string): string[] {
  let flags = configLoaderFlags.get(root);
  if (!flags) {
    flags = [];
    try {
      const { version } = JSON.parse(readFileSync(join(root, "node_modules/vitest/package.json"), "utf8")) as { version?: string };
      const [major = 0, minor = 0] = (version ?? "").split(".").map(Number);
      if (major > 3 || (major === 3 && minor >= 1)) flags.push("--configLoader=runner");
    } catch {
      // No readable vitest package: the runner itself says so when it starts.
    }
    configLoaderFlags.set(root, flags);
  }
  return flags;
}

function toRawRun(exec: ExecResult, root: string): RawTestRun {
  const text = exec.files?.[REPORT_FILE];
  const run = text ? runOfReport(safeJson(text), root, outputTail(exec)) : undefined;
  return run ?? { cases: [], loadErrors: [], noTests: false, output: outputTail(exec), killed: killedBy(exec) };
}

/**
 * A run as a report in jest's JSON layout tells it (what `--json` of jest and vitest's json
 * reporter write, and the warm servers answer with), test files relative to `root`; undefined
 * when `report` is not one.
 */
export function runOfReport(report: unknown, root: string, output = ""): RawTestRun | undefined {
  const parsed = reportSchema.safeParse(report);
  if (!parsed.success) return undefined;
  const run: RawTestRun = { cases: [], loadErrors: [], noTests: false, output };
  const relative = (file: string) => (file.startsWith(`${root}/`) ? file.slice(root.length + 1) : file);
  for (const result of parsed.data.testResults) {
    const file = relative(result.name);
    if (result.assertionResults.length === 0 && result.status === "failed") {
      const message = result.message ?? "the test file failed to load";
      run.loadErrors.push({ file, error: { ...errorOf(message), frames: framesOf(message, relative) } });
      continue;
    }
    for (const test of result.assertionResults) {
      const outcome = test.status === "passed" ? "passed" : test.status === "failed" ? "failed" : "skipped";
      const raw: RawTestCase = { name: test.fullName, file, outcome };
      if (test.location) raw.line = test.location.line;
      const message = test.failureMessages?.[0];
      if (outcome === "failed" && message) {
        raw.error = { ...errorOf(message), frames: framesOf(message, relative) };
        const assertion = assertionOf(message, test.failureDetails ?? []);
        if (assertion) {
          raw.assertion = assertion;
          // jest reports a failed matcher as a plain Error; it is a failed assertion all the same.
          if (raw.error.type === "Error") raw.error.type = "AssertionError";
        }
      }
      run.cases.push(raw);
    }
  }
  run.noTests = run.cases.length === 0 && run.loadErrors.length === 0;
  return run;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The error's class and first message line from a runner's failure text (`AssertionError: expected 1 to be 2`). */
function errorOf(text: string): { type: string; message: string } {
  // jest heads a file's failure with "● Test suite failed to run"; the error is the line after.
  const first = text.split("\n").find((line) => line.trim() && !/^\s*●/.test(line)) ?? text;
  const match = /^\s*([A-Z][\w$]*(?:Error|Exception)?):\s*(.*)$/.exec(first);
  return match ? { type: match[1], message: match[2] } : { type: "Error", message: first.trim() };
}

function framesOf(text: string, relative: (file: string) => string) {
  return parseV8Stack(text)
    .filter((frame) => !frame.file.includes("/node_modules/"))
    .map((frame) => ({ ...frame, file: relative(frame.file) }));
}

/**
 * Expected and actual values: jest's `failureDetails[].matcherResult`, else the `Expected:` /
 * `Received:` lines both print, else vitest's `expected X to be Y` sentence.
 */
function assertionOf(message: string, details: unknown[]): RawAssertion | undefined {
  for (const detail of details) {
    const result = (detail as { matcherResult?: { expected?: unknown; actual?: unknown } } | null)?.matcherResult;
    if (result && ("expected" in result || "actual" in result)) {
      return { expected: show(result.expected), actual: show(result.actual) };
    }
  }
  const plain = message.replace(/\u001b\[[0-9;]*m/g, "");
  const expected = /^\s*Expected(?: value)?:\s*(.+)$/m.exec(plain)?.[1];
  const received = /^\s*Received(?: value)?:\s*(.+)$/m.exec(plain)?.[1];
  if (expected !== undefined && received !== undefined) return { expected: expected.trim(), actual: received.trim() };
  const sentence = /expected (.+?) to (?:be|equal|deeply equal|strictly equal) (.+?)(?: \/\/ .*)?$/m.exec(plain);
  if (sentence) return { actual: sentence[1], expected: sentence[2] };
  return undefined;
}

function show(value: unknown): string {
  return typeof value === "string" ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
}
