import { randomUUID } from "node:crypto";
import type { LLMResult } from "@langchain/core/outputs";
import type { RunnableConfig } from "@langchain/core/runnables";
import { isCommand, isGraphBubbleUp } from "@langchain/langgraph";
import { ModelProviderError } from "../errors/index.js";
import { countTextTokens } from "../models/count-tokens.js";
import type { TokenUsage } from "../shared/attempt.js";
import type { AdaptiveAdjustment, OutcomeRecord } from "./adaptive-thresholds.js";
import { type BoundableGraph, hasCheckpointer } from "./boundable-graph.js";
import { BoundaryCallbackHandler, type BoundaryGates } from "./boundary-callback-handler.js";
import type { BoundaryEvent, BoundaryFault, DetectionWarningEvent, WarningEvent } from "./boundary-event.js";
import { type BoundaryNote, guidanceFor } from "./boundary-note.js";
import type { Extractor, ExtractorContext } from "./boundary-options.js";
import type { BoundaryReport, BoundaryStopReason } from "./boundary-report.js";
import { BoundarySignal } from "./boundary-signal.js";
import type { BoundaryRunStatus, BoundarySummary } from "./boundary-summary.js";
import { BudgetMeter } from "./budget-meter.js";
import type { Budgets } from "./budgets.js";
import { type Detection, GROWTH_KINDS } from "./detection.js";
import type { DetectionThresholds } from "./detection-thresholds.js";
import type { Decision, Halt } from "./halt.js";
import type { Intervention, InterventionKind, InterventionRecord, InterventionTrigger, NodeFailure } from "./intervention.js";
import type { InterventionEffect, InterventionHandler } from "./intervention-handlers.js";
import { type InterventionPolicy, toIntervention } from "./intervention-policy.js";
import { type CallEstimate, usageOfResult } from "./model-call.js";
import type { NodeObservation } from "./node-observation.js";
import { errorSignature } from "./normalize-error.js";
import { recordSpanEvent } from "./span-events.js";
import { GrowthMonitor } from "./growth-monitor.js";
import { type CompressOption, SUMMARY_NODE } from "./state-compression.js";
import { StuckDetector } from "./stuck-detector.js";
import { fingerprintOf } from "./update-fingerprint.js";

/** Options resolved for one run. */
export interface RunSettings {
  mode: "enforce" | "observe";
  budgets: Budgets;
  warnAt: number;
  thresholds: DetectionThresholds;
  adaptive?: AdaptiveAdjustment;
  signature?: Extractor<Record<string, unknown>, string>;
  errorSignature?: Extractor<Record<string, unknown>, string>;
  progress?: Extractor<Record<string, unknown>, number>;
  code?: Extractor<Record<string, unknown>, string>;
  ignoreKey: (key: string) => boolean;
  policy: InterventionPolicy;
  handlers: Record<InterventionKind, InterventionHandler>;
  /** Undefined when notes cannot or must not be written. */
  noteKey: string | undefined;
  recoveryWindow: number;
  price: (model: string | undefined, usage: TokenUsage) => number | undefined;
  defaultMaxOutputTokens: number;
  /** Repeats each node may make before its repeating counts as a loop. */
  expectRepeats: Record<string, number>;
  /** Embeds texts of updates for semantic similarity (a LangChain `Embeddings`). */
  embeddings?: { embedDocuments(texts: string[]): Promise<number[][]> };
  /** The `compress` option as given. */
  compress?: CompressOption;
  /** The state's messages channel, when it has one (or the graph does not say). */
  messagesKey?: string;
  /** Whether state measurements count the messages' tokens (see `StateSize.messageTokens`). */
  countMessageTokens: boolean;
  emit: (event: BoundaryEvent) => void;
}

/** One start of the graph (the run itself, or a resume after an intervention). */
export interface Segment {
  handler: BoundaryCallbackHandler;
  controller: AbortController;
  rootRunId: string;
}

interface NodeRun {
  node: string;
  superstep: number;
  index: number;
  input: unknown;
}

interface OpenCall {
  node?: string;
  estimate: CallEstimate;
}

interface OutcomeTracker {
  record: InterventionRecord;
  startStep: number;
  bestProgressBefore?: number;
}

/**
 * The boundary's view of one run of the graph, across the segments interventions split it
 * into: what it spent, what it saw, what it decided. The callback handler reports to it
 * (`BoundaryGates`); the wrapper's segment loop asks it what to do when a segment ends.
 */
export class BoundaryRun implements BoundaryGates {
  status: BoundaryRunStatus = "idle";
  report: BoundaryReport | undefined;
  /** Waiting for a person's answer (ask_human). */
  awaitingHuman = false;
  readonly meter: BudgetMeter;
  private detector: StuckDetector | undefined;
  /** Parts switched off after a fault of theirs (extractors, embeddings, interventions). */
  private readonly disabled = new Set<string>();
  private readonly detections: Detection[] = [];
  private readonly interventions: InterventionRecord[] = [];
  /** Observe mode: each detection as the `continue` it amounted to, tracked like an intervention. */
  private readonly observed: InterventionRecord[] = [];
  private readonly warnings: WarningEvent[] = [];
  private readonly errors: NodeFailure[] = [];
  private readonly faults: BoundaryFault[] = [];
  private readonly unpriced = new Set<string>();
  private readonly nodeRuns = new Map<string, NodeRun>();
  private readonly calls = new Map<string, OpenCall>();
  private readonly failedNodes = new WeakMap<object, NodeRun>();
  private readonly trackers: OutcomeTracker[] = [];
  private readonly growth: GrowthMonitor;
  private lastState: unknown;
  private superstep: number | undefined;
  private lastNode: string | undefined;
  private bestProgress: number | undefined;
  private halt: Halt | undefined;
  private pending: Decision | undefined;
  private segment: Segment | undefined;
  private retries = 0;
  private activeMs = 0;
  private activeSince: number | undefined;
  private timers: NodeJS.Timeout[] = [];
  private timeController = new AbortController();
  private parent: { gates: BoundaryGates; node: string | undefined } | undefined;

  constructor(
    private readonly graph: BoundableGraph,
    private readonly settings: RunSettings,
  ) {
    this.meter = new BudgetMeter(
      settings.budgets,
      settings.warnAt,
      () => this.elapsedMs(),
      (warning) => {
        this.warnings.push(warning);
        this.emit(warning);
      },
      settings.mode === "observe",
    );
    this.detector = new StuckDetector(settings.thresholds, {
      customSignature: settings.signature !== undefined,
      measuresProgress: settings.progress !== undefined,
      expectRepeats: settings.expectRepeats,
      onFault: (detector, error) => this.fault(detector, error, detector),
    });
    this.growth = new GrowthMonitor(settings.thresholds, settings.messagesKey, settings.countMessageTokens, settings.mode === "observe");
  }

  get mode(): "enforce" | "observe" {
    return this.settings.mode;
  }

  /** One call of invoke/stream begins: the clock and the time budget run. */
  begin(): void {
    this.status = "running";
    this.activeSince = Date.now();
    this.timeController = new AbortController();
    const { seconds } = this.settings.budgets;
    if (seconds === undefined) return;
    const left = seconds * 1000 - this.elapsedMs();
    const warnIn = this.settings.warnAt * seconds * 1000 - this.elapsedMs();
    if (warnIn > 0 && warnIn < left) this.timers.push(setTimeout(() => this.meter.checkWarnings(), warnIn).unref());
    this.timers.push(setTimeout(() => this.timeUp(), Math.max(0, left)).unref());
  }

  /** The call ends (completed, stopped, paused or failed). */
  end(): void {
    if (this.activeSince !== undefined) this.activeMs += Date.now() - this.activeSince;
    this.activeSince = undefined;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers = [];
  }

  elapsedMs(): number {
    return this.activeMs + (this.activeSince === undefined ? 0 : Date.now() - this.activeSince);
  }

  openSegment(runId?: string): Segment {
    const rootRunId = runId ?? randomUUID();
    const segment: Segment = {
      handler: new BoundaryCallbackHandler(this, rootRunId),
      controller: new AbortController(),
      rootRunId,
    };
    this.segment = segment;
    return segment;
  }

  closeSegment(segment: Segment): void {
    segment.handler.close();
    if (this.segment === segment) this.segment = undefined;
  }

  /** The halt raised during the last segment, if any; cleared. */
  takeHalt(): Halt | undefined {
    const halt = this.halt;
    this.halt = undefined;
    return halt;
  }

  // ---- gates, called by the callback handler ----

  nodeStart(runId: string, node: string, superstep: number, input: unknown): Halt | undefined {
    this.lastState = mergeState(this.lastState, input);
    this.superstep = superstep;
    if (this.settings.mode === "enforce") {
      if (this.halt !== undefined) return this.halt;
      if (this.pending !== undefined) {
        const decision = this.pending;
        this.pending = undefined;
        return this.decideHalt({ type: "intervene", decision, pausedBefore: [node] });
      }
      const verdict = this.meter.beforeNode(node);
      if (verdict !== undefined) return this.decideHalt({ type: "stop", reason: verdict.reason, message: verdict.message, node });
    }
    const grown = this.checkStateSize(node, superstep);
    if (grown !== undefined && this.settings.mode === "enforce") {
      const decision = this.decide({ type: "detection", detection: grown });
      if (decision !== undefined) return this.decideHalt({ type: "intervene", decision, pausedBefore: [node] });
    }
    this.meter.countNode(node);
    this.nodeRuns.set(runId, { node, superstep, index: this.meter.usage.steps, input });
    return undefined;
  }

  nodeEnd(runId: string, output: unknown): void | Promise<void> {
    const run = this.nodeRuns.get(runId);
    if (run === undefined) return;
    this.nodeRuns.delete(runId);
    this.lastNode = run.node;
    if (this.detector === undefined) return;
    const observation = this.observe(run, output);
    const { embeddings } = this.settings;
    const texts = observation.fingerprint?.texts ?? [];
    if (embeddings === undefined || this.disabled.has("embeddings") || texts.length === 0) return this.detect(observation);
    return embeddings.embedDocuments(texts).then(
      (vectors) => this.detect({ ...observation, vectors }),
      (error: unknown) => {
        this.fault("embeddings", error, "embeddings");
        this.detect(observation);
      },
    );
  }

  /** A detection made outside the node-update detectors (a slow leak): recorded, then decided on at the next node. */
  private found(detection: Detection): void {
    this.detections.push(detection);
    this.emit({ type: "detection", detection });
    if (this.settings.mode === "observe") this.watch(detection);
    else if (this.halt === undefined && this.pending === undefined) this.pending = this.decide({ type: "detection", detection });
  }

  private detect(observation: NodeObservation): void {
    if (this.detector === undefined) return;
    const found = this.detector.observe(observation);
    this.trackOutcomes(observation, found);
    for (const detection of found) {
      this.detections.push(detection);
      this.emit({ type: "detection", detection });
    }
    if (this.settings.mode === "observe") {
      for (const detection of found) this.watch(detection);
    } else if (found.length > 0 && this.halt === undefined && this.pending === undefined) {
      this.pending = this.decide({ type: "detection", detection: found[0] });
    }
  }

  nodeError(runId: string, error: unknown): void {
    const run = this.nodeRuns.get(runId);
    this.nodeRuns.delete(runId);
    if (run === undefined || error instanceof BoundarySignal || isGraphBubbleUp(error)) return;
    this.meter.countNodeError(run.node);
    if (typeof error === "object" && error !== null) this.failedNodes.set(error, run);
  }

  /**
   * Before a model call: whether the budgets allow it. Its output is estimated from its own
   * max tokens when it sets them, else from the mean output of this run's calls so far; a
   * call with neither (the first calls of a run) only needs its input to fit, so that a
   * small budget lets the run start, and overspends by at most those calls. The mean is
   * capped at `defaultMaxOutputTokens`.
   */
  modelStart(callId: string, node: string | undefined, estimate: CallEstimate): Halt | undefined {
    this.calls.set(callId, { node, estimate });
    if (this.settings.mode === "observe") return undefined;
    if (this.halt !== undefined) return this.halt;
    const { tokens: tokenBudget, usd } = this.settings.budgets;
    if (tokenBudget === undefined && usd === undefined) return undefined;
    const input = estimate.inputTokens();
    const mean = this.meter.meanOutputTokens();
    const output = estimate.maxOutputTokens ?? (mean === undefined ? 0 : Math.min(mean, this.settings.defaultMaxOutputTokens));
    const tokens = input + output;
    const worst = usd === undefined ? undefined : this.priceOf(estimate.model, { input, output });
    const verdict = this.meter.beforeCall(tokens, worst);
    if (verdict !== undefined) {
      this.calls.delete(callId);
      return this.decideHalt({ type: "stop", reason: verdict.reason, message: verdict.message, node });
    }
    this.meter.reserve(callId, tokens, worst);
    return undefined;
  }

  modelEnd(callId: string, output: LLMResult): void {
    const call = this.calls.get(callId);
    this.calls.delete(callId);
    this.meter.release(callId);
    if (call === undefined) return;
    let usage = usageOfResult(output);
    const estimated = usage === undefined;
    if (usage === undefined) {
      const text = (output.generations ?? []).flat().map((g) => g.text ?? "").join("");
      usage = { input: call.estimate.inputTokens(), output: countTextTokens(text, call.estimate.model) };
    }
    this.meter.recordCall(call.node, usage, this.priceOf(call.estimate.model, usage) ?? 0, estimated);
    // The summary a compression asks for is spending, not the conversation's own growth.
    if (call.node === SUMMARY_NODE) return;
    let leak: Detection | undefined;
    try {
      leak = this.growth.afterCall(
        { ...(call.node === undefined ? {} : { node: call.node }), step: this.meter.usage.steps, inputTokens: usage.input, estimated },
        this.superstep ?? -1,
        this.bestProgress,
        !this.disabled.has("slow-leak detector"),
      );
    } catch (error) {
      this.fault("slow-leak detector", error, "slow-leak detector");
    }
    if (leak !== undefined) this.found(leak);
  }

  /** The state's size before a superstep, against the state budgets: a detection when it passes one. */
  private checkStateSize(node: string, superstep: number): Detection | undefined {
    if (this.disabled.has("state measurement")) return undefined;
    let detection: Detection | undefined;
    try {
      detection = this.growth.beforeSuperstep(this.lastState, { node, superstep, step: this.meter.usage.steps }, (size) => this.meter.recordState(size));
    } catch (error) {
      this.fault("state measurement", error, "state measurement");
      return undefined;
    }
    if (detection === undefined) return undefined;
    this.detections.push(detection);
    this.emit({ type: "detection", detection });
    if (this.settings.mode === "observe") this.watch(detection);
    return detection;
  }

  modelError(callId: string): void {
    this.calls.delete(callId);
    this.meter.release(callId);
  }

  /**
   * Reports a fault of the boundary's own machinery or of a function it was given, and
   * switches off only `disabled`, the part that failed. Budgets are never switched off.
   */
  fault(where: string, error: unknown, disabled = "nothing"): void {
    const fault: BoundaryFault = { where, message: error instanceof Error ? error.message : String(error), disabled };
    // A gate failing on every call is one fault.
    if (this.faults.some((f) => f.where === fault.where && f.message === fault.message)) return;
    this.faults.push(fault);
    if (disabled !== "nothing") this.disabled.add(disabled);
    if (disabled === "stuck detection") this.detector = undefined;
    this.emit({ type: "fault", fault });
  }

  // ---- decisions, called by the segment loop ----

  /** A node error escaped the graph: what the policy says to do about it. */
  decideOnError(error: unknown): { failure: NodeFailure; decision: Decision | undefined } {
    const failure = this.failureOf(error);
    this.errors.push(failure);
    for (const tracker of this.openTrackers()) {
      this.resolve(tracker, "not_recovered", `${failure.node ?? "a node"} failed again: ${failure.message}`);
    }
    return { failure, decision: this.decide({ type: "error", error: failure }) };
  }

  /** Carries out a decision on the paused or failed run. */
  async apply(decision: Decision, config: RunnableConfig, pausedBefore: string[]): Promise<InterventionEffect> {
    const { record, intervention, trigger } = decision;
    const note: BoundaryNote = {
      intervention: intervention.kind,
      message: ("note" in intervention ? intervention.note : undefined) ?? guidanceFor(trigger),
      ...(trigger.type === "detection" ? { detection: trigger.detection.kind } : {}),
      step: this.meter.usage.steps,
    };
    const update: Record<string, unknown> = {
      ...(this.settings.noteKey === undefined ? {} : { [this.settings.noteKey]: note }),
      ...("update" in intervention ? intervention.update : undefined),
    };
    const checkpointed = hasCheckpointer(this.graph) && config.configurable?.thread_id !== undefined;
    let effect: InterventionEffect;
    try {
      effect = await this.settings.handlers[intervention.kind]({
        intervention,
        trigger,
        graph: this.graph,
        config,
        hasCheckpointer: checkpointed,
        state: this.lastState,
        step: this.meter.usage.steps,
        pausedBefore,
        lastNode: this.lastNode,
        update,
        note,
        retries: this.retries,
        remainingMs: this.remainingMs(),
        sleep: (ms) => this.sleep(ms),
        compression: {
          option: this.disabled.has("compression") ? undefined : this.settings.compress,
          messagesKey: this.settings.messagesKey,
          budgets: { stateBytes: this.settings.budgets.stateBytes, messages: this.settings.budgets.messages },
          measure: (state) => this.growth.measure(state),
          level: this.interventions.find((r) => r.compression?.method !== "function" && r.compression !== undefined)?.compression?.after.messageTokens,
          callbacks: [new BoundaryCallbackHandler(this, randomUUID())],
        },
      });
    } catch (error) {
      // A failed compression (a compress function that throws or returns no state) is its
      // own fault: the stuck detectors go on, the state budgets now stop the run.
      this.fault(`intervention ${intervention.kind}`, error, intervention.kind === "compress" ? "compression" : "stuck detection");
      effect = checkpointed
        ? { type: "resume", input: null, config, detail: "the intervention failed; the run goes on with budgets only" }
        : { type: "stop", reason: "error", message: `the ${intervention.kind} intervention failed: ${messageOf(error)}` };
    }
    this.settle(record, effect, intervention, update, note);
    return effect;
  }

  /** Records a stop and builds its report. */
  stop(reason: BoundaryStopReason, message: string, extra: { node?: string; error?: NodeFailure } = {}): BoundaryReport {
    const report = this.buildReport("stopped", reason, message, extra);
    this.status = "stopped";
    this.finish();
    this.emit({ type: "stop", report });
    return report;
  }

  /** Pauses for a person (ask_human). */
  pause(question: string): BoundaryReport {
    const report = { ...this.buildReport("paused", "ask_human", question, {}), question };
    this.report = report;
    this.status = "paused";
    this.awaitingHuman = true;
    this.emit({ type: "stop", report });
    return report;
  }

  /** The graph ran to its end (or to its own interrupt). */
  completed(interrupted: boolean): void {
    this.status = interrupted ? "interrupted" : "completed";
    if (this.pending !== undefined) {
      this.pending.record.detail = "the graph ended before it could be applied";
      this.pending.record.outcome = "unresolved";
      this.pending = undefined;
    }
    if (!interrupted) this.finish();
  }

  /** A node error went through to the caller. */
  failed(): void {
    this.status = "failed";
    this.finish();
  }

  /**
   * The caller answered an ask_human pause with `Command({ resume })`: a string becomes the
   * note, an object a state update. Returns the config to continue from.
   */
  async answer(resume: unknown, config: RunnableConfig): Promise<void> {
    this.awaitingHuman = false;
    this.report = undefined;
    let update: Record<string, unknown> | undefined;
    if (typeof resume === "string" && this.settings.noteKey !== undefined) {
      const note: BoundaryNote = { intervention: "ask_human", message: resume, step: this.meter.usage.steps };
      update = { [this.settings.noteKey]: note };
    } else if (typeof resume === "object" && resume !== null && !isCommand(resume)) {
      update = resume as Record<string, unknown>;
    }
    if (update !== undefined) await this.graph.updateState(config, update);
  }

  /** The state to hand back on a stop: the checkpointed one when there is one, else the last seen. */
  async finalState(config: RunnableConfig): Promise<unknown> {
    if (hasCheckpointer(this.graph) && config.configurable?.thread_id !== undefined) {
      try {
        return (await this.graph.getState(config)).values;
      } catch (error) {
        this.fault("reading the final state", error, "nothing");
      }
    }
    return this.lastState;
  }

  /**
   * Resolved outcomes of this run's interventions on detections (in observe mode, of its
   * detections, which changed nothing), for the adaptive store.
   */
  outcomes(): OutcomeRecord[] {
    const at = new Date().toISOString();
    const observed = this.settings.mode === "observe";
    return [...this.interventions, ...this.observed].flatMap((record) =>
      record.trigger.type === "detection" && (record.outcome === "recovered" || record.outcome === "not_recovered")
        ? [
            {
              detection: record.trigger.detection.kind,
              intervention: record.kind,
              recovered: record.outcome === "recovered",
              ...(observed ? { observed } : {}),
              at,
            },
          ]
        : [],
    );
  }

  summary(): BoundarySummary {
    const budgets = this.meter.statuses();
    return {
      mode: this.settings.mode,
      status: this.status,
      ...(this.report === undefined ? {} : { report: this.report }),
      steps: this.meter.usage.steps,
      nodes: Object.fromEntries([...this.meter.nodes].map(([node, stats]) => [node, { ...stats }])),
      usage: { ...this.meter.usage },
      budgets,
      warnings: [...this.warnings],
      detections: [...this.detections],
      interventions: this.interventions.map((record) => ({ ...record })),
      ...(this.settings.mode === "observe" ? { observed: this.observed.map((record) => ({ ...record })) } : {}),
      errors: [...this.errors],
      faults: [...this.faults],
      disabled: [...this.disabled],
      unpricedModels: [...this.unpriced],
      growth: this.growth.figures(),
      thresholds: { ...this.settings.thresholds },
      ...(this.settings.adaptive === undefined ? {} : { adaptive: this.settings.adaptive }),
    };
  }

  // ---- internals ----

  /**
   * What the detectors see of a node execution. Each extractor is called on its own: one
   * that throws is switched off (and said so), the others go on. Without a custom
   * `signature` the update's fingerprint is compared; without an `errorSignature` its
   * error-like values are the errors.
   */
  private observe(run: NodeRun, output: unknown): NodeObservation {
    const update = freshPart(updateOf(output), run.input);
    const context: ExtractorContext<Record<string, unknown>> = {
      node: run.node,
      step: run.index,
      superstep: run.superstep,
      state: (typeof run.input === "object" && run.input !== null ? run.input : {}) as Record<string, unknown>,
    };
    const { signature, errorSignature: errorOf, progress, code } = this.settings;
    const fingerprint =
      signature === undefined ? this.extract("signature", () => fingerprintOf(update, this.settings.ignoreKey)) : undefined;
    const observation: NodeObservation = {
      index: run.index,
      node: run.node,
      superstep: run.superstep,
      signature:
        signature === undefined ? fingerprint?.shape : this.extract("signature", () => stringOrUndefined(signature(update, context))),
      error: errorOf === undefined ? fingerprint?.error : this.extract("errorSignature", () => stringOrUndefined(errorOf(update, context))),
      progress: progress === undefined ? undefined : this.extract("progress", () => numberOrUndefined(progress(update, context))),
      code: code === undefined ? undefined : this.extract("code", () => stringOrUndefined(code(update, context))),
    };
    if (fingerprint !== undefined) observation.fingerprint = fingerprint;
    return observation;
  }

  /** Runs one function the boundary was given; a throw switches it off for the rest of the run. */
  private extract<T>(name: string, read: () => T | undefined): T | undefined {
    const part = name === "price" ? "price function" : `${name} extractor`;
    if (this.disabled.has(part)) return undefined;
    try {
      return read();
    } catch (error) {
      this.fault(name, error, part);
      return undefined;
    }
  }

  private decide(trigger: InterventionTrigger): Decision | undefined {
    let intervention: Intervention;
    try {
      intervention = toIntervention(
        this.settings.policy(trigger, {
          detections: this.detections,
          interventions: this.interventions,
          previousStuck: this.interventions.filter((r) => r.trigger.type === "detection" && !GROWTH_KINDS.has(r.trigger.detection.kind)).length,
          hasCheckpointer: hasCheckpointer(this.graph),
          canCompress:
            hasCheckpointer(this.graph) &&
            !this.disabled.has("compression") &&
            (typeof this.settings.compress === "function" || this.settings.messagesKey !== undefined),
        }),
      );
    } catch (error) {
      this.fault("policy", error, "nothing");
      intervention = { kind: "terminate" };
    }
    const record: InterventionRecord = {
      id: this.interventions.length + 1,
      kind: intervention.kind,
      trigger,
      at: this.meter.usage.steps,
      applied: false,
      detail: "decided, waiting for the next node to start",
      outcome: "pending",
    };
    this.interventions.push(record);
    if (intervention.kind === "continue" && trigger.type === "detection") {
      record.applied = true;
      const growth = GROWTH_KINDS.has(trigger.detection.kind);
      record.detail = growth
        ? "the run went on: the state cannot be compressed, and the growth coming back stops it under the default policy"
        : "the run went on, watched more closely: the pattern coming back stops it under the default policy";
      if (!growth) this.detector?.watchClosely();
      const warning: DetectionWarningEvent = {
        type: "warning",
        source: "detection",
        detection: trigger.detection,
        message: `${trigger.detection.explanation}; the run goes on${growth ? "" : ", watched more closely"}`,
      };
      this.warnings.push(warning);
      this.emit(warning);
      this.emit({ type: "intervention", intervention: { ...record } });
      this.track(record);
      return undefined;
    }
    return { record, intervention, trigger };
  }

  private settle(
    record: InterventionRecord,
    effect: InterventionEffect,
    intervention: Intervention,
    update: Record<string, unknown>,
    note: BoundaryNote,
  ): void {
    switch (effect.type) {
      case "resume":
        record.applied = true;
        record.detail = effect.detail;
        if (this.settings.noteKey !== undefined && this.settings.noteKey in update && intervention.kind !== "continue" && intervention.kind !== "retry") {
          record.note = note.message;
        }
        if (intervention.kind === "retry") this.retries += 1;
        if (effect.compression !== undefined) {
          record.compression = effect.compression;
          this.growth.compressed();
        }
        this.track(record);
        break;
      case "stop":
        record.applied = intervention.kind === "terminate";
        if (!record.applied) record.fallback = "terminate";
        record.detail = effect.message;
        record.outcome = "unresolved";
        break;
      case "pause":
        record.applied = true;
        record.detail = `paused for a person: ${effect.question}`;
        this.track(record);
        break;
      case "rethrow":
        record.applied = true;
        record.detail = "the error was passed to the caller";
        record.outcome = "unresolved";
        break;
    }
    this.emit({ type: "intervention", intervention: { ...record } });
  }

  /** Observe mode: a detection is tracked as the `continue` it was, so its outcome is learnt from. */
  private watch(detection: Detection): void {
    const record: InterventionRecord = {
      id: this.observed.length + 1,
      kind: "continue",
      trigger: { type: "detection", detection },
      at: this.meter.usage.steps,
      applied: false,
      detail: "observe mode: nothing was done, the run went on",
      outcome: "pending",
    };
    this.observed.push(record);
    this.track(record);
  }

  private track(record: InterventionRecord): void {
    this.trackers.push({ record, startStep: this.meter.usage.steps, bestProgressBefore: this.bestProgress });
  }

  private openTrackers(): OutcomeTracker[] {
    return this.trackers.filter((t) => t.record.outcome === "pending");
  }

  private trackOutcomes(observation: NodeObservation, found: Detection[]): void {
    const { progress } = observation;
    for (const tracker of this.openTrackers()) {
      const after = this.meter.usage.steps - tracker.startStep;
      const { trigger } = tracker.record;
      if (found.length > 0) {
        this.resolve(tracker, "not_recovered", `new detection (${found[0].kind}) ${after} node executions later`);
      } else if (progress !== undefined && tracker.bestProgressBefore !== undefined && progress > tracker.bestProgressBefore) {
        this.resolve(tracker, "recovered", `progress rose from ${tracker.bestProgressBefore} to ${progress}`);
      } else if (trigger.type === "error" && trigger.error.node === observation.node) {
        this.resolve(tracker, "recovered", `node "${observation.node}" ran through`);
      } else if (after >= this.settings.recoveryWindow && tracker.record.kind !== "continue") {
        // A continue changed nothing and its detector starts afresh: no quiet window clears
        // it, only progress, the run's end, or the next detection (see adaptThresholds).
        this.resolve(tracker, "recovered", `no new detection within ${this.settings.recoveryWindow} node executions`);
      }
    }
    if (progress !== undefined && (this.bestProgress === undefined || progress > this.bestProgress)) this.bestProgress = progress;
  }

  private resolve(tracker: OutcomeTracker, outcome: "recovered" | "not_recovered", detail: string): void {
    tracker.record.outcome = outcome;
    tracker.record.outcomeDetail = detail;
  }

  private finish(): void {
    for (const tracker of this.openTrackers()) {
      if (this.status === "completed") this.resolve(tracker, "recovered", "the run completed");
      else {
        tracker.record.outcome = "unresolved";
        tracker.record.outcomeDetail = `the run ended (${this.status}) before the outcome was known`;
      }
    }
  }

  private buildReport(
    status: "stopped" | "paused",
    reason: BoundaryStopReason,
    message: string,
    extra: { node?: string; error?: NodeFailure },
  ): BoundaryReport {
    const budgets = this.meter.statuses();
    const report: BoundaryReport = {
      status,
      reason,
      message,
      step: this.meter.usage.steps,
      ...(extra.node === undefined ? {} : { node: extra.node }),
      ...(this.superstep === undefined ? {} : { superstep: this.superstep }),
      usage: { ...this.meter.usage },
      budgets,
      detections: [...this.detections],
      ...(extra.error === undefined ? {} : { error: extra.error }),
      growth: this.growth.figures(),
    };
    this.report = report;
    return report;
  }

  private failureOf(error: unknown): NodeFailure {
    const cause = error instanceof AggregateError && error.errors.length > 0 ? error.errors[0] : error;
    const run = typeof cause === "object" && cause !== null ? this.failedNodes.get(cause) : undefined;
    const provider = providerErrorIn(cause);
    const failure: NodeFailure = {
      ...(run === undefined ? {} : { node: run.node, step: run.index }),
      name: cause instanceof Error ? cause.name : "Error",
      message: messageOf(provider ?? cause),
      signature: errorSignature(cause),
    };
    if (provider !== undefined) {
      failure.provider = provider.provider;
      if (provider.status !== undefined) failure.status = provider.status;
    }
    return failure;
  }

  private priceOf(model: string | undefined, usage: TokenUsage): number | undefined {
    // A price function that throws leaves calls unpriced, as for a model the table lacks.
    const price = this.extract("price", () => this.settings.price(model, usage));
    if (price === undefined) this.unpriced.add(model ?? "(unnamed model)");
    return price;
  }

  /** Aborts the current segment for a halt; the returned signal is thrown into the node or call. */
  raise(halt: Halt): BoundarySignal {
    const signal = this.signalOf(halt);
    this.segment?.controller.abort(signal);
    return signal;
  }

  private decideHalt(halt: Halt): Halt {
    this.halt = halt;
    return halt;
  }

  private signalOf(halt: Halt): BoundarySignal {
    return new BoundarySignal(
      halt.type === "stop"
        ? `mendloop boundary stops the run (${halt.reason}): ${halt.message}`
        : `mendloop boundary pauses the run for an intervention (${halt.decision.intervention.kind})`,
    );
  }

  private timeUp(): void {
    this.meter.checkWarnings();
    this.timeController.abort();
    if (this.settings.mode !== "enforce" || this.halt !== undefined) return;
    const verdict = this.meter.timeVerdict();
    const halt = this.decideHalt({
      type: "stop",
      reason: "budget_time",
      message: verdict?.message ?? `the time budget of ${this.settings.budgets.seconds} s is used up`,
      node: this.lastNode,
    });
    // As at the gates: one macrotask for emitted chunks to reach the reader, then abort.
    setImmediate(() => this.raise(halt));
  }

  remainingMs(): number {
    const { seconds } = this.settings.budgets;
    return seconds === undefined ? Infinity : seconds * 1000 - this.elapsedMs();
  }

  private sleep(ms: number): Promise<boolean> {
    const signal = this.timeController.signal;
    if (signal.aborted) return Promise.resolve(false);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        signal.removeEventListener("abort", onAbort);
        resolve(true);
      }, ms);
      const onAbort = () => {
        clearTimeout(timer);
        resolve(false);
      };
      signal.addEventListener("abort", onAbort, { once: true });
    });
  }

  private emit(event: BoundaryEvent): void {
    try {
      this.settings.emit(event);
    } catch (error) {
      // Reported without an event of its own: the listener is what failed.
      this.faults.push({ where: "onEvent", message: messageOf(error), disabled: "nothing" });
    }
    // A subgraph's events are recorded once, by the outermost run they reach.
    if (this.parent === undefined) {
      try {
        recordSpanEvent(event);
      } catch (error) {
        this.faults.push({ where: "OpenTelemetry span event", message: messageOf(error), disabled: "nothing" });
      }
    }
    this.parent?.gates.subgraphEvent(this.parent.node, event);
  }

  /** This run is a bounded subgraph of another bounded run: it reports its events there too. */
  reportTo(gates: BoundaryGates, node: string | undefined): void {
    this.parent = { gates, node };
  }

  /**
   * A bounded subgraph (node `node`) reported an event: it shows in this run's events and
   * summary, and a subgraph's stop stops this run too (one view of loops and budgets).
   */
  subgraphEvent(node: string | undefined, event: BoundaryEvent): void {
    const tagged = { ...event, subgraph: event.subgraph ?? node ?? "(subgraph)" };
    if (tagged.type === "detection") this.detections.push(tagged.detection);
    if (tagged.type === "warning") this.warnings.push(tagged);
    this.emit(tagged);
    if (tagged.type === "stop" && tagged.report.status === "stopped" && this.settings.mode === "enforce" && this.halt === undefined) {
      const { reason, message } = tagged.report;
      this.decideHalt({ type: "stop", reason, message: `the bounded subgraph "${tagged.subgraph}" stopped (${reason}): ${message}`, ...(node === undefined ? {} : { node }) });
    }
  }
}

/** A node's update as extractors see it: its return value, or a Command's `update`. */
function updateOf(output: unknown): Record<string, unknown> {
  if (isCommand(output)) {
    const update = output.update;
    if (Array.isArray(update)) return Object.fromEntries(update as [string, unknown][]);
    return typeof update === "object" && update !== null ? (update as Record<string, unknown>) : {};
  }
  return typeof output === "object" && output !== null ? (output as Record<string, unknown>) : { output };
}

/**
 * An update without what the node was handed already: a subgraph node (or a node returning
 * the whole message list) gives back the history with its new messages, and only the new
 * ones say what it did. Items are the same when identical or when they share an `id`.
 */
function freshPart(update: Record<string, unknown>, input: unknown): Record<string, unknown> {
  if (typeof input !== "object" || input === null) return update;
  const given = input as Record<string, unknown>;
  let result: Record<string, unknown> | undefined;
  for (const [key, value] of Object.entries(update)) {
    const before = given[key];
    if (!Array.isArray(value) || !Array.isArray(before) || before.length === 0) continue;
    const known = new Set<unknown>(before);
    const ids = new Set(before.map(idOf));
    ids.delete(undefined);
    const fresh = value.filter((item) => !known.has(item) && !ids.has(idOf(item)));
    if (fresh.length !== value.length) (result ??= { ...update })[key] = fresh;
  }
  return result ?? update;
}

function idOf(item: unknown): string | undefined {
  const id = typeof item === "object" && item !== null ? (item as { id?: unknown }).id : undefined;
  return typeof id === "string" && id !== "" ? id : undefined;
}

/** The state as nodes are handed it; nodes with an input schema see part of it, so parts merge. */
function mergeState(previous: unknown, input: unknown): unknown {
  const isRecord = (value: unknown): value is Record<string, unknown> =>
    typeof value === "object" && value !== null && !Array.isArray(value);
  return isRecord(previous) && isRecord(input) ? { ...previous, ...input } : input;
}

function providerErrorIn(error: unknown): ModelProviderError | undefined {
  for (let current = error, depth = 0; current !== undefined && current !== null && depth < 5; depth += 1) {
    if (ModelProviderError.isInstance(current)) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function stringOrUndefined(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}

function numberOrUndefined(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}
