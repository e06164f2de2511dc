import type { CheckResult } from "../shared/check-result.js";
import { GENERATED_FILES } from "./generated-test-file.js";

const TEST_FILE = /(?:^|\/)(?:test_[^/]*\.py|[^/]*_test\.py|[^/]*\.(?:test|spec)\.[cm]?[jt]sx?)$/;

/**
 * The generated tests a validation failed, when they are all that failed: every layer before
 * the tests passed and every other test (the user's, the examples) passed. Empty otherwise:
 * a program that fails other tests too says nothing about a generated test.
 */
export function failedGeneratedOnly(check: CheckResult, kept: readonly string[]): string[] {
  const tests = check.tests;
  if (check.passed || check.stage !== "tests" || !tests || tests.failures.length === 0) return [];
  if (tests.failures.length < tests.failed + tests.errors) return [];
  const names = new Set<string>();
  for (const failure of tests.failures) {
    const name = kept.find(
      (test) => failure.name === test || failure.name.startsWith(`${test}[`) || failure.name.startsWith(`${test}::`) || failure.name.startsWith(`${test} > `),
    );
    // node:test places a failure where the error was thrown, which may be the program's own
    // file: only a location in another test file says the failure is not a generated test's.
    const file = failure.location?.file;
    const inGenerated = file === undefined || GENERATED_FILES.includes(file) || !TEST_FILE.test(file);
    if (name === undefined || !inGenerated) return [];
    names.add(name);
  }
  return [...names];
}
