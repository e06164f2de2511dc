import type { CheckResult } from "../shared/check-result.js";
import { failedGeneratedOnly } from "../testgen/generated-failures.js";
import { isVerified, testsRun } from "../validation/tests-run.js";
import { codeKey } from "./code-key.js";

/** An attempt as the ranking reads it: its number, code and validation. */
export interface RankedAttempt {
  n: number;
  code: string;
  check: CheckResult;
}

/** The attempt dual agreement ranks first, and how much agreement it has. */
export interface AgreementPick {
  n: number;
  code: string;
  testsRun: number;
  /** Distinct programs that pass exactly the same generated tests as it. */
  agreeing: number;
  /** Generated tests that set of programs passes. */
  passed: number;
}

/**
 * CodeT's dual agreement among programs that pass every test but generated ones: programs that
 * pass the same set of generated tests form a group, scored by the number of distinct programs
 * in it times the number of tests in the set; the first attempt of the best group wins (ties:
 * more tests passed, then the earlier attempt). Tests that many different programs agree on are
 * likelier right than a test all of them fail, and a program many agree with likelier right
 * than one that passes a test alone.
 */
export function rankByAgreement(attempts: readonly RankedAttempt[], kept: readonly string[]): AgreementPick | undefined {
  const groups = new Map<string, { first: RankedAttempt; passed: number; programs: Set<string> }>();
  for (const attempt of attempts) {
    let failed: string[] = [];
    if (!isVerified(attempt.check)) {
      failed = failedGeneratedOnly(attempt.check, kept);
      if (failed.length === 0) continue;
    }
    const passed = kept.filter((name) => !failed.includes(name));
    const key = passed.join("\u0000");
    const group = groups.get(key) ?? { first: attempt, passed: passed.length, programs: new Set<string>() };
    group.programs.add(codeKey(attempt.code));
    groups.set(key, group);
  }
  let best: { first: RankedAttempt; passed: number; programs: Set<string> } | undefined;
  const score = (group: { passed: number; programs: Set<string> }) => group.programs.size * group.passed;
  for (const group of groups.values()) {
    if (
      !best ||
      score(group) > score(best) ||
      (score(group) === score(best) && (group.passed > best.passed || (group.passed === best.passed && group.first.n < best.first.n)))
    ) {
      best = group;
    }
  }
  if (!best) return undefined;
  return { n: best.first.n, code: best.first.code, testsRun: testsRun(best.first.check), agreeing: best.programs.size, passed: best.passed };
}
