import type { BaseCallbackHandler } from "@langchain/core/callbacks/base";
import type { Callbacks } from "@langchain/core/callbacks/manager";
import type { RunnableConfig } from "@langchain/core/runnables";
import { IterableReadableStream } from "@langchain/core/utils/stream";
import { isCommand } from "@langchain/langgraph";
import { BoundaryStopError } from "../errors/index.js";
import { appendOutcomes } from "./adaptive-thresholds.js";
import type { BoundableGraph } from "./boundable-graph.js";
import type { BoundaryEvent } from "./boundary-event.js";
import type { BoundaryOptions } from "./boundary-options.js";
import { validateBoundaryOptions } from "./boundary-options-schema.js";
import type { BoundaryReport } from "./boundary-report.js";
import { BoundaryCallbackHandler, type BoundaryGates } from "./boundary-callback-handler.js";
import { BoundaryRun, type Segment } from "./boundary-run.js";
import { BoundedRunnable } from "./bounded-runnable.js";
import type { BoundarySummary } from "./boundary-summary.js";
import type { Decision } from "./halt.js";
import type { NodeFailure } from "./intervention.js";
import { resolveRunSettings } from "./run-settings.js";
import { inBoundaryScope } from "./boundary-scope.js";
import { EagerReader } from "./eager-reader.js";
import { toEventStream } from "./event-stream-encoding.js";
import { quietBoundarySignals } from "./quiet-boundary-signals.js";
import { boundaryChunks, type InterruptEntry, withReport } from "./state-chunks.js";

/**
 * A graph result, with the boundary's report when the boundary stopped or paused the run
 * (and, for an ask_human pause, the interrupt LangGraph callers look for).
 */
export type BoundedResult<T> = T & { boundary?: BoundaryReport; __interrupt__?: InterruptEntry[] };

/**
 * A graph under an error boundary: the graph's `invoke` and `stream`, plus `summary()`. It
 * is a LangChain `Runnable` (so also a node of a parent graph, with `batch`, `streamEvents`,
 * `pipe`), and passes `getState`, `getStateHistory` and `updateState` to the graph.
 */
export interface BoundedGraph<G extends BoundableGraph>
  extends Pick<
    BoundedRunnable<G, Parameters<G["invoke"]>[0], BoundedResult<Awaited<ReturnType<G["invoke"]>>>>,
    | "getState"
    | "getStateHistory"
    | "updateState"
    | "batch"
    | "streamEvents"
    | "pipe"
    | "withConfig"
    | "getName"
    | "transform"
    | "lc_serializable"
    | "lc_namespace"
    | "lc_id"
    | "lc_kwargs"
    | "toJSON"
    | "toJSONNotImplemented"
  > {
  /**
   * Runs the graph. When a limit or the policy stops it, resolves to the last state with a
   * `boundary` report (or, with `onStop: "throw"`, rejects with `BoundaryStopError`). An
   * `ask_human` pause resolves to the state with `__interrupt__` and a `paused` report;
   * resume with `invoke(new Command({ resume: answer }), sameConfig)` (a string answer is
   * written as the note, an object as a state update).
   */
  invoke(
    input: Parameters<G["invoke"]>[0],
    config?: Parameters<G["invoke"]>[1],
  ): Promise<BoundedResult<Awaited<ReturnType<G["invoke"]>>>>;
  /**
   * Streams like the graph. A stop or pause ends the stream with a `values` chunk carrying
   * `boundary` and an `updates` chunk `{ __boundary__ }`, for the modes that were asked for.
   * With `encoding: "text/event-stream"` the same chunks come as Server-Sent Events, encoded
   * as LangGraph encodes them; an error (a thrown stop included) is a last `error` event.
   */
  stream(
    input: Parameters<G["stream"]>[0],
    config: Parameters<G["stream"]>[1] & { encoding: "text/event-stream" },
  ): Promise<IterableReadableStream<Uint8Array>>;
  stream(input: Parameters<G["stream"]>[0], config?: Parameters<G["stream"]>[1]): ReturnType<G["stream"]>;
  /** As a `Runnable` sees it: chunks of the graph's state. */
  stream(input: Parameters<G["invoke"]>[0], config?: RunnableConfig): Promise<IterableReadableStream<BoundedResult<Awaited<ReturnType<G["invoke"]>>>>>;
  /** The latest run: steps, per-node figures, usage against budgets, warnings, detections, interventions. */
  summary(): BoundarySummary;
  readonly graph: G;
}

type Outcome = { interrupted: boolean; value?: unknown };
type SegmentRunner = (input: unknown, config: RunnableConfig, handler: BaseCallbackHandler) => AsyncGenerator<unknown, Outcome>;
type RunEnd =
  | { type: "completed"; value: unknown }
  | { type: "halted"; state: unknown; report: BoundaryReport; interrupts?: InterruptEntry[]; cause?: unknown };

/** The state type a graph's `invoke` resolves to, for typed extractors. */
export type StateOf<G extends BoundableGraph> =
  Awaited<ReturnType<G["invoke"]>> extends infer S extends Record<string, any> ? S : Record<string, any>;

/** LangGraph's own step cap when the caller sets none. */
const LANGGRAPH_RECURSION_LIMIT = 25;

/**
 * Wraps any compiled LangGraph.js graph in an error boundary: budgets checked before each
 * node and each model call, stuck detection over node updates, interventions chosen by a
 * policy, graceful stops with a report instead of bare exceptions. See `BoundaryOptions`.
 * In `off` mode the graph's own methods are returned untouched. Options are checked here:
 * a `BoundaryOptionsError` names the first one that cannot work.
 */
export function withErrorBoundary<G extends BoundableGraph>(graph: G, options: BoundaryOptions<StateOf<G>> = {}): BoundedGraph<G> {
  validateBoundaryOptions(options);
  const mode = options.mode ?? "enforce";
  if (mode !== "off") quietBoundarySignals();
  const emit = (event: BoundaryEvent) => options.onEvent?.(event);
  const newRun = (): BoundaryRun => {
    const { settings, problems } = resolveRunSettings(graph, options, emit);
    const run = new BoundaryRun(graph, settings);
    for (const problem of problems) run.fault(problem.where, problem.error, problem.disabled);
    return run;
  };
  // What summary() shows before any run: nothing spent, nothing reported to onEvent.
  const idleSummary = (): BoundarySummary => new BoundaryRun(graph, resolveRunSettings(graph, options, () => {}).settings).summary();

  if (mode === "off") {
    return new BoundedRunnable(graph, {
      invoke: (input, config) => graph.invoke(input, config),
      stream: (input, config) => graph.stream(input, config) as Promise<IterableReadableStream<unknown>>,
      summary: () => ({ ...idleSummary(), mode: "off" }),
    }) as unknown as BoundedGraph<G>;
  }

  const waiting = new Map<string, BoundaryRun>();
  let latest: BoundaryRun | undefined;
  const steps = options.budgets?.steps;
  // The boundary's step budget must speak before LangGraph's recursion limit does.
  const recursionLimit =
    steps === undefined ? undefined : Math.max(graph.config?.recursionLimit ?? LANGGRAPH_RECURSION_LIMIT, steps + 2);

  const runFor = (input: unknown, config: RunnableConfig | undefined): BoundaryRun => {
    const thread = threadOf(config);
    const paused = thread === undefined ? undefined : waiting.get(thread);
    if (thread !== undefined) waiting.delete(thread);
    latest = paused !== undefined && (input === null || input === undefined || isCommand(input)) ? paused : newRun();
    const parent = parentBoundaryOf(config?.callbacks);
    if (parent !== undefined) latest.reportTo(parent, nodeOf(config));
    return latest;
  };

  const afterRun = (run: BoundaryRun, config: RunnableConfig | undefined) => {
    const thread = threadOf(config);
    if (run.status === "paused" || run.status === "interrupted") {
      if (thread !== undefined) waiting.set(thread, run);
      return;
    }
    if (options.adaptive === undefined || run.status === "running") return;
    try {
      appendOutcomes(options.adaptive.storePath, run.outcomes());
    } catch (error) {
      run.fault(`adaptive store ${options.adaptive.storePath}`, error, "adaptive store updates");
    }
  };

  const invokeRunner: SegmentRunner = async function* (input, config, handler) {
    const value = await inBoundaryScope(handler, () => graph.invoke(input, config));
    return { value, interrupted: typeof value === "object" && value !== null && "__interrupt__" in value };
  };
  const streamRunner: SegmentRunner = async function* (input, config, handler) {
    const chunks = new EagerReader(await inBoundaryScope(handler, () => graph.stream(input, config)));
    let interrupted = false;
    try {
      for (let chunk = await chunks.next(); !chunk.done; chunk = await chunks.next()) {
        interrupted ||= carriesInterrupt(chunk.value);
        yield chunk.value;
      }
    } finally {
      await chunks.close();
    }
    return { interrupted };
  };

  async function* drive(run: BoundaryRun, input: unknown, config: RunnableConfig, runner: SegmentRunner): AsyncGenerator<unknown, RunEnd> {
    run.begin();
    let next = { input, config };
    const halted = async (report: BoundaryReport, cause?: unknown, interrupts?: InterruptEntry[]): Promise<RunEnd> => ({
      type: "halted",
      state: await run.finalState(headConfig(next.config)),
      report,
      ...(interrupts === undefined ? {} : { interrupts }),
      cause,
    });
    try {
      if (run.awaitingHuman && isCommand(input)) {
        await run.answer(input.resume, headConfig(config));
        next = { input: null, config };
      }
      let runId = config.runId;
      for (let segmentCount = 0; ; segmentCount += 1) {
        if (segmentCount > 0 && run.remainingMs() <= 0) {
          return await halted(run.stop("budget_time", `the time budget of ${options.budgets?.seconds} s is used up`));
        }
        const segment = run.openSegment(runId);
        runId = undefined;
        let outcome: Outcome | undefined;
        let error: unknown;
        try {
          outcome = yield* runner(next.input, segmentConfig(next.config, segment, recursionLimit), segment.handler);
        } catch (thrown) {
          error = thrown;
        } finally {
          run.closeSegment(segment);
        }
        const halt = run.takeHalt();
        // A stop decided as the graph ended (a bounded subgraph's, reported from its last node) still stops.
        if (outcome !== undefined && halt?.type !== "stop") {
          run.completed(outcome.interrupted);
          return { type: "completed", value: outcome.value };
        }
        if (halt === undefined && config.signal?.aborted) {
          run.failed();
          throw error;
        }
        if (halt?.type === "stop") return await halted(run.stop(halt.reason, halt.message, { node: halt.node }), error);

        let decision: Decision | undefined;
        let pausedBefore: string[] = [];
        let failure: NodeFailure | undefined;
        if (halt?.type === "intervene") {
          decision = halt.decision;
          pausedBefore = halt.pausedBefore;
        } else {
          if (run.mode === "observe") {
            run.failed();
            throw error;
          }
          if (isRecursionLimit(error)) {
            if (options.onRecursionLimit !== "throw") return await halted(run.stop("recursion_limit", (error as Error).message), error);
            run.stop("recursion_limit", (error as Error).message);
            throw error;
          }
          ({ failure, decision } = run.decideOnError(error));
        }
        if (decision === undefined) {
          run.failed();
          throw error;
        }
        const effect = await run.apply(decision, headConfig(next.config), pausedBefore);
        switch (effect.type) {
          case "resume":
            next = { input: effect.input, config: effect.config };
            continue;
          case "pause": {
            const report = run.pause(effect.question);
            return await halted(report, undefined, [
              { id: `boundary-ask-human-${decision.record.id}`, value: { type: "boundary_ask_human", question: effect.question, detections: report.detections } },
            ]);
          }
          case "rethrow":
            run.failed();
            throw error;
          case "stop":
            return await halted(
              run.stop(effect.reason ?? (failure === undefined ? "stuck" : "error"), effect.message, {
                node: failure?.node ?? pausedBefore[0],
                error: failure,
              }),
              error,
            );
        }
      }
    } finally {
      run.end();
    }
  }

  const throwIfAsked = (end: Extract<RunEnd, { type: "halted" }>, state: unknown) => {
    if (end.report.status === "stopped" && options.onStop === "throw") {
      throw new BoundaryStopError(end.report, { state, cause: end.cause });
    }
  };

  return new BoundedRunnable(graph, {
    async invoke(input: unknown, config?: RunnableConfig) {
      const run = runFor(input, config);
      try {
        const driving = drive(run, input, config ?? {}, invokeRunner);
        let step = await driving.next();
        while (!step.done) step = await driving.next();
        const end = step.value;
        if (end.type === "completed") return end.value;
        const result = withReport(end.state, end.report, end.interrupts);
        throwIfAsked(end, result);
        return result;
      } finally {
        afterRun(run, config);
      }
    },

    stream(input: unknown, config?: RunnableConfig & { streamMode?: unknown; subgraphs?: boolean; encoding?: unknown }) {
      const run = runFor(input, config);
      const { encoding, ...rest } = config ?? {};
      // An encoded stream is run unencoded, in the tuple shape LangGraph encodes, so that the
      // boundary can read it like any other; what comes out is encoded as LangGraph would.
      const encoded = encoding === "text/event-stream";
      const unencoded = encoded ? { ...rest, streamMode: modesOf(rest.streamMode, graph.streamMode) } : rest;
      async function* guarded() {
        try {
          const end = yield* drive(run, input, unencoded, streamRunner);
          if (end.type === "halted") {
            yield* boundaryChunks(unencoded.streamMode, graph.streamMode, unencoded.subgraphs === true, end.state, end.report, end.interrupts);
            throwIfAsked(end, withReport(end.state, end.report, end.interrupts));
          }
        } finally {
          afterRun(run, config);
        }
      }
      const chunks = encoded ? toEventStream(guarded(), unencoded.subgraphs === true) : guarded();
      return Promise.resolve(IterableReadableStream.fromAsyncGenerator<unknown>(chunks));
    },

    summary: () => latest?.summary() ?? idleSummary(),
  }) as unknown as BoundedGraph<G>;
}

/** Stream modes as a list, the caller's or else the graph's. */
function modesOf(asked: unknown, graphModes: string | string[] | undefined): unknown[] {
  const modes = asked ?? graphModes ?? "values";
  return Array.isArray(modes) ? modes : [modes];
}

function threadOf(config: RunnableConfig | undefined): string | undefined {
  const thread = config?.configurable?.thread_id;
  return thread === undefined || thread === null ? undefined : String(thread);
}

/** The thread's config pointing at its latest checkpoint (a rollback's fork included). */
function headConfig(config: RunnableConfig): RunnableConfig {
  if (config.configurable?.checkpoint_id === undefined) return config;
  const { checkpoint_id: _dropped, ...configurable } = config.configurable;
  return { ...config, configurable };
}

function segmentConfig(config: RunnableConfig, segment: Segment, recursionLimit: number | undefined): RunnableConfig {
  const signals = [segment.controller.signal, config.signal].filter((s): s is AbortSignal => s !== undefined);
  return {
    ...config,
    callbacks: withHandler(config.callbacks, segment.handler),
    signal: signals.length === 1 ? signals[0] : AbortSignal.any(signals),
    runId: segment.rootRunId,
    ...(config.recursionLimit === undefined && recursionLimit !== undefined ? { recursionLimit } : {}),
  };
}

function withHandler(callbacks: Callbacks | undefined, handler: BaseCallbackHandler): Callbacks {
  if (callbacks === undefined) return [handler];
  if (Array.isArray(callbacks)) return [...callbacks, handler];
  const manager = callbacks.copy();
  manager.addHandler(handler, true);
  return manager;
}

function isRecursionLimit(error: unknown): boolean {
  return error instanceof Error && (error.name === "GraphRecursionError" || (error as { lc_error_code?: string }).lc_error_code === "GRAPH_RECURSION_LIMIT");
}

function carriesInterrupt(chunk: unknown): boolean {
  const parts = Array.isArray(chunk) ? chunk : [chunk];
  return parts.some((part) => typeof part === "object" && part !== null && !Array.isArray(part) && "__interrupt__" in part);
}

/** The boundary of a bounded graph this one runs inside (as a node), found among the inherited callbacks. */
function parentBoundaryOf(callbacks: Callbacks | undefined): BoundaryGates | undefined {
  const handlers = callbacks === undefined ? [] : Array.isArray(callbacks) ? callbacks : callbacks.handlers;
  const found = handlers.find((handler): handler is BoundaryCallbackHandler => handler instanceof BoundaryCallbackHandler);
  return found?.boundary;
}

function nodeOf(config: RunnableConfig | undefined): string | undefined {
  const node = config?.metadata?.langgraph_node;
  return typeof node === "string" ? node : undefined;
}
