import type { AgentDeps } from "../agent-deps.js";
import type { AgentStateValue, AgentUpdate } from "../state.js";

/**
 * Before a repair of a runtime or test failure: works out what the history says about it
 * (the same failure as an earlier attempt means the last change missed the cause) and, under
 * plan-then-fix, asks the repair to state the root cause and a plan before the code. It makes
 * no model call of its own, so every attempt costs exactly one call.
 */
export function analyzeNode(_deps: AgentDeps) {
  return (state: AgentStateValue): AgentUpdate => {
    const { diagnosis } = state;
    const notes: string[] = [];
    const first = diagnosis ? state.avoid.find((entry) => entry.signature === diagnosis.signature) : undefined;
    if (first && first.n !== state.attempts) {
      notes.push(
        `Attempt ${state.attempts} fails exactly like attempt ${first.n}: the changes since then did not touch the cause. Look elsewhere.`,
      );
    }
    const passedBefore = state.best && state.best.n !== state.attempts ? state.best.testsPassed : undefined;
    const passedNow = diagnosis?.tests?.passed;
    if (passedBefore !== undefined && passedNow !== undefined && passedNow < passedBefore) {
      notes.push(
        `Attempt ${state.best?.n} passed ${passedBefore} tests, this one only ${passedNow}: keep what attempt ${state.best?.n} got right.`,
      );
    }
    return { analysis: { plan: state.strategy === "plan_fix", notes } };
  };
}
