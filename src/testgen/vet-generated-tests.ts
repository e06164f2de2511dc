import type { CheckResult, TestFailure } from "../shared/check-result.js";
import type { Language } from "../shared/language.js";
import type { SourceFile } from "../shared/task.js";
import type { DroppedGeneratedTest, GeneratedSuite } from "./generated-suite.js";
import { generatedTestFile } from "./generated-test-file.js";
import type { StubProgram } from "./stub-programs.js";

/** Runs the tests of `file` on `code` (the loop's validator, in the sandbox). */
export type RunTestsOn = (code: string, file: SourceFile) => Promise<CheckResult>;

export interface VettedTests {
  /** Names of the tests that ran and failed on every stub. */
  kept: string[];
  dropped: DroppedGeneratedTest[];
  /** Sandbox executions the stub runs used. */
  executions: number;
}

// Failures that are the test's own: a name it never defined or imported, a fixture pytest does
// not have, a module that is not installed. The stub answers every name a test imports from it.
const OWN_FAULT = /name '\w+' is not defined|<FixtureRequest|fixture '\w+' not found|No module named|ModuleNotFoundError|^[\w$]+ is not defined$|Cannot find (?:module|package)/;

/**
 * Keeps the generated tests that can tell a program from nothing: each must collect, run, and
 * fail on every stub (a program whose functions return None, one whose functions raise). A test
 * that passes on a stub is vacuous; one that fails for a reason of its own (an undefined name, a
 * missing fixture or module) does not run. Either is dropped with the reason.
 */
export async function vetGeneratedTests(language: Language, suite: GeneratedSuite, stubs: readonly StubProgram[], run: RunTestsOn): Promise<VettedTests> {
  let kept = suite.tests.map((test) => test.name);
  const dropped: DroppedGeneratedTest[] = [];
  let executions = 0;
  for (const stub of stubs) {
    if (kept.length === 0) break;
    const check = await run(stub.code, generatedTestFile(language, suite, kept));
    executions += check.executions;
    const tests = check.tests;
    if (!tests || tests.passed + tests.failed + tests.errors === 0) {
      const why = `does not run: ${oneLine(check.summary)}`;
      dropped.push(...kept.map((name) => ({ name, why })));
      kept = [];
      break;
    }
    const next: string[] = [];
    for (const name of kept) {
      const failures = tests.failures.filter((failure) => belongsTo(failure, name));
      const own = failures.find((failure) => OWN_FAULT.test(failure.message));
      if (own) dropped.push({ name, why: `does not run: ${oneLine(own.message)}` });
      else if (failures.length === 0) dropped.push({ name, why: `passes on a stub that ${stub.does}, so it checks nothing` });
      else next.push(name);
    }
    kept = next;
  }
  return { kept, dropped, executions };
}

/**
 * A failure of the test `name`: the function itself, a parameterised case of it, or a method of
 * the class (pytest); a test inside the `describe` block of that name (node:test, `block > test`).
 */
function belongsTo(failure: TestFailure, name: string): boolean {
  const id = failure.name.split("::").slice(failure.name.includes(".py::") ? 1 : 0).join("::");
  return id === name || id.startsWith(`${name}[`) || id.startsWith(`${name}::`) || id.startsWith(`${name} > `);
}

function oneLine(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > 160 ? `${line.slice(0, 157)}...` : line;
}
