import { BaseCallbackHandler } from "@langchain/core/callbacks/base";
import type { Serialized } from "@langchain/core/load/serializable";
import type { BaseMessage } from "@langchain/core/messages";
import type { LLMResult } from "@langchain/core/outputs";
import type { ChainValues } from "@langchain/core/utils/types";
import type { BoundaryEvent } from "./boundary-event.js";
import { BoundarySignal } from "./boundary-signal.js";
import type { Halt } from "./halt.js";
import { type CallEstimate, estimateChatCall, estimateTextCall } from "./model-call.js";

/** What the handler reports to; implemented by the run. */
export interface BoundaryGates {
  /** A node of the guarded graph is about to run; a halt keeps it from running. */
  nodeStart(runId: string, node: string, superstep: number, input: unknown): Halt | undefined;
  /** Asynchronous when texts are embedded: the next node waits for it. */
  nodeEnd(runId: string, output: unknown): void | Promise<void>;
  nodeError(runId: string, error: unknown): void;
  /** A model call is about to be made; a halt keeps it from being made. */
  modelStart(callId: string, node: string | undefined, estimate: CallEstimate): Halt | undefined;
  modelEnd(callId: string, output: LLMResult): void;
  modelError(callId: string): void;
  /** Aborts the graph's run for a halt; the signal is thrown into the node or call. */
  raise(halt: Halt): BoundarySignal;
  /** Something inside the boundary failed: report it; budgets stay enforced. */
  fault(where: string, error: unknown): void;
  /** An event of a bounded subgraph running as node `node` of this graph. */
  subgraphEvent(node: string | undefined, event: BoundaryEvent): void;
}

/**
 * The boundary's eyes and hands inside a graph run, passed in the run config's `callbacks`
 * so LangChain hands it to every node and every model in them, whoever wrote them.
 * `awaitHandlers` makes each callback finish before the work it announces starts, and
 * `raiseError` lets a thrown `BoundarySignal` abort that work: LangChain 1.x rejects
 * `model.invoke()` before the provider is called, and a node before its body runs.
 * Any other failure in here is reported as a fault and swallowed, never thrown into the run.
 * (LangChain also logs each thrown signal with console.error; that line is its, not ours.)
 */
export class BoundaryCallbackHandler extends BaseCallbackHandler {
  /** Unique to this handler: LangChain tells attached handlers apart by name (see `inBoundaryScope`). */
  readonly name: string;
  override awaitHandlers = true;
  override raiseError = true;
  override ignoreRetriever = true;
  override ignoreAgent = true;
  override ignoreCustomEvent = true;
  private readonly nodeRuns = new Set<string>();
  private closed = false;

  constructor(
    private readonly gates: BoundaryGates,
    /** The run id given to the graph: its nodes are the chains whose parent it is. */
    private readonly rootRunId: string,
  ) {
    super();
    this.name = `mendloop_boundary:${rootRunId}`;
  }

  /** The boundary this handler reports to, for a bounded subgraph run below it. */
  get boundary(): BoundaryGates {
    return this.gates;
  }

  /** After its segment ended: nothing the old run still starts may spend. */
  close(): void {
    this.closed = true;
  }

  // LangChain 1.x calls this as (chain, inputs, runId, parentRunId, tags, metadata, runType,
  // runName), whatever the declared parameter names say; both places are read for the parent.
  override async handleChainStart(
    _chain: Serialized,
    inputs: ChainValues,
    runId: string,
    fourth?: string,
    _tags?: string[],
    metadata?: Record<string, unknown>,
    _seventh?: string,
    eighth?: string,
  ): Promise<void> {
    const node = metadata?.langgraph_node;
    if (typeof node !== "string" || node.startsWith("__")) return;
    if (fourth !== this.rootRunId && eighth !== this.rootRunId) return;
    this.refuseIfClosed(`node "${node}"`);
    this.nodeRuns.add(runId);
    const step = metadata?.langgraph_step;
    await this.haltIfAsked("node start", () => this.gates.nodeStart(runId, node, typeof step === "number" ? step : -1, inputs));
  }

  override async handleChainEnd(outputs: ChainValues, runId: string): Promise<void> {
    if (!this.nodeRuns.delete(runId)) return;
    try {
      await this.gates.nodeEnd(runId, outputs);
    } catch (error) {
      this.gates.fault("node end", error);
    }
  }

  override handleChainError(error: Error, runId: string): void {
    if (!this.nodeRuns.delete(runId)) return;
    this.guard("node error", () => this.gates.nodeError(runId, error));
  }

  override async handleChatModelStart(
    _llm: Serialized,
    messages: BaseMessage[][],
    runId: string,
    _parentRunId?: string,
    extraParams?: Record<string, unknown>,
    _tags?: string[],
    metadata?: Record<string, unknown>,
  ): Promise<void> {
    this.refuseIfClosed("a model call");
    await this.haltIfAsked("model start", () =>
      this.gates.modelStart(runId, nodeOf(metadata), estimateChatCall(messages, extraParams, metadata)),
    );
  }

  override async handleLLMStart(
    _llm: Serialized,
    prompts: string[],
    runId: string,
    _parentRunId?: string,
    extraParams?: Record<string, unknown>,
    _tags?: string[],
    metadata?: Record<string, unknown>,
  ): Promise<void> {
    this.refuseIfClosed("a model call");
    await this.haltIfAsked("model start", () =>
      this.gates.modelStart(runId, nodeOf(metadata), estimateTextCall(prompts, extraParams, metadata)),
    );
  }

  override handleLLMEnd(output: LLMResult, runId: string): void {
    this.guard("model end", () => this.gates.modelEnd(runId, output));
  }

  override handleLLMError(_error: Error, runId: string): void {
    this.guard("model error", () => this.gates.modelError(runId));
  }

  private refuseIfClosed(what: string): void {
    if (this.closed) throw new BoundarySignal(`mendloop boundary: the run was halted; ${what} may not start`);
  }

  /**
   * Runs a gate; on a halt, lets one macrotask pass before aborting the run, so that the
   * chunks the graph already emitted reach the stream's reader (an errored stream drops
   * what it still holds), then throws the signal into the node or call.
   */
  private async haltIfAsked(where: string, gate: () => Halt | undefined): Promise<void> {
    let halt: Halt | undefined;
    try {
      halt = gate();
    } catch (error) {
      this.gates.fault(where, error);
      return;
    }
    if (halt === undefined) return;
    await new Promise((resolve) => setImmediate(resolve));
    throw this.gates.raise(halt);
  }

  private guard(where: string, action: () => void): void {
    try {
      action();
    } catch (error) {
      this.gates.fault(where, error);
    }
  }
}

function nodeOf(metadata: Record<string, unknown> | undefined): string | undefined {
  const node = metadata?.langgraph_node;
  return typeof node === "string" ? node : undefined;
}
