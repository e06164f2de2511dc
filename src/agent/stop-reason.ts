import type { RunReason } from "../shared/run-result.js";
import type { AgentDeps } from "./agent-deps.js";
import { codeKey } from "./code-key.js";
import type { AgentStateValue } from "./state.js";

export interface StopReason {
  reason: RunReason;
  why: string;
}

const CONFIGURE_MODEL =
  "configure a model with --model or MEND_MODEL, e.g. --model openai:gpt-4o-mini with OPENAI_API_KEY set, " +
  "--model anthropic:claude-3-5-haiku-latest with ANTHROPIC_API_KEY, or --model ollama:qwen2.5-coder for a local Ollama";

/**
 * How to configure a model, for the `no_model` message; when the offline engine ran out of
 * time before its first candidate (`outOfTime`: its reason, `budgetMs` its budget), how to give it more.
 */
export function noModelMessage(hasDraft: boolean, offlineRepair = true, outOfTime?: { reason: string; budgetMs: number }): string {
  if (!hasDraft) return `this task has no draft to repair, so it needs a language model: ${CONFIGURE_MODEL}`;
  if (offlineRepair && outOfTime) {
    const seconds = outOfTime.budgetMs / 1000;
    return (
      `the draft fails and the offline repair engine ran no candidate in its ${+seconds.toPrecision(2)} s (${outOfTime.reason}); ` +
      `give it more time with --offline-seconds ${Math.max(30, Math.ceil(seconds * 3))}, or ${CONFIGURE_MODEL}`
    );
  }
  const engine = offlineRepair ? "the offline repair engine found no fix" : "the offline repair engine is turned off";
  return `the draft fails and ${engine}; to go further, ${CONFIGURE_MODEL}`;
}

/**
 * When the tests themselves are broken (`test_error`: a test file that does not parse, or
 * fails in its own code), no model can help, since only the program is ever changed: say so,
 * naming the error and where it is, instead of advising to configure one.
 */
function brokenTestsMessage(check: AgentStateValue["check"]): string | undefined {
  if (check?.errorType !== "test_error") return undefined;
  const at = check.location ? ` (${check.location.file}:${check.location.line}${check.location.column ? `:${check.location.column}` : ""})` : "";
  return `${check.summary}${at}; fix the tests: a model would not help, since mend only changes the program`;
}

/**
 * Why nothing verified the code, and how to give tests, for the `no_tests` message. `by` is
 * what the run had: examples or tests that ran none, or nothing at all.
 */
export function noTestsMessage(by: "tests" | "examples" | "none"): string {
  const how =
    "give tests with --tests PATH (a file or a folder; `tests:` in a task file), or write examples in the requirement or " +
    "the docstring (a doctest `>>> median([3, 1, 2])` with `2` on the next line, JSDoc `@example add(1, 2) // => 3`, or a line `add(1, 2) == 3`)";
  if (by === "tests") return `the code passed every layer, but the tests ran no test case, so nothing verified it: ${how}`;
  if (by === "examples") return `the code passed every layer, but no example ran as a test, so nothing verified it: ${how}`;
  return `no tests and no examples, so nothing can verify the code (syntax and lint alone do not): ${how}`;
}

/** Whether the offline engine has not yet searched from the current (parseable) code. */
export function offlineRepairPending(state: AgentStateValue, deps: AgentDeps): boolean {
  const errorType = state.check?.errorType;
  const parseable = errorType !== "syntax" && errorType !== "empty";
  return deps.repairer !== null && parseable && state.code !== null && state.offlineTriedOn !== codeKey(state.code, state.files);
}

/**
 * Why a failing run must stop now, or null to go on. A node's own verdict (no model,
 * provider error, rejection) comes first, then the attempt cap, then the budgets.
 */
export function stopReason(state: AgentStateValue, deps: AgentDeps): StopReason | null {
  if (state.reason) return { reason: state.reason, why: state.message ?? state.reason };
  const { maxAttempts, budget } = deps.limits;
  if (state.attempts >= maxAttempts) {
    return { reason: "max_attempts", why: `${state.attempts} of ${maxAttempts} attempts used` };
  }
  const tokens = state.usage.inputTokens + state.usage.outputTokens;
  if (budget.tokens !== undefined && tokens >= budget.tokens) {
    return { reason: "budget_tokens", why: `${tokens} tokens used, budget ${budget.tokens}` };
  }
  if (budget.usd !== undefined && state.usage.costUsd >= budget.usd) {
    return { reason: "budget_cost", why: `$${state.usage.costUsd.toFixed(4)} spent, budget $${budget.usd}` };
  }
  const elapsed = deps.elapsedMs();
  if (budget.seconds !== undefined && elapsed >= budget.seconds * 1000) {
    return { reason: "budget_time", why: `${Math.round(elapsed / 1000)} s used, budget ${budget.seconds} s` };
  }
  if (deps.model === null && !offlineRepairPending(state, deps)) {
    const outOfTime = state.offlineOutOfTime && deps.offlineBudgetMs !== undefined ? { reason: state.offlineOutOfTime, budgetMs: deps.offlineBudgetMs } : undefined;
    return { reason: "no_model", why: brokenTestsMessage(state.check) ?? noModelMessage(deps.task.draft !== undefined, deps.repairer !== null, outOfTime) };
  }
  return null;
}
