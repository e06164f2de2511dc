import type { ErrorType, SourceLocation, TestFailure, TestSummary } from "../shared/check-result.js";
import type { Language } from "../shared/language.js";
import { classifyError } from "./classify-error.js";
import type { Diagnosis } from "./diagnosis.js";
import { makeDiagnosis } from "./make-diagnosis.js";
import type { RawError, RawLoadError, RawTestCase, RawTestRun } from "./raw-failure.js";
import { fileContent, isTestFile, type TaskFiles } from "./task-files.js";
import { blameFrame, frameLocation, userFrames } from "./user-frames.js";

/** A test file importing what the program does not provide (Python and node wordings). */
const IMPORT_FAILURE =
  /^(?:ImportError|ModuleNotFoundError):|does not provide an export named|Cannot find (?:module|package)|ERR_MODULE_NOT_FOUND/;

/** At most this many failures are listed: enough to see a pattern, short enough for a prompt. */
const MAX_FAILURES = 10;

/**
 * The verdict on a test run, or undefined when every test passed. Blame goes to the
 * program unless the failure starts and ends in a test file (then `test_error`).
 */
export function diagnoseTestRun(run: RawTestRun, files: TaskFiles, language: Language): Diagnosis | undefined {
  const failing = run.cases.filter((test) => test.outcome === "failed");
  const failures = failing.map((test) => describeFailure(test, files, language));
  const tests: TestSummary = {
    passed: run.cases.filter((test) => test.outcome === "passed").length,
    failed: failing.length,
    errors: run.loadErrors.length,
    failures: failures.slice(0, MAX_FAILURES).map((entry) => entry.failure),
  };

  if (run.loadErrors.length > 0) return diagnoseLoadError(run.loadErrors[0], files, language, tests);
  if (failures.length > 0) {
    const primary = pickPrimary(failures);
    const total = tests.passed + tests.failed;
    const prefix = total > 1 ? `${tests.failed} of ${total} tests failed; ` : "";
    return makeDiagnosis(files, {
      errorType: primary.errorType,
      summary: `${prefix}${primary.failure.name}: ${primary.headline}`,
      message: primary.failure.message,
      location: primary.failure.location,
      tests,
    });
  }
  if (run.killed) return diagnoseKilled(run, files, tests);
  if (run.noTests || run.cases.every((test) => test.outcome === "skipped")) {
    return makeDiagnosis(files, {
      errorType: "no_tests",
      summary: "the tests collected no test to run: nothing was verified",
      message: run.output || "no tests collected",
      tests,
    });
  }
  return undefined;
}

interface DescribedFailure {
  failure: TestFailure;
  errorType: ErrorType;
  headline: string;
}

function describeFailure(test: RawTestCase, files: TaskFiles, language: Language): DescribedFailure {
  const error: RawError = test.error ?? { type: "AssertionError", message: "test failed", frames: [] };
  const errorType = classifyError(language, error);
  const frame = blameFrame(error.frames, files);
  const location = frame ? frameLocation(frame) : test.file && test.line ? { file: test.file, line: test.line } : undefined;
  const failure: TestFailure = { name: test.name, message: firstLines(error.message) || error.type };
  if (location) failure.location = location;
  if (test.input !== undefined) failure.input = test.input;
  const assertion = test.assertion;
  if (assertion?.expected !== undefined) failure.expected = assertion.expected;
  if (assertion?.actual !== undefined) failure.actual = assertion.actual;
  const expression = assertion?.expression ?? (errorType === "assertion" ? assertionLine(error, files) : undefined);
  if (expression) failure.assertion = expression;
  return { failure, errorType, headline: headline(errorType, error, failure) };
}

function headline(errorType: ErrorType, error: RawError, failure: TestFailure): string {
  const where = failure.location ? ` at ${failure.location.file}:${failure.location.line}` : "";
  const input = failure.input !== undefined ? ` with input ${failure.input}` : "";
  if (errorType === "timeout") return `timed out${input}${where}`;
  if (errorType === "assertion") {
    const values =
      failure.expected !== undefined || failure.actual !== undefined
        ? `expected ${failure.expected ?? "?"}, got ${failure.actual ?? "?"}`
        : firstLine(error.message) || "assertion failed";
    const expression = failure.assertion ? ` (${failure.assertion})` : "";
    return `${values}${input}${expression}`;
  }
  return `${error.type}: ${firstLine(error.message)}${input}${where}`;
}

/** Real errors say more than wrong answers, and a hang says more than a wrong answer. */
function pickPrimary(failures: DescribedFailure[]): DescribedFailure {
  const rank = (entry: DescribedFailure) => (entry.errorType === "assertion" ? 2 : entry.errorType === "timeout" ? 1 : 0);
  return failures.reduce((best, entry) => (rank(entry) < rank(best) ? entry : best));
}

function diagnoseLoadError(load: RawLoadError, files: TaskFiles, language: Language, tests: TestSummary): Diagnosis {
  const { error } = load;
  const own = userFrames(error.frames, files);
  const frame = blameFrame(error.frames, files);
  const location: SourceLocation | undefined = frame ? frameLocation(frame) : undefined;
  const errorType = classifyError(language, error);
  const message = `${error.type}: ${firstLines(error.message)}`;
  // The tests' fault only when the failure starts and ends in test code: a test file's own
  // bad code at import time. A failure in the program while the tests import it, a name
  // the tests import that the program lacks, a missing module, or the process running out
  // of memory are the program's.
  const inTestCodeOnly = own.length > 0 && own.every((ownFrame) => isTestFile(files, ownFrame.file));
  const testsFault = inTestCodeOnly && !IMPORT_FAILURE.test(`${error.type}: ${error.message}`);
  if (!testsFault) {
    return makeDiagnosis(files, {
      errorType,
      summary: `loading ${load.file} failed: ${message}${location ? ` at ${location.file}:${location.line}` : ""}`,
      message,
      location,
      tests,
    });
  }
  return makeDiagnosis(files, {
    errorType: "test_error",
    summary: `the test file ${load.file} is broken (the tests' fault, not the program's): ${message}${location ? ` at line ${location.line}` : ""}`,
    message,
    location,
    tests,
  });
}

function diagnoseKilled(run: RawTestRun, files: TaskFiles, tests: TestSummary): Diagnosis {
  const errorType: ErrorType = run.killed === "memory" ? "memory" : run.killed === "timeout" ? "timeout" : "runtime";
  const what =
    run.killed === "memory"
      ? "the tests ran out of memory"
      : run.killed === "timeout"
        ? "the tests did not finish in time"
        : run.killed === "output"
          ? "the tests printed more output than allowed"
          : "the test runner crashed";
  // A crash says what the runner printed (a config it could not load, a missing module), not just that it crashed.
  const cause = run.killed === undefined || run.killed === "crash" ? crashCause(run.output) : undefined;
  return makeDiagnosis(files, { errorType, summary: cause ? `${what}: ${cause}` : what, message: run.output || what, tests });
}

/** The line of a crashed runner's output that names the error, else its first line; shortened. */
function crashCause(output: string): string | undefined {
  const lines = output.split("\n").map((line) => line.trim()).filter((line) => line !== "" && !/^[⎯─-]+/.test(line));
  const line = lines.find((candidate) => /^(?:\w+)?Error\b|\bError:/.test(candidate)) ?? lines[0];
  return line === undefined ? undefined : line.length > 240 ? `${line.slice(0, 237)}...` : line;
}

function assertionLine(error: RawError, files: TaskFiles): string | undefined {
  const frames = userFrames(error.frames, files).filter((frame) => isTestFile(files, frame.file));
  const frame = frames.at(-1);
  if (!frame) return undefined;
  return fileContent(files, frame.file)?.split(/\r?\n/)[frame.line - 1]?.trim();
}

function firstLine(text: string): string {
  return text.split("\n").find((line) => line.trim() !== "")?.trim() ?? "";
}

function firstLines(text: string, count = 6): string {
  return text.trim().split("\n").slice(0, count).join("\n");
}
