import { interrupt } from "@langchain/langgraph";
import { createTwoFilesPatch } from "diff";
import type { AgentDeps } from "../agent-deps.js";
import type { AgentStateValue, AgentUpdate } from "../state.js";

/** What a person is asked to approve: the verified code, as a diff against the draft. */
export interface ApprovalRequest {
  kind: "approval";
  runId: string;
  entry: string;
  /** The file that will be written on approval, if any. */
  writeTo?: string;
  code: string;
  diff: string;
}

/** The answer `resume` hands back to the paused graph. */
export interface ApprovalAnswer {
  approved: boolean;
}

/**
 * With `--approve`, pauses the run (LangGraph `interrupt()`, checkpointed) before anything is
 * written; the run continues when it is resumed with an answer. Nothing here has side effects
 * before the interrupt, because the node runs again from the top on resume.
 */
export function approveNode(deps: AgentDeps) {
  return (state: AgentStateValue): AgentUpdate => {
    const code = state.code ?? "";
    const request: ApprovalRequest = {
      kind: "approval",
      runId: deps.runId,
      entry: deps.task.entry,
      ...(deps.limits.writeTo ? { writeTo: deps.limits.writeTo } : {}),
      code,
      diff: createTwoFilesPatch(deps.task.entry, deps.task.entry, deps.task.draft ?? "", code, "before", "verified"),
    };
    const answer = interrupt<ApprovalRequest, ApprovalAnswer | undefined>(request);
    const approved = answer?.approved === true;
    deps.emit({ type: "approval", approved });
    return approved ? {} : { reason: "rejected", message: "the verified code was rejected at approval" };
  };
}
