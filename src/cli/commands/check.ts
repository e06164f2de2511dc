import { Command, InvalidArgumentError, Option } from "commander";
import { draftFiles, others } from "../../agent/program-files.js";
import { chooseTests, describeExampleOrigins, type ChosenTests } from "../../examples/choose-tests.js";
import type { CheckResult } from "../../shared/check-result.js";
import type { Verification } from "../../shared/verification.js";
import { testsRun } from "../../validation/tests-run.js";
import { loadProgramTask } from "../../tasks/load-program-task.js";
import { projectTestsHint } from "../project-tests-hint.js";
import { createOutput } from "../output.js";

interface CheckFlags {
  tests?: string[];
  lang?: string;
  json?: boolean;
  types?: boolean;
  allowNetwork?: boolean;
  testTimeout?: number;
  root?: string;
  testCmd?: string;
}

/** `mend check PATH... [--tests PATH...]`: layered validation and diagnosis only, no repair. */
export function registerCheckCommand(program: Command): void {
  program
    .command("check")
    .summary("validate FILE (or several files, or folders) layer by layer and diagnose the first failure; no repair")
    .description(
      "Runs the layers cheapest first (syntax, imports, network, lint, types, tests) and stops at the first that fails, then says what failed, where, and why: error type, the failing line with the code around it, expected and actual values of failed tests. Several files, or folders, make one program checked inside its project (the first file is the entry): the diagnosis names the file and line at fault across them. Without --tests, test files among the given paths (a tests folder, test_x.py) are the tests, else the examples in the docstrings (doctest `>>>` lines, JSDoc `@example x // => y`). Exit code 0 when every layer passed, 1 when one failed; `verification` says whether any test ran.",
    )
    .argument("<paths...>", "the program to check: files, or folders of source files (tests among them are the tests)")
    .option("--tests <path...>", "test files or folders (repeatable)")
    .addOption(new Option("--lang <language>", "python, javascript or typescript (default: from file names)"))
    .option("--types", "run the types layer (pyright for Python, tsc for JavaScript); on by default for TypeScript")
    .option("--no-types", "skip the types layer")
    .option("--allow-network", "do not treat network use as an error")
    .option("--test-timeout <seconds>", "limit for one test (default 5)", seconds)
    .option("--test-cmd <command>", "run the tests with this shell command in the sandbox (per test when it writes JUnit XML to $MEND_JUNIT_FILE)")
    .option("--root <dir>", "the project root (default: the nearest folder above FILE holding .git, package.json, pyproject.toml, setup.cfg, setup.py or case.json)")
    .option("--json", "print exactly one JSON object (the check result) on stdout; human output goes to stderr")
    .addHelpText("after", "\nExamples:\n  mend check examples/median/median.py --tests examples/median/test_median.py\n  mend check src tests")
    .action(async (paths: string[], flags: CheckFlags) => {
      const { result, verification, chosen, files } = await checkProgram({
        paths,
        ...(flags.tests?.length ? { tests: flags.tests } : {}),
        ...(flags.lang !== undefined ? { lang: flags.lang } : {}),
        ...(flags.types !== undefined ? { types: flags.types } : {}),
        ...(flags.allowNetwork ? { allowNetwork: true } : {}),
        ...(flags.testTimeout !== undefined ? { testTimeoutMs: flags.testTimeout * 1000 } : {}),
        ...(flags.root !== undefined ? { root: flags.root } : {}),
        ...(flags.testCmd ? { testCommand: flags.testCmd } : {}),
      });
      // Examples stand in for tests in chosen.task: the hint looks at the task as given.
      const hint = chosen.by === "tests" ? undefined : await projectTestsHint({ ...chosen.task, tests: [] });
      if (hint) process.stderr.write(`${hint}\n`);
      const output = createOutput(flags.json ?? false);
      output.result(checkJson(result, verification), () => renderCheck(result, verification, chosen, files));
      process.exitCode = result.passed ? 0 : 1;
    });
}

/** What `mend check` (and the MCP `check` tool) is asked to check. */
export interface CheckRequest {
  /** The program: files, or folders of source files (see `loadProgramTask`). */
  paths: string | readonly string[];
  tests?: string[];
  lang?: string;
  types?: boolean;
  allowNetwork?: boolean;
  testTimeoutMs?: number;
  /** Refuse files outside this folder (see `loadTask`). */
  within?: string;
  /** The project root (`--root`); default: found above the file. */
  root?: string;
  /** A shell command that runs the tests instead of the language's runner (`--test-cmd`). */
  testCommand?: string;
}

/** A check's verdict, what verified it, the tests it chose (the user's, else examples) and the program's files. */
export interface CheckOutcome {
  result: CheckResult;
  verification: Verification;
  chosen: ChosenTests;
  /** The program's files as checked (root-relative), the entry first. */
  files: string[];
}

/**
 * Layered validation of one program (a file, or several files and folders making one program,
 * laid over its project) with its tests (else the examples in its docstrings), in the strong sandbox.
 */
export async function checkProgram(request: CheckRequest): Promise<CheckOutcome> {
  const loaded = await loadProgramTask(
    request.paths,
    {
      ...(request.tests?.length ? { tests: request.tests } : {}),
      ...(request.lang !== undefined ? { lang: request.lang } : {}),
      ...(request.root !== undefined ? { root: request.root } : {}),
    },
    request.within,
  );
  const chosen = chooseTests(loaded.task);
  const { task } = chosen;
  const program = draftFiles(task);
  // The program's other files are laid over the project as they are, as the loop's validation does.
  const support = [...(task.support ?? []), ...(program ? others(program, task.entry) : [])];
  // Loaded here, not at start-up: the validators pull in the TypeScript compiler, which
  // --help, other commands and bad input should not wait for.
  const [{ validate }, { createSandbox }] = await Promise.all([
    import("../../validation/validate.js"),
    import("../../sandbox/create-sandbox.js"),
  ]);
  const sandbox = createSandbox();
  try {
    const result = await validate(
      {
        language: task.language,
        entry: task.entry,
        code: task.draft ?? "",
        tests: task.tests,
        ...(support.length > 0 ? { support } : {}),
        ...(request.types !== undefined ? { typeCheck: request.types } : {}),
        ...(request.allowNetwork ? { allowNetwork: true } : {}),
        ...(task.project ? { project: task.project } : {}),
        ...(request.testCommand ? { testCommand: request.testCommand } : {}),
      },
      // A check is asked for its verdict in one go: the project's runner starts up while the static layers run.
      { sandbox, overlapTests: true, ...(request.testTimeoutMs !== undefined ? { perTestTimeoutMs: request.testTimeoutMs } : {}) },
    );
    return { result, verification: { by: chosen.by, testsRun: testsRun(result) }, chosen, files: program ? Object.keys(program) : [task.entry] };
  } finally {
    await sandbox.close();
  }
}

/** The SPEC `check` shape, plus the signature; internal counters stay out. */
export function checkJson(result: CheckResult, verification: Verification): Record<string, unknown> {
  const json: Record<string, unknown> = { passed: result.passed, stage: result.stage };
  if (result.errorType) json.errorType = result.errorType;
  json.summary = result.summary;
  if (result.location) json.location = result.location;
  if (result.context) json.context = result.context;
  if (result.tests) json.tests = result.tests;
  json.layers = result.layers;
  if (result.signature) json.signature = result.signature;
  json.verification = verification;
  return json;
}

/** The check result for a person: verdict, where, the code around it, failed tests, layers. */
function renderCheck(result: CheckResult, verification: Verification, chosen: ChosenTests, files: readonly string[]): string {
  const lines: string[] = [];
  lines.push(result.passed ? `PASSED  ${result.summary}` : `FAILED at ${result.stage} (${result.errorType})  ${result.summary}`);
  if (result.location) {
    const { file, line, column } = result.location;
    lines.push(`  at ${file}:${line}${column ? `:${column}` : ""}`);
  }
  if (result.context) lines.push("", result.context);
  const failures = result.tests?.failures ?? [];
  if (failures.length > 0) lines.push("", "Failed tests:");
  for (const failure of failures) {
    lines.push(`  ${failure.name}: ${failure.message.split("\n")[0]}`);
    if (failure.assertion) lines.push(`    assertion: ${failure.assertion}`);
    if (failure.input !== undefined) lines.push(`    input:     ${failure.input}`);
    if (failure.expected !== undefined) lines.push(`    expected:  ${failure.expected}`);
    if (failure.actual !== undefined) lines.push(`    actual:    ${failure.actual}`);
    if (failure.location) lines.push(`    at ${failure.location.file}:${failure.location.line}`);
  }
  lines.push("", describeCheckTests(result, verification, chosen));
  if (files.length > 1) lines.push(`Program: ${files.length} files (${files.join(", ")})`);
  lines.push("", "Layers:");
  for (const layer of result.layers) {
    lines.push(`  ${layer.name.padEnd(8)} ${layer.status.padEnd(7)} ${String(layer.durationMs).padStart(6)} ms${layer.reason ? `  ${layer.reason}` : ""}`);
  }
  return lines.join("\n");
}

/** One line on the tests: how they went and whose they are; a passing check with none is not verified code. */
function describeCheckTests(result: CheckResult, verification: Verification, chosen: ChosenTests): string {
  const run = verification.testsRun;
  if (verification.by === "none") return "Not verified: no tests and no examples (give tests with --tests PATH, or examples in the docstring)";
  if (run === 0) return `Not verified: no test ran (${verification.by === "examples" ? "examples" : "your tests"} were not reached)`;
  const examples = chosen.examples.length;
  const whose =
    verification.by === "examples"
      ? `${examples} example${examples === 1 ? "" : "s"} from ${describeExampleOrigins(chosen.examples.map((example) => example.origin))}`
      : `${run} test${run === 1 ? "" : "s"} of yours`;
  if (!result.tests) return `Tests: ${whose} ran`;
  return `Tests: ${result.tests.passed} passed, ${result.tests.failed} failed, ${result.tests.errors} errors (${whose})`;
}

function seconds(value: string): number {
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed <= 0) throw new InvalidArgumentError("a positive number of seconds");
  return parsed;
}
