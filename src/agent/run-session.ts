import { type BaseCheckpointSaver, Command, type StateSnapshot } from "@langchain/langgraph";
import type { RunMemory } from "../memory/run-memory.js";
import type { ClosableCheckpointer } from "../runs/open-checkpointer.js";
import { openCheckpointer } from "../runs/open-checkpointer.js";
import type { RunCounters, RunEvent } from "../runs/run-event.js";
import type { RunFolder } from "../runs/run-folder.js";
import type { RunMeta } from "../runs/run-meta.js";
import type { BoundaryMode } from "../boundary/boundary-options.js";
import type { BoundaryReport } from "../boundary/boundary-report.js";
import type { Price } from "../models/pricing.js";
import type { RunResult, RunUsage } from "../shared/run-result.js";
import type { Sandbox } from "../shared/sandbox.js";
import type { AgentDeps } from "./agent-deps.js";
import { buildRunResult, type SessionEnd } from "./build-run-result.js";
import type { FaultLocalizer, ModelClient, Repairer, Validator } from "./collaborators.js";
import { buildAgentGraph } from "./graph.js";
import { guardAgentGraph, runReasonOf } from "./guard-graph.js";
import type { AgentStateValue, AgentUpdate } from "./state.js";

/** Everything one session of a run needs: a fresh start, or a resume of a saved run. */
export interface SessionSetup {
  folder: RunFolder;
  meta: RunMeta;
  model: ModelClient | null;
  validator: Validator;
  repairer: Repairer | null;
  localizer: FaultLocalizer | null;
  /** The code review after success; `null`: none. */
  review: { model: ModelClient; fix: boolean } | null;
  sandbox: Sandbox;
  /** A caller's checkpointer; without one the run folder's SQLite database is used. */
  checkpointer?: BaseCheckpointSaver;
  offlineBudgetMs: number;
  /** Most candidates the offline engine may run per failing attempt (its own default otherwise). */
  offlineMaxCandidates?: number;
  /** The error boundary's mode: `enforce` (default), `observe` or `off`. */
  boundary: BoundaryMode;
  prices: Record<string, Price>;
  onEvent?: (event: RunEvent) => void;
  signal?: AbortSignal;
  /** The error -> fix memory for this session; absent: none. */
  memory?: RunMemory;
  /** `start` a new run, or `resume` a saved one, answering a pending approval if given. */
  mode: { kind: "start" } | { kind: "resume"; approve?: boolean };
}

// An attempt takes at most three steps (produce with its analysis, validate with its diagnosis,
// offline repair), four when the boundary's note sends it to diagnose again; two more leave room
// for a repair asked again after edits that did not apply, and the boundary's re-runs.
const STEPS_PER_ATTEMPT = 6;

/**
 * Runs the graph from the start or from its last checkpoint until it finishes, pauses for
 * approval, is aborted or crashes; every step is checkpointed before the next begins
 * (durability `sync`), so a killed process resumes where it was. Returns the SPEC result.
 */
export async function runSession(setup: SessionSetup): Promise<RunResult> {
  const { folder, meta } = setup;
  const started = Date.now();
  const elapsedMs = () => meta.elapsedMs + (Date.now() - started);
  const emit = (event: RunEvent) => {
    folder.appendEvent(event);
    setup.onEvent?.(event);
  };
  const owned: ClosableCheckpointer | undefined = setup.checkpointer ? undefined : openCheckpointer(folder.checkpointPath);
  const checkpointer = setup.checkpointer ?? (owned as ClosableCheckpointer).saver;
  const verification = meta.verification ?? { by: meta.task.tests.length > 0 ? "tests" : "none", examples: [] };
  const deps: AgentDeps = {
    runId: meta.runId,
    task: meta.task,
    verifiedBy: verification.by,
    // Generated tests are written as pytest files, or node:test files in JavaScript for JavaScript and TypeScript tasks (#12).
    writeTests:
      setup.model !== null &&
      (meta.generateTests === "always" || (meta.generateTests !== false && verification.by !== "tests")),
    limits: {
      maxAttempts: meta.maxAttempts,
      budget: meta.budget,
      approve: meta.approve,
      ...(meta.writeTo ? { writeTo: meta.writeTo } : {}),
    },
    model: setup.model,
    validator: setup.validator,
    repairer: setup.repairer,
    localizer: setup.localizer,
    review: setup.review,
    sandbox: setup.sandbox,
    folder,
    emit,
    elapsedMs,
    offlineBudgetMs: setup.offlineBudgetMs,
    ...(setup.offlineMaxCandidates !== undefined ? { offlineMaxCandidates: setup.offlineMaxCandidates } : {}),
    ...(setup.signal ? { signal: setup.signal } : {}),
    ...(setup.memory ? { memory: setup.memory } : {}),
  };
  const graph = buildAgentGraph(deps, checkpointer);
  const config = { configurable: { thread_id: meta.runId } };
  try {
    const before = await graph.getState(config);
    const input = chooseInput(before, setup.mode);
    if (input === "finished") return await result(before, { kind: "finished" });
    if (input === "needs_answer") return await result(before, { kind: "awaiting_approval" });

    emit({
      type: "run_started",
      runId: meta.runId,
      runDir: folder.dir,
      resumed: setup.mode.kind === "resume",
      model: meta.model,
      language: meta.task.language,
    });
    emit({ type: "tests_chosen", by: verification.by, tests: meta.task.tests.length, examples: verification.examples });
    const counters = countersOf(before.values as Partial<AgentStateValue>);
    const guarded = guardAgentGraph(graph, {
      mode: setup.boundary,
      budget: remainingBudget(meta, counters),
      prices: setup.prices,
      emit,
    });
    let end: SessionEnd = { kind: "finished" };
    try {
      const stream = await guarded.stream(input as Parameters<typeof graph.stream>[0], {
        ...config,
        streamMode: "updates",
        durability: "sync",
        recursionLimit: STEPS_PER_ATTEMPT * meta.maxAttempts + 20,
        ...(setup.signal ? { signal: setup.signal } : {}),
      });
      let stepStarted = Date.now();
      for await (const chunk of stream) {
        for (const [node, update] of Object.entries(chunk as Record<string, unknown>)) {
          if (node === "__interrupt__") {
            end = { kind: "awaiting_approval" };
            emit({ type: "awaiting_approval", runId: meta.runId });
            continue;
          }
          if (node === "__boundary__") {
            const report = update as BoundaryReport;
            end = { kind: "stopped", reason: runReasonOf(report.reason), message: report.message };
            continue;
          }
          addToCounters(counters, update as AgentUpdate | undefined);
          emit({ type: "node_finished", node, durationMs: Date.now() - stepStarted, counters: { ...counters } });
        }
        stepStarted = Date.now();
      }
    } catch (error) {
      if (setup.signal?.aborted) {
        end = { kind: "interrupted", message: "interrupted; the last finished step is checkpointed" };
        emit({ type: "run_interrupted", why: "signal" });
      } else {
        const message = error instanceof Error ? error.message : String(error);
        end = { kind: "crashed", message: `the run stopped on an error: ${message}` };
        emit({ type: "run_interrupted", why: "crash", message });
      }
    }
    const after = await graph.getState(config);
    const run = await result(after, end);
    if (end.kind === "finished" || end.kind === "stopped") {
      emit({ type: "run_finished", status: run.status, reason: run.reason, attempts: run.attempts.length, durationMs: run.durationMs });
    }
    return run;
  } finally {
    meta.elapsedMs = elapsedMs();
    folder.writeMeta(meta);
    folder.close();
    owned?.close();
  }

  async function result(snapshot: StateSnapshot, end: SessionEnd): Promise<RunResult> {
    const run = buildRunResult(snapshot.values as AgentStateValue, folder, meta.task.language, elapsedMs(), end, deps);
    if (setup.memory) run.memory = await setup.memory.finish(run, folder.readAttempts(), emit);
    folder.writeResult(run);
    return run;
  }
}

type Input = AgentUpdate | null | Command | "finished" | "needs_answer";

function chooseInput(snapshot: StateSnapshot, mode: SessionSetup["mode"]): Input {
  if (mode.kind === "start" || snapshot.metadata === undefined) return {};
  const waiting = snapshot.tasks.some((task) => (task.interrupts?.length ?? 0) > 0);
  if (waiting) {
    return mode.approve === undefined ? "needs_answer" : new Command({ resume: { approved: mode.approve } });
  }
  return snapshot.next.length === 0 ? "finished" : null;
}

/** The run's budgets minus what earlier sessions spent, for this session's boundary. */
function remainingBudget(meta: RunMeta, spent: RunUsage): { tokens?: number; usd?: number; seconds?: number } {
  const { tokens, usd, seconds } = meta.budget;
  return {
    ...(tokens !== undefined ? { tokens: Math.max(0, tokens - spent.inputTokens - spent.outputTokens) } : {}),
    ...(usd !== undefined ? { usd: Math.max(0, usd - spent.costUsd) } : {}),
    ...(seconds !== undefined ? { seconds: Math.max(0, seconds - meta.elapsedMs / 1000) } : {}),
  };
}

function countersOf(state: Partial<AgentStateValue>): RunCounters {
  const usage = state.usage ?? { modelCalls: 0, inputTokens: 0, outputTokens: 0, costUsd: 0, executions: 0 };
  return { attempts: state.attempts ?? 0, ...usage };
}

function addToCounters(counters: RunCounters, update: AgentUpdate | undefined): void {
  if (!update) return;
  if (typeof update.attempts === "number") counters.attempts = update.attempts;
  const usage = update.usage as Partial<RunCounters> | undefined;
  if (!usage) return;
  counters.modelCalls += usage.modelCalls ?? 0;
  counters.inputTokens += usage.inputTokens ?? 0;
  counters.outputTokens += usage.outputTokens ?? 0;
  counters.costUsd += usage.costUsd ?? 0;
  counters.executions += usage.executions ?? 0;
}
