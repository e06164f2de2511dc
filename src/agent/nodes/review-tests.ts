import type { AgentDeps } from "../agent-deps.js";
import { askModel } from "../ask-model.js";
import { parseTestVerdicts } from "../parse-test-verdicts.js";
import { reviewTestsPrompt } from "../prompts/review-tests-prompt.js";
import type { AgentStateValue, AgentUpdate, GeneratedTests } from "../state.js";
import { disputedTests } from "../disputed-tests.js";

/** How the reason of a test the review dropped begins. */
export const JUDGED_WRONG = "judged wrong by the test review";

/**
 * Judges generated tests that two different programs failed while passing every other test:
 * one review call (the review model, else the run's) decides "test wrong" or "code wrong" with
 * a reason. A test judged wrong is dropped and recorded, and the program is checked again
 * without it; one judged right stays and is not reviewed again. A failed call leaves every
 * test as it was (they count as upheld, so the loop does not ask again).
 */
export function reviewTestsNode(deps: AgentDeps) {
  return async (state: AgentStateValue): Promise<AgentUpdate> => {
    const generated = state.generatedTests;
    const model = deps.review?.model ?? deps.model;
    if (!generated || !model || state.code === null || !state.check) throw new Error("review_tests reached without disputed tests, a model or code");
    const names = disputedTests(generated);
    const failures = state.check.tests?.failures ?? [];
    const messages = reviewTestsPrompt({
      task: deps.task,
      tests: generated.suite.tests
        .filter((test) => names.includes(test.name))
        .map((test) => ({ ...test, ...optional(failures.find((failure) => failure.name === test.name || failure.name.startsWith(`${test.name}[`))) })),
      code: state.code,
      programs: Math.min(...names.map((name) => generated.disputes[name]?.length ?? 0)),
    });
    const asked = await askModel(deps, model, "review_tests", messages, 0);
    const parsed = asked.ok ? parseTestVerdicts(asked.reply.text, names) : { ok: false as const, why: asked.message };
    const wrong = parsed.ok ? parsed.verdicts.filter((verdict) => verdict.verdict === "test_wrong") : [];
    const wrongNames = new Set(wrong.map((verdict) => verdict.test));
    const next: GeneratedTests = {
      ...generated,
      suite: { ...generated.suite, tests: generated.suite.tests.filter((test) => !wrongNames.has(test.name)) },
      dropped: [
        ...generated.dropped,
        ...wrong.map((verdict) => ({
          name: verdict.test,
          why: `${JUDGED_WRONG}: ${verdict.reason} (${generated.disputes[verdict.test]?.length ?? 0} programs passing every other test failed it)`,
        })),
      ],
      upheld: [...generated.upheld, ...names.filter((name) => !wrongNames.has(name))],
    };
    deps.emit({
      type: "tests_reviewed",
      disputed: names,
      dropped: [...wrongNames],
      ...(parsed.ok ? {} : { failed: parsed.why }),
    });
    const recheck = wrongNames.size > 0;
    return {
      generatedTests: next,
      ...(asked.ok ? { usage: asked.usage } : {}),
      ...(recheck
        ? { candidate: { code: state.code, source: deps.folder.readAttempts().at(-1)?.record.source ?? "model", strategy: "recheck" as const, produceMs: 0 } }
        : {}),
    };
  };
}

function optional<T>(value: T | undefined): { failure?: T } {
  return value === undefined ? {} : { failure: value };
}
