import { UsageError } from "../errors/usage-error.js";
import type { ExecResult } from "../shared/exec-result.js";

/**
 * The Python test layer runs `python3 -m pytest`, and with pytest-timeout when the project's
 * configuration uses it: without pytest, or without that plugin, pytest stops before any test
 * and its output reads like a broken test run. That is the machine's setup, not the program's
 * fault, so no repair can help: a UsageError tells the user what to install (one line at the
 * CLI, exit 2; a loop run stops with reason `error`).
 */
export function missingPytestRunner(exec: ExecResult): UsageError | undefined {
  const output = `${exec.stdout}\n${exec.stderr}`;
  // `python3 -m pytest` without pytest: "/usr/bin/python3: No module named pytest".
  if (/No module named '?pytest'?$/m.test(output)) return pytestMissing();
  // A project whose configuration uses pytest-timeout, on a python3 without it.
  if (/Error importing plugin "pytest_timeout"/.test(output) || /unrecognized arguments:.*--timeout/.test(output)) {
    return new UsageError("pytest-timeout is not installed: python3 -m pip install pytest-timeout (the project's pytest configuration uses it)", {
      code: "tool_missing",
    });
  }
  return undefined;
}

/** The tests import pytest, or the runner is pytest, and python3 has none. */
export function pytestMissing(): UsageError {
  return new UsageError("pytest is not installed: python3 -m pip install pytest (mend runs Python tests with it)", {
    code: "tool_missing",
  });
}
