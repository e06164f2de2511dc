import type { ErrorType, SourceLocation, TestFailure, TestSummary } from "../shared/check-result.js";
import type { Language } from "../shared/language.js";
import { classifyError } from "./classify-error.js";
import type { Diagnosis } from "./diagnosis.js";
import { makeDiagnosis } from "./make-diagnosis.js";
import type { RawError, RawLoadError, RawTestCase, RawTestRun } from "./raw-failure.js";
import { fileContent, isProgramFile, isTestFile, type TaskFiles } from "./task-files.js";
import { blameFrame, frameLocation, userFrames } from "./user-frames.js";

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
  const inProgram = own.some((frame) => isProgramFile(files, frame.file));
  const frame = blameFrame(error.frames, files);
  const location: SourceLocation | undefined = frame ? frameLocation(frame) : undefined;
  const errorType = classifyError(language, error);
  const message = `${error.type}: ${firstLines(error.message)}`;
  // A failure inside the program's own code while the tests import it is the program's
  // fault; a missing name the tests import is too. Anything else that breaks loading a
  // test file (its own syntax, its own bad code) is the tests' fault.
  if (inProgram || errorType === "name" || errorType === "dependency") {
    return makeDiagnosis(files, {
      errorType,
      summary: `loading ${load.file} failed: ${message}${location ? ` at ${location.file}:${location.line}` : ""}`,
      message,
      location,
      tests,
    });
  }
  const testLocation = location ?? (isTestFile(files, load.file) ? { file: load.file, line: 1 } : undefined);
  return makeDiagnosis(files, {
    errorType: "test_error",
    summary: `the test file ${load.file} is broken (not the program): ${message}`,
    message,
    location: testLocation,
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
  return makeDiagnosis(files, { errorType, summary: what, message: run.output || what, tests });
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
