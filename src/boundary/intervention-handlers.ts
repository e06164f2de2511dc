import type { Callbacks } from "@langchain/core/callbacks/manager";
import type { RunnableConfig } from "@langchain/core/runnables";
import { Command } from "@langchain/langgraph";
import type { BoundableGraph } from "./boundable-graph.js";
import type { BoundaryNote } from "./boundary-note.js";
import type { BoundaryStopReason } from "./boundary-report.js";
import type { Compression, Intervention, InterventionKind, InterventionTrigger } from "./intervention.js";
import { type CompressOption, type CompressionTarget, checkCompressedState, planMessageCompression } from "./state-compression.js";
import { type StateSize, messagesOf } from "./state-size.js";

/** Everything a handler needs to carry out an intervention on a paused (or failed) run. */
export interface InterventionContext {
  intervention: Intervention;
  trigger: InterventionTrigger;
  graph: BoundableGraph;
  /** The thread's config without a checkpoint id: its head is the paused run's last checkpoint. */
  config: RunnableConfig;
  hasCheckpointer: boolean;
  /** The last state the boundary saw. */
  state: unknown;
  /** Node executions completed. */
  step: number;
  /** Nodes that were about to run when the run paused (empty after a node error). */
  pausedBefore: string[];
  /** The node that completed last before the pause. */
  lastNode?: string;
  /** The state update to write: the note under `noteKey` (if the state has it) and the intervention's `update`. */
  update: Record<string, unknown>;
  note: BoundaryNote;
  /** Retries of failed nodes so far in this run. */
  retries: number;
  /** Milliseconds left in the time budget (Infinity without one). */
  remainingMs: number;
  /** Waits, giving up early (false) when the time budget runs out. */
  sleep(ms: number): Promise<boolean>;
  /** How the state is compressed (the `compress` intervention). */
  compression: CompressionContext;
}

/** What the `compress` intervention works with. */
export interface CompressionContext {
  /** The `compress` option: message settings, a function, or undefined (defaults). */
  option: CompressOption | undefined;
  /** The state's messages channel, when it has one. */
  messagesKey: string | undefined;
  /** State budgets the compressed state should be well within. */
  budgets: { stateBytes?: number; messages?: number };
  measure(state: unknown): StateSize;
  /**
   * Message tokens the run's first compression left: later ones trim back to it, so that a
   * conversation that keeps growing is brought back to the same level each time instead of
   * to half of an ever larger history.
   */
  level?: number;
  /** Passed to the summary model's call, so the boundary counts and gates it. */
  callbacks?: Callbacks;
}

/** What an intervention comes to. */
export type InterventionEffect =
  /** Start the graph again with this input and config (`null` input: continue from the checkpoint). */
  | { type: "resume"; input: unknown; config: RunnableConfig; detail: string; compression?: Compression }
  | { type: "stop"; reason?: BoundaryStopReason; message: string }
  /** Pause for a person: the caller resumes with `Command({ resume })`. */
  | { type: "pause"; question: string }
  /** Let a node error through as if there were no boundary. */
  | { type: "rethrow" };

export type InterventionHandler = (context: InterventionContext) => Promise<InterventionEffect>;

const DEFAULT_RETRIES = 2;
const DEFAULT_BACKOFF_MS = 500;

/** How each intervention kind is carried out unless `BoundaryOptions.handlers` says otherwise. */
export const defaultHandlers: Record<InterventionKind, InterventionHandler> = {
  async continue(context) {
    return context.trigger.type === "error" ? { type: "rethrow" } : resume(context, null, "continued");
  },

  async terminate(context) {
    return stop(context);
  },

  async retry(context) {
    const { intervention, trigger } = context;
    if (trigger.type !== "error") return stop(context, "retry only applies to a node that threw");
    const missing = needsCheckpointer(context);
    if (missing !== undefined) return missing;
    const maxRetries = intervention.kind === "retry" ? (intervention.maxRetries ?? DEFAULT_RETRIES) : DEFAULT_RETRIES;
    if (context.retries >= maxRetries) return stop(context, `gave up after ${context.retries} retries`);
    const base = intervention.kind === "retry" ? (intervention.backoffMs ?? DEFAULT_BACKOFF_MS) : DEFAULT_BACKOFF_MS;
    const wait = base * 2 ** context.retries;
    if (wait >= context.remainingMs || !(await context.sleep(wait))) {
      return { type: "stop", reason: "budget_time", message: `no time left for a retry after ${wait} ms` };
    }
    return resume(context, null, `retrying ${trigger.error.node ?? "the failed node"} after ${wait} ms (retry ${context.retries + 1} of ${maxRetries})`);
  },

  async modify_prompt(context) {
    const missing = needsCheckpointer(context);
    if (missing !== undefined) return missing;
    if (Object.keys(context.update).length === 0) {
      return stop(context, "modify_prompt has nothing to write: the state has no note key and the intervention no update");
    }
    await updateHead(context);
    return resume(context, null, `wrote ${Object.keys(context.update).join(", ")} and re-ran ${context.pausedBefore.join(", ") || "the next node"}`);
  },

  async alternative_path(context) {
    const { intervention, graph } = context;
    if (intervention.kind !== "alternative_path") return stop(context, "alternative_path needs a goto node");
    const missing = needsCheckpointer(context);
    if (missing !== undefined) return missing;
    if (graph.nodes !== undefined && !(intervention.goto in graph.nodes)) {
      return stop(context, `alternative_path: the graph has no node "${intervention.goto}"`);
    }
    // Mark the pending tasks done without running them, then route to the other node:
    // a Command input alone would run both.
    const skipped = { updates: [{ values: null, asNode: "__end__" }] };
    if (graph.bulkUpdateState !== undefined) await graph.bulkUpdateState(context.config, [skipped]);
    else await graph.updateState(context.config, null, "__end__");
    const update = Object.keys(context.update).length > 0 ? context.update : undefined;
    return resume(
      context,
      new Command({ goto: intervention.goto, ...(update === undefined ? {} : { update }) }),
      `skipped ${context.pausedBefore.join(", ") || "the pending nodes"} and routed to "${intervention.goto}"`,
    );
  },

  async rollback(context) {
    const missing = needsCheckpointer(context);
    if (missing !== undefined) return missing;
    const { trigger, graph } = context;
    const firstSuperstep = trigger.type === "detection" ? Math.min(...trigger.detection.supersteps) : undefined;
    if (firstSuperstep === undefined || !Number.isFinite(firstSuperstep)) return stop(context, "rollback needs a detection to roll back before");
    let target: RunnableConfig | undefined;
    let targetStep: number | undefined;
    for await (const snapshot of graph.getStateHistory(context.config)) {
      const step = snapshot.metadata?.step;
      if (typeof step === "number" && step < firstSuperstep) {
        target = snapshot.config;
        targetStep = step;
        break;
      }
    }
    if (target === undefined) return stop(context, `no checkpoint before superstep ${firstSuperstep} to roll back to`);
    const forked = Object.keys(context.update).length > 0 ? await graph.updateState(target, context.update) : target;
    return resume(context, null, `rolled back to the checkpoint of superstep ${targetStep}, before the pattern began`, forked);
  },

  async compress(context) {
    const missing = needsCheckpointer(context);
    if (missing !== undefined) return missing;
    const { graph, config, compression } = context;
    const state = (await graph.getState(config)).values;
    const before = compression.measure(state);
    const { option, messagesKey } = compression;
    if (typeof option === "function") {
      const update = checkCompressedState(await option(state), graph.channels === undefined ? undefined : Object.keys(graph.channels));
      await updateHead({ ...context, update: { ...context.update, ...update } });
      const after = compression.measure((await graph.getState(config)).values);
      return compressed(context, { method: "function", before, after }, `compressed the state with the compress function: ${sizeChange(before, after)}`);
    }
    const list = messagesKey === undefined ? undefined : messagesOf(state, messagesKey);
    if (messagesKey === undefined || list === undefined) {
      return stop(context, "the state has no messages channel and the options no compress function");
    }
    const maxTokens = (context.intervention.kind === "compress" ? context.intervention.maxTokens : undefined) ?? option?.maxTokens;
    const plan = await planMessageCompression(list, messagesKey, targetOf(before, compression, maxTokens), option?.summarizeWith, compression.callbacks);
    if (plan === undefined) return stop(context, "compress found nothing to take out of the messages");
    await updateHead({ ...context, update: { ...context.update, ...plan.update } });
    const stored = (await graph.getState(config)).values;
    if (messagesOf(stored, messagesKey)?.length !== plan.messages.length) {
      throw new Error(`the "${messagesKey}" channel did not take the RemoveMessage update (is its reducer LangGraph's messagesStateReducer?)`);
    }
    const after = compression.measure(stored);
    const how = plan.method === "summary" ? `replaced ${plan.removed} older messages by a summary` : `trimmed ${plan.removed} older messages`;
    return compressed(context, { method: plan.method, before, after, removed: plan.removed }, `${how}: ${sizeChange(before, after)}`);
  },

  async ask_human(context) {
    const missing = needsCheckpointer(context);
    if (missing !== undefined) return missing;
    const question =
      context.intervention.kind === "ask_human" && context.intervention.question !== undefined
        ? context.intervention.question
        : `${context.note.message} How should the run go on?`;
    return { type: "pause", question };
  },
};

/** Which kinds change the graph's saved state, and so need a checkpointer. */
export const NEEDS_CHECKPOINTER: ReadonlySet<InterventionKind> = new Set([
  "retry",
  "rollback",
  "modify_prompt",
  "alternative_path",
  "ask_human",
  "compress",
]);

function needsCheckpointer(context: InterventionContext): InterventionEffect | undefined {
  if (context.hasCheckpointer && context.config.configurable?.thread_id !== undefined) return undefined;
  return stop(
    context,
    `${context.intervention.kind} needs a checkpointer and a thread_id (compile the graph with one, e.g. MemorySaver); terminated instead`,
  );
}

async function updateHead(context: InterventionContext): Promise<void> {
  try {
    await context.graph.updateState(context.config, context.update);
  } catch (error) {
    // Several nodes wrote last and LangGraph cannot tell whose update this is: attribute it
    // to the one that finished last, whose edges lead to the node that was about to run.
    const asNode = context.lastNode;
    if (asNode === undefined || !(error instanceof Error) || !/ambiguous/i.test(error.message)) throw error;
    await context.graph.updateState(context.config, context.update, asNode);
  }
}

function resume(context: InterventionContext, input: unknown, detail: string, config = context.config): InterventionEffect {
  return { type: "resume", input, config, detail };
}

function compressed(context: InterventionContext, compression: Compression, detail: string): InterventionEffect {
  return { type: "resume", input: null, config: context.config, detail, compression };
}

/**
 * Half of the messages' tokens (or `maxTokens`), less when the state would stay over half
 * of a state budget, and no more than the first compression kept: a compression should
 * leave room to grow before the next one.
 */
function targetOf(before: StateSize, compression: CompressionContext, maxTokens: number | undefined): CompressionTarget {
  const { stateBytes, messages } = compression.budgets;
  const tokens = before.messageTokens ?? 0;
  const share = Math.min(0.5, stateBytes === undefined ? 1 : (0.5 * stateBytes) / before.bytes);
  return {
    maxTokens: maxTokens ?? Math.max(1, Math.min(Math.floor(tokens * share), compression.level ?? Infinity)),
    ...(messages === undefined ? {} : { maxMessages: Math.max(1, Math.floor(messages / 2)) }),
  };
}

function sizeChange(before: StateSize, after: StateSize): string {
  return `${before.bytes} to ${after.bytes} bytes, ${before.messages} to ${after.messages} messages`;
}

function stop(context: InterventionContext, why?: string): InterventionEffect {
  const { trigger } = context;
  const reason: BoundaryStopReason =
    trigger.type === "error" ? "error" : trigger.detection.kind === "state_size" ? "budget_state" : "stuck";
  const cause =
    trigger.type === "error" ? `${trigger.error.name}: ${trigger.error.message}` : trigger.detection.explanation;
  return { type: "stop", reason, message: why === undefined ? cause : `${cause} (${why})` };
}
