import { type BaseCheckpointSaver, END, START, StateGraph } from "@langchain/langgraph";
import type { AgentDeps } from "./agent-deps.js";
import { analyzeNode } from "./nodes/analyze.js";
import { approveNode } from "./nodes/approve.js";
import { diagnoseNode } from "./nodes/diagnose.js";
import { finishNode } from "./nodes/finish.js";
import { generateNode } from "./nodes/generate.js";
import { giveUpNode } from "./nodes/give-up.js";
import { offlineRepairNode } from "./nodes/offline-repair.js";
import { repairNode } from "./nodes/repair.js";
import { reviewNode } from "./nodes/review.js";
import { reviewTestsNode } from "./nodes/review-tests.js";
import { testAdequacyNode } from "./nodes/test-adequacy.js";
import { validateNode } from "./nodes/validate.js";
import { writeTestsNode } from "./nodes/write-tests.js";
import {
  afterAnalyze,
  afterApprove,
  afterDiagnose,
  afterGenerate,
  afterOfflineRepair,
  afterRepair,
  afterReview,
  afterReviewTests,
  afterStart,
  afterTestAdequacy,
  afterValidate,
  afterWriteTests,
} from "./routing.js";
import { AgentState } from "./state.js";
import { tracedNode, tracedPlainNode, tracedRoute } from "./traced.js";

/** The self-correcting loop as a LangGraph StateGraph: nodes and edges only. */
export function buildAgentGraph(deps: AgentDeps, checkpointer: BaseCheckpointSaver) {
  return new StateGraph(AgentState)
    .addNode("write_tests", tracedNode("write_tests", writeTestsNode(deps), deps))
    .addNode("generate", tracedNode("generate", generateNode(deps), deps))
    .addNode("validate", tracedPlainNode("validate", validateNode(deps), deps))
    .addNode("diagnose", tracedPlainNode("diagnose", diagnoseNode(deps), deps))
    .addNode("offline_repair", tracedPlainNode("offline_repair", offlineRepairNode(deps), deps))
    .addNode("analyze", tracedPlainNode("analyze", analyzeNode(), deps))
    .addNode("repair", tracedNode("repair", repairNode(deps), deps))
    .addNode("test_adequacy", tracedPlainNode("test_adequacy", testAdequacyNode(deps), deps))
    .addNode("review", tracedNode("review", reviewNode(deps), deps))
    .addNode("review_tests", tracedNode("review_tests", reviewTestsNode(deps), deps))
    .addNode("approve", tracedNode("approve", approveNode(deps), deps))
    .addNode("finish", tracedPlainNode("finish", finishNode(deps), deps))
    .addNode("give_up", tracedPlainNode("give_up", giveUpNode(deps), deps))
    .addConditionalEdges(START, tracedRoute(START, afterStart, deps), ["write_tests", "generate"])
    .addConditionalEdges("write_tests", tracedRoute("write_tests", afterWriteTests, deps), ["generate", "validate", "review", "approve", "finish"])
    .addConditionalEdges("generate", tracedRoute("generate", afterGenerate, deps), ["validate", "give_up"])
    // `analyze` is never chosen now (repair analyzes in its own step): it is listed so that the
    // node stays in the graph for runs checkpointed by earlier versions with `analyze` next.
    .addConditionalEdges("validate", tracedRoute("validate", afterValidate, deps), [
      "diagnose",
      "offline_repair",
      "analyze",
      "repair",
      "generate",
      "review_tests",
      "test_adequacy",
      "review",
      "approve",
      "finish",
      "give_up",
    ])
    .addConditionalEdges("review_tests", tracedRoute("review_tests", afterReviewTests, deps), ["validate", "diagnose"])
    .addConditionalEdges("test_adequacy", tracedRoute("test_adequacy", afterTestAdequacy, deps), ["write_tests", "review", "approve", "finish"])
    .addConditionalEdges("review", tracedRoute("review", afterReview, deps), ["validate", "approve", "finish"])
    .addConditionalEdges("diagnose", tracedRoute("diagnose", afterDiagnose, deps), [
      "offline_repair",
      "repair",
      "generate",
      "give_up",
    ])
    .addConditionalEdges("offline_repair", tracedRoute("offline_repair", afterOfflineRepair, deps), [
      "validate",
      "repair",
      "generate",
      "give_up",
    ])
    .addConditionalEdges("analyze", tracedRoute("analyze", afterAnalyze, deps), ["repair"])
    .addConditionalEdges("repair", tracedRoute("repair", afterRepair, deps), ["validate", "repair", "give_up"])
    .addConditionalEdges("approve", tracedRoute("approve", afterApprove, deps), ["finish", "give_up"])
    .addEdge("finish", END)
    .addEdge("give_up", END)
    .compile({ checkpointer });
}

export type AgentGraph = ReturnType<typeof buildAgentGraph>;
