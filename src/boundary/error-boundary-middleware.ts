import { randomUUID } from "node:crypto";
import { AIMessage, type BaseMessage, ToolMessage } from "@langchain/core/messages";
import { isCommand } from "@langchain/langgraph";
import { createMiddleware } from "langchain";
import { z } from "zod";
import { BoundaryStopError, MendError } from "../errors/index.js";
import type { BoundableGraph } from "./boundable-graph.js";
import type { BoundaryEvent } from "./boundary-event.js";
import type { BoundaryOptions } from "./boundary-options.js";
import { validateBoundaryOptions } from "./boundary-options-schema.js";
import type { BoundaryReport } from "./boundary-report.js";
import { BoundaryRun } from "./boundary-run.js";
import type { BoundarySummary } from "./boundary-summary.js";
import type { Halt } from "./halt.js";
import { estimateChatCall } from "./model-call.js";
import { resolveRunSettings } from "./run-settings.js";

/** The agent's nodes as the boundary names them (as `createAgent`'s graph names them). */
const MODEL_NODE = "model_request";
const TOOLS_NODE = "tools";

/**
 * Stands for the agent's graph, which middleware cannot reach: no checkpointer, so the
 * interventions that need one (rollback, retry, modify_prompt, ask_human) fall back to a stop.
 */
const AGENT_GRAPH: BoundableGraph = {
  invoke: unavailable,
  stream: unavailable,
  getState: unavailable,
  getStateHistory: unavailable,
  updateState: unavailable,
};

function unavailable(): never {
  throw new MendError("boundary_middleware", "the agent's graph is not reachable from middleware", { fault: "system" });
}

interface AgentRun {
  id: string;
  run: BoundaryRun;
  /** The model node run in progress (between beforeModel and afterModel). */
  modelNode?: string;
  steps: number;
  report?: BoundaryReport;
}

/** The state keys the middleware adds to the agent's state. */
const stateSchema = z.object({
  /** This invocation's boundary run (the middleware is shared by every invocation of the agent). */
  boundaryRunId: z.string().optional(),
  /** The report of a stop, like `withErrorBoundary`'s result carries. */
  boundary: z.custom<BoundaryReport>().optional(),
});

/** The middleware, plus the latest run's summary. */
export type ErrorBoundaryMiddleware = ReturnType<typeof buildMiddleware> & { summary(): BoundarySummary };

/**
 * The error boundary as LangChain v1 agent middleware, for `createAgent({ middleware: [...] })`:
 * the same options, budgets, stuck detectors, policy and events as `withErrorBoundary`,
 * applied at the agent's hooks. Model calls are checked against the token and cost budgets
 * before they are made, each model turn and tool call is a step fed to the stuck detectors,
 * and a stop ends the agent (`jumpTo: "end"`) with a last AI message and the report under
 * `boundary` in the state, or with `onStop: "throw"` rejects with `BoundaryStopError`.
 * Options are checked here: a `BoundaryOptionsError` names the first one that cannot work.
 */
export function errorBoundaryMiddleware(options: BoundaryOptions = {}): ErrorBoundaryMiddleware {
  validateBoundaryOptions(options);
  const runs = new Map<string, AgentRun>();
  let latest: AgentRun | undefined;
  const emit = (event: BoundaryEvent) => options.onEvent?.(event);
  // The agent's state has no note channel middleware could write to.
  const runOptions: BoundaryOptions = { ...options, noteKey: null };
  const newRun = (): BoundaryRun => {
    const { settings, problems } = resolveRunSettings(AGENT_GRAPH, runOptions, emit);
    const run = new BoundaryRun(AGENT_GRAPH, settings);
    for (const problem of problems) run.fault(problem.where, problem.error, problem.disabled);
    return run;
  };
  const idleSummary = (): BoundarySummary => new BoundaryRun(AGENT_GRAPH, resolveRunSettings(AGENT_GRAPH, runOptions, () => {}).settings).summary();
  const middleware = buildMiddleware(options, runs, newRun, (run) => {
    latest = run;
  });
  return Object.assign(middleware, { summary: () => (options.mode === "off" ? { ...idleSummary(), mode: "off" as const } : (latest?.run.summary() ?? idleSummary())) });
}

function buildMiddleware(options: BoundaryOptions, runs: Map<string, AgentRun>, newRun: () => BoundaryRun, onRun: (run: AgentRun) => void) {
  const off = options.mode === "off";
  const runOf = (state: { boundaryRunId?: string }): AgentRun | undefined =>
    off || state.boundaryRunId === undefined ? undefined : runs.get(state.boundaryRunId);

  /**
   * Turns a halt into the end of the agent: a stop report, or the policy's intervention carried
   * out (a `resume` goes on, undefined is returned). Throws for `onStop: "throw"`.
   */
  const settle = async (agentRun: AgentRun, halt: Halt, state: unknown): Promise<BoundaryReport | undefined> => {
    const { run } = agentRun;
    run.takeHalt();
    let report: BoundaryReport;
    if (halt.type === "stop") {
      report = run.stop(halt.reason, halt.message, { node: halt.node });
    } else {
      const effect = await run.apply(halt.decision, {}, halt.pausedBefore);
      if (effect.type === "resume") return undefined;
      const message = effect.type === "stop" ? effect.message : effect.type === "pause" ? effect.question : "the intervention let an error through";
      report = run.stop(effect.type === "stop" ? (effect.reason ?? "stuck") : "stuck", message, { node: halt.pausedBefore[0] });
    }
    agentRun.report = report;
    run.end();
    if (options.onStop === "throw") {
      // The agent ends with the error: afterAgent will not run to forget this run.
      runs.delete(agentRun.id);
      throw new BoundaryStopError(report, { state });
    }
    return report;
  };
  /**
   * A tool threw: as `withErrorBoundary` does for a node error, the policy decides (by
   * default a graceful stop with reason `error`); undefined lets the error through.
   */
  const settleError = async (agentRun: AgentRun, error: unknown, state: unknown): Promise<BoundaryReport | undefined> => {
    const { run } = agentRun;
    if (run.mode === "observe") return undefined;
    const { failure, decision } = run.decideOnError(error);
    if (decision === undefined) return undefined;
    const effect = await run.apply(decision, {}, []);
    if (effect.type === "rethrow" || effect.type === "resume") return undefined;
    const message = effect.type === "stop" ? effect.message : effect.question;
    const report = run.stop(effect.type === "stop" ? (effect.reason ?? "error") : "error", message, { node: TOOLS_NODE, error: failure });
    agentRun.report = report;
    run.end();
    if (options.onStop === "throw") {
      runs.delete(agentRun.id);
      throw new BoundaryStopError(report, { state, cause: error });
    }
    return report;
  };
  const ending = (report: BoundaryReport) => ({
    jumpTo: "end" as const,
    boundary: report,
    messages: [new AIMessage({ content: `Stopped by the error boundary (${report.reason}): ${report.message}` })],
  });

  return createMiddleware({
    name: "ErrorBoundaryMiddleware",
    stateSchema,
    beforeAgent: () => {
      if (off) return undefined;
      const id = randomUUID();
      const agentRun: AgentRun = { id, run: newRun(), steps: 0 };
      runs.set(id, agentRun);
      onRun(agentRun);
      agentRun.run.begin();
      return { boundaryRunId: id };
    },
    beforeModel: {
      canJumpTo: ["end"],
      hook: async (state) => {
        const agentRun = runOf(state);
        if (agentRun === undefined) return undefined;
        if (agentRun.report !== undefined) return ending(agentRun.report);
        const id = randomUUID();
        const halt = agentRun.run.nodeStart(id, MODEL_NODE, agentRun.steps++, state);
        if (halt !== undefined) {
          const report = await settle(agentRun, halt, state);
          if (report !== undefined) return ending(report);
        }
        agentRun.modelNode = id;
        return undefined;
      },
    },
    wrapModelCall: async (request, handler) => {
      const agentRun = runOf(request.state);
      if (agentRun === undefined) return handler(request);
      const callId = randomUUID();
      const messages: BaseMessage[] = request.systemMessage === undefined ? [...request.messages] : [request.systemMessage, ...request.messages];
      const model = request.model as { model?: string; modelName?: string; maxTokens?: number };
      const halt = agentRun.run.modelStart(
        callId,
        MODEL_NODE,
        estimateChatCall([messages], { model: model.model ?? model.modelName, max_tokens: model.maxTokens }, undefined),
      );
      if (halt !== undefined) {
        // The call is not made; afterModel ends the agent with the report.
        const report = await settle(agentRun, halt, request.state);
        if (report !== undefined) return ending(report).messages[0];
      }
      try {
        const message = await handler(request);
        agentRun.run.modelEnd(callId, { generations: [[{ text: message.text, message }]] } as never);
        return message;
      } catch (error) {
        agentRun.run.modelError(callId);
        throw error;
      }
    },
    afterModel: {
      canJumpTo: ["end"],
      hook: async (state) => {
        const agentRun = runOf(state);
        if (agentRun === undefined) return undefined;
        if (agentRun.report !== undefined) return { jumpTo: "end" as const, boundary: agentRun.report };
        const node = agentRun.modelNode;
        agentRun.modelNode = undefined;
        const last = state.messages.at(-1);
        if (node !== undefined) await agentRun.run.nodeEnd(node, { messages: last === undefined ? [] : [last] });
        return undefined;
      },
    },
    wrapToolCall: async (request, handler) => {
      const agentRun = runOf(request.state);
      if (agentRun === undefined) return handler(request);
      const stopped = (report: BoundaryReport) =>
        new ToolMessage({
          content: `Not run: the error boundary stopped the agent (${report.reason}): ${report.message}`,
          tool_call_id: request.toolCall.id ?? "",
          name: request.toolCall.name,
          status: "error",
        });
      if (agentRun.report !== undefined) return stopped(agentRun.report);
      const id = randomUUID();
      const halt = agentRun.run.nodeStart(id, TOOLS_NODE, agentRun.steps++, request.state);
      if (halt !== undefined) {
        // The next beforeModel ends the agent before the model is called again.
        const report = await settle(agentRun, halt, request.state);
        if (report !== undefined) return stopped(report);
        agentRun.run.nodeStart(id, TOOLS_NODE, agentRun.steps, request.state);
      }
      try {
        const result = await handler(request);
        await agentRun.run.nodeEnd(id, isCommand(result) ? result.update : { messages: [result] });
        return result;
      } catch (error) {
        agentRun.run.nodeError(id, error);
        const report = await settleError(agentRun, error, request.state);
        if (report === undefined) throw error;
        return stopped(report);
      }
    },
    afterAgent: (state) => {
      const agentRun = runOf(state);
      if (agentRun === undefined || state.boundaryRunId === undefined) return undefined;
      runs.delete(state.boundaryRunId);
      if (agentRun.run.status === "running") {
        agentRun.run.completed(false);
        agentRun.run.end();
      }
      return undefined;
    },
  });
}
