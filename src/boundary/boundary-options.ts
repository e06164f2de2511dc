import type { Price } from "../models/pricing.js";
import type { TokenUsage } from "../shared/attempt.js";
import type { BoundaryEvent } from "./boundary-event.js";
import type { Budgets } from "./budgets.js";
import type { DetectionThresholds } from "./detection-thresholds.js";
import type { InterventionKind } from "./intervention.js";
import type { InterventionHandler } from "./intervention-handlers.js";
import type { InterventionPolicy } from "./intervention-policy.js";
import type { CompressOption } from "./state-compression.js";

/**
 * `enforce` (default) stops and intervenes. `observe` detects and reports (events, summary)
 * but the run behaves exactly as without the boundary, node errors and LangGraph's recursion
 * limit included: for rolling it out on an existing graph. `off` is a bypass.
 */
export type BoundaryMode = "enforce" | "observe" | "off";

/** Where an extractor's update came from. */
export interface ExtractorContext<S> {
  node: string;
  /** Node executions so far, this one included. */
  step: number;
  superstep: number;
  /** The state the node was given (the state before its update). */
  state: Partial<S>;
}

/**
 * Reads one figure from a node's update: the keys that node wrote, a partial state. Return
 * undefined when the update says nothing about it (another node's update). A function
 * written for the full state (`(s) => s.lastCheck?.signature`) works as is.
 */
export type Extractor<S, T> = (update: Partial<S>, context: ExtractorContext<S>) => T | undefined;

/**
 * Options of `withErrorBoundary`, checked when the boundary is made (`BoundaryOptionsError`).
 * Every field is optional: by default the boundary enforces the budgets given, detects loops
 * by comparing node updates with their volatile content (clocks, generated ids, counters)
 * normalized and their texts by similarity, takes error-like values (`error`, `lastError`,
 * a tool result with status `error`) as errors, warns at the first stuck detection and
 * stops with `stuck` at the next, and stops with `error` when a node error escapes the graph.
 *
 * How mendloop's agent uses it (a code-repair loop whose state has `code`, `lastCheck` and
 * `testsPassed`, and a `boundaryNote` channel its prompt nodes read):
 * ```ts
 * const guarded = withErrorBoundary(graph, {
 *   budgets: { tokens: flags.budgetTokens, usd: flags.budgetUsd, seconds: flags.budgetSeconds },
 *   errorSignature: (u) => u.lastCheck?.signature,    // same normalized error across attempts
 *   progress: (u) => u.lastCheck?.tests?.passed,      // tests passed must rise
 *   code: (u) => u.code ?? undefined,                  // near-identical rewrites
 *   noteKey: "boundaryNote",                           // where interventions write guidance
 *   // first stuck detection: switch strategy (the node reads boundaryNote / forceStrategy);
 *   // second: stop with reason `stuck`.
 *   policy: escalatingPolicy([{ kind: "modify_prompt", update: { forceStrategy: "fresh" } }, "terminate"]),
 * });
 * const final = await guarded.invoke(input, { configurable: { thread_id } });
 * if (final.boundary) mapReason(final.boundary.reason); // budget_tokens | budget_cost | budget_time | stuck | error
 * ```
 * A node learns of a strategy switch by reading the note (`state.boundaryNote`, a
 * `BoundaryNote`, declared with `boundaryNoteChannel()`) or the keys of the intervention's
 * `update`. Interventions that change the state (modify_prompt, alternative_path, rollback,
 * retry, ask_human, compress) need a checkpointer and a `thread_id`; without one they fall back to
 * terminate, and the record says so.
 *
 * Model calls are seen through LangChain callbacks: any model invoked inside a node (with
 * the node's config, or none: LangChain passes it on implicitly) is counted and gated, also
 * when the call is given `callbacks` of its own that replace the inherited ones (the handler
 * is registered through a LangChain configure hook scoped to the run).
 */
export interface BoundaryOptions<S extends Record<string, any> = Record<string, any>> {
  /** Default `enforce`. */
  mode?: BoundaryMode;
  budgets?: Budgets;
  /** Fraction of each budget at which a warning event is emitted. Default 0.8. */
  warnAt?: number;
  /** `return` (default): the last state with a `boundary` report; `throw`: a `BoundaryStopError`. */
  onStop?: "return" | "throw";
  /**
   * LangGraph's recursion limit reached: `return` (default) the last state with a
   * `recursion_limit` report; `throw` the `GraphRecursionError` itself, for code that catches it.
   */
  onRecursionLimit?: "return" | "throw";
  /** Every warning, detection, intervention, stop and fault as it happens. */
  onEvent?: (event: BoundaryEvent) => void;

  /**
   * State signature of a node execution, compared exactly. By default the node's update is
   * fingerprinted: its shape with volatile content normalized, its texts compared by similarity.
   */
  signature?: Extractor<S, string>;
  /**
   * Normalized error of an attempt; the same one `errorRepeats` times in a row is stuck.
   * By default the update's first error-like value, normalized.
   */
  errorSignature?: Extractor<S, string>;
  /** A figure that rises with progress (e.g. tests passed). */
  progress?: Extractor<S, number>;
  /** The code of an attempt, for near-identical rewrite detection. */
  code?: Extractor<S, string>;
  /** Keys left out of the default signature (ids, clocks, durations by default). */
  ignoreKey?: (key: string) => boolean;
  thresholds?: Partial<DetectionThresholds>;
  /**
   * Repeats a node may make before its repeating counts as a loop, e.g. `{ poll: 10 }` for a
   * node that polls a job: a loop made only of such nodes needs that many repeats.
   */
  expectRepeats?: Record<string, number>;
  /**
   * Any LangChain `Embeddings`: texts of node updates are then compared by the cosine of
   * their embeddings (`thresholds.semanticSimilarity`) instead of by characters, so that a
   * rephrasing in other words is still the same step. A failing model falls back to characters.
   */
  embeddings?: { embedDocuments(texts: string[]): Promise<number[][]> };
  /**
   * Tighten or relax thresholds, within fixed bounds, from the recorded outcomes of past
   * interventions kept in a JSON file (created when missing, updated at the end of each run).
   * Observe mode records its detections there too, as the `continue` they amounted to: a
   * graph watched in observe mode calibrates the thresholds it will be enforced with.
   */
  adaptive?: { storePath: string };

  /**
   * Maps detections and node errors to interventions. Default `watchPolicy`: a first stuck
   * detection gives a warning and a closer watch, the next one stops with `stuck`; a node
   * error stops with `error`.
   */
  policy?: InterventionPolicy;
  /** Replace how an intervention kind is carried out. */
  handlers?: Partial<Record<InterventionKind, InterventionHandler>>;
  /** State key interventions write their `BoundaryNote` to (default `boundaryNote`; null: never). */
  noteKey?: string | null;
  /**
   * Node executions after an intervention within which a new detection means it did not
   * help. Default 4. A `continue` (and a detection in observe mode) changed nothing, so no
   * window clears it: it counts as a false alarm only once progress rises or the run
   * completes, as confirmed when the next detection comes first.
   */
  recoveryWindow?: number;

  /** Price overrides by model-name prefix (USD per million tokens), over the built-in table. */
  prices?: Record<string, Price>;
  /** Custom pricing; undefined means "not priced" (the cost budget cannot count that call). */
  price?: (model: string | undefined, usage: TokenUsage) => number | undefined;
  /**
   * Before a model call, its output is estimated from its max tokens when it sets them, else
   * from the mean output of this run's calls so far, at most this many tokens. Default 1024.
   */
  defaultMaxOutputTokens?: number;

  /**
   * How the `compress` intervention shrinks a state that grows (a `state_size` or
   * `slow_leak` detection; the default policy compresses before it stops). For a state with
   * a messages channel (`MessagesAnnotation`), settings: `{ maxTokens, summarizeWith: model,
   * messagesKey }`; the default keeps the system messages and the newest half of the tokens.
   * For other states, a function returning the update that makes the state smaller. One
   * that throws or returns no state update is a fault of compression alone: it is switched
   * off, and the state budgets stop the run instead.
   */
  compress?: CompressOption<S>;
}
