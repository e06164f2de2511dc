import { describe, expect, it } from "vitest";
import { betterAttempt, toBestAttempt } from "./best-attempt.js";
import { recordedChecks } from "./__fixtures__/recorded-checks.js";
import { escalate, temperatureFor } from "./strategy.js";

describe("escalate", () => {
  it("moves fix -> plan_fix -> fresh after two failures each, and a failed fresh program back to fix", () => {
    expect(escalate("generate", 1)).toEqual({ strategy: "fix", failures: 0 });
    expect(escalate("fix", 1)).toEqual({ strategy: "fix", failures: 1 });
    expect(escalate("fix", 2)).toEqual({ strategy: "plan_fix", failures: 0 });
    expect(escalate("plan_fix", 1)).toEqual({ strategy: "plan_fix", failures: 1 });
    expect(escalate("plan_fix", 2)).toEqual({ strategy: "fresh", failures: 0 });
    expect(escalate("fresh", 1)).toEqual({ strategy: "fix", failures: 0 });
  });
});

describe("temperatureFor", () => {
  it("rises with consecutive failures and stays within [0.2, 1]", () => {
    const series = [0, 1, 2, 3, 4, 5, 10].map(temperatureFor);
    expect(series[0]).toBe(0.2);
    expect(series.every((value, i) => i === 0 || value >= series[i - 1])).toBe(true);
    expect(Math.max(...series)).toBe(1);
  });
});

describe("betterAttempt", () => {
  const wrong = toBestAttempt(1, recordedChecks.wrong);
  const syntax = toBestAttempt(2, recordedChecks.syntax);
  const lint = toBestAttempt(3, recordedChecks.nameError);
  const right = toBestAttempt(4, recordedChecks.right);

  it("prefers a passing attempt, then more tests passed, then fewer layers failed", () => {
    expect(betterAttempt(wrong, right)).toBe(right);
    expect(betterAttempt(right, wrong)).toBe(right);
    // The failing test run passed one test; the syntax error none.
    expect(betterAttempt(syntax, wrong)).toBe(wrong);
    // No tests ran for either: lint got further than syntax.
    expect(betterAttempt(syntax, lint)).toBe(lint);
  });

  it("keeps the earlier attempt on a tie", () => {
    const again = toBestAttempt(5, recordedChecks.wrong);
    expect(betterAttempt(wrong, again)).toBe(wrong);
  });
});
