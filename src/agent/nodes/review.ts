import type { ReviewFinding } from "../../shared/review.js";
import type { RunUsage } from "../../shared/run-result.js";
import { testsRun } from "../../validation/tests-run.js";
import type { VerificationSource } from "../../shared/verification.js";
import type { AgentDeps } from "../agent-deps.js";
import { verifiedBy } from "../tests-for.js";
import { askModel } from "../ask-model.js";
import { modelCandidate } from "../model-candidate.js";
import { parseReview } from "../parse-review.js";
import { reviewFixPrompt } from "../prompts/review-fix-prompt.js";
import { reviewPrompt } from "../prompts/review-prompt.js";
import type { AgentStateValue, AgentUpdate } from "../state.js";

/**
 * One review call on verified code: findings (severity, line, text) are recorded, never looped
 * on. A provider error or a reply that is not findings is a failed review, not a failed run.
 * With `--review-fix` and high-severity findings, one repair call follows; its code is
 * validated like any other and kept only if it still passes (see `finish`).
 */
export function reviewNode(deps: AgentDeps) {
  return async (state: AgentStateValue): Promise<AgentUpdate> => {
    const reviewer = deps.review;
    const code = state.code;
    if (!reviewer || code === null || !state.check) throw new Error("review reached without a reviewer or verified code");
    const ran = testsRun(state.check);
    const results = `${ran} test${ran === 1 ? "" : "s"} (${sourceOf(verifiedBy(deps, state))}) ran on this code; all passed.`;
    const messages = reviewPrompt({ task: deps.task, code, results });
    const asked = await askModel(deps, reviewer.model, "review", messages, 0);
    if (!asked.ok) return { codeReview: { findings: [], model: reviewer.model.name, failed: asked.message } };
    const parsed = parseReview(asked.reply.text, code.split("\n").length);
    if (!parsed.ok) return { usage: asked.usage, codeReview: { findings: [], model: reviewer.model.name, failed: parsed.why } };
    const review = { findings: parsed.findings, model: reviewer.model.name };
    const high = parsed.findings.filter((finding) => finding.severity === "high");
    if (!reviewer.fix || high.length === 0 || deps.model === null) return { usage: asked.usage, codeReview: review };
    const fix = await fixRound(deps, state, code, high);
    return { ...fix.update, codeReview: review, usage: addUsage(asked.usage, fix.usage) };
  };
}

async function fixRound(
  deps: AgentDeps,
  state: AgentStateValue,
  code: string,
  high: ReviewFinding[],
): Promise<{ update: AgentUpdate; usage?: Partial<RunUsage> }> {
  if (deps.model === null || !state.check) return { update: {} };
  const messages = reviewFixPrompt({ task: deps.task, code, findings: high });
  const asked = await askModel(deps, deps.model, "review_fix", messages, 0);
  const from = { code, testsRun: testsRun(state.check) };
  if (!asked.ok) return { update: { reviewFix: { ...from, status: "failed", summary: asked.message } } };
  const candidate = modelCandidate({
    reply: asked.reply,
    messages,
    temperature: 0,
    language: deps.task.language,
    strategy: "fix",
    folder: deps.folder,
    attempt: state.attempts + 1,
  });
  const summary = `one repair round for ${high.length} high-severity finding${high.length === 1 ? "" : "s"}`;
  return { update: { candidate, reviewFix: { ...from, status: "pending", summary } }, usage: asked.usage };
}

function addUsage(a: Partial<RunUsage>, b: Partial<RunUsage> = {}): Partial<RunUsage> {
  const sum = (key: keyof RunUsage) => (a[key] ?? 0) + (b[key] ?? 0);
  return { modelCalls: sum("modelCalls"), inputTokens: sum("inputTokens"), outputTokens: sum("outputTokens"), costUsd: sum("costUsd") };
}

function sourceOf(by: VerificationSource): string {
  if (by === "generated") return "tests a model wrote from the requirement";
  return by === "examples" ? "examples from the requirement or docstrings" : "the user's tests";
}
