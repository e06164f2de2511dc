import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import type { BaseCheckpointSaver } from "@langchain/langgraph";
import type { BoundaryMode } from "../boundary/boundary-options.js";
import { UsageError } from "../errors/usage-error.js";
import type { MemoryStore } from "../memory/memory-store.js";
import { RunMemory } from "../memory/run-memory.js";
import { chooseTests } from "../examples/choose-tests.js";
import { formatModelSpec, parseModelSpec } from "../models/model-spec.js";
import { loadPriceOverrides } from "../models/pricing.js";
import { createRunId } from "../runs/create-run-id.js";
import type { RunEvent } from "../runs/run-event.js";
import { RunFolder } from "../runs/run-folder.js";
import type { RunMeta } from "../runs/run-meta.js";
import type { RunMirror } from "../runs/run-mirror.js";
import { createSandbox } from "../sandbox/create-sandbox.js";
import type { RunResult } from "../shared/run-result.js";
import type { Sandbox } from "../shared/sandbox.js";
import type { Task } from "../shared/task.js";
import { localizeFaults } from "../repair/localize-faults.js";
import { DEFAULT_OFFLINE_BUDGET_MS } from "../repair/offline-budget.js";
import { repairOffline } from "../repair/repair-offline.js";
import { validate } from "../validation/validate.js";
import type { FaultLocalizer, ModelClient, Repairer, Validator } from "./collaborators.js";
import { createModelClient } from "./model-client.js";
import { ESTIMATED_OUTPUT_TOKENS, gateModelClient, type ModelGate } from "./model-gate.js";
import { runSession, type SessionSetup } from "./run-session.js";

/** Options of `createAgent`; every one has a default that suits the CLI. */
export interface AgentOptions {
  /**
   * A LangChain chat model, or a model spec (`openai:gpt-4o-mini`, `offline`, ...).
   * Default: the `MEND_MODEL` environment variable, else `offline`.
   */
  model?: BaseChatModel | string;
  /** Base URL of an OpenAI-compatible server, for `openai:` specs. */
  baseUrl?: string;
  /** Default: `createSandbox()`, closed by `close()`. */
  sandbox?: Sandbox;
  /** Default: the layered `validate`. */
  validator?: Validator;
  /** The offline repair engine tried first on a failing program. Default `repairOffline`; `null` turns it off. */
  repairer?: Repairer | null;
  /** Fault localization for the model's repair prompt. Default `localizeFaults`; `null` turns it off. */
  localizer?: FaultLocalizer | null;
  /**
   * One code review after success: `{ model?, fix? }` (model default: the run's model; `fix`
   * allows one repair round for high-severity findings). Default: no review. On `resume`,
   * `false` turns a run's review off and an object changes what it names; absent, the run keeps its own.
   */
  review?: false | { model?: BaseChatModel | string; fix?: boolean };
  /**
   * With a model, a Python task without tests of its own gets tests the model writes from the
   * requirement and the examples (never from a program), vetted on stubs. `"always"` writes them
   * beside the task's own tests too (which are never changed); `false` never. Default true.
   */
  generateTests?: boolean | "always";
  /** Default: one SQLite database per run, `<runDir>/checkpoints.sqlite`. */
  checkpointer?: BaseCheckpointSaver;
  /** Where run folders go. Default `.mend/runs`. */
  runsDir?: string;
  /** A second home for every run record (meta, attempts, events, result), e.g. Postgres for scale-out. */
  mirror?: RunMirror;
  /** Asked before every model call: a budget shared with other runs (the workers of a queued eval). */
  modelGate?: ModelGate;
  /** Attempts (validated programs) before giving up. Default 5. */
  maxAttempts?: number;
  budget?: { tokens?: number; usd?: number; seconds?: number };
  /** Pause for a person's approval (LangGraph `interrupt()`) before finishing. */
  approve?: boolean;
  /** Time the offline engine may search per failing program. Default 10 s (`DEFAULT_OFFLINE_BUDGET_MS`). */
  offlineBudgetMs?: number;
  /**
   * Bounds the offline engine by candidates run instead of wall-clock time, so that what it
   * finds does not depend on the machine's speed (tests, reproducible runs); the time budget
   * then only backstops a hang (10 minutes unless `offlineBudgetMs` says otherwise).
   * Default: `MEND_OFFLINE_MAX_CANDIDATES` when set, else the time budget alone.
   */
  offlineMaxCandidates?: number;
  /**
   * The error boundary around the loop: `enforce` (default) stops at budgets before spending and
   * on a stuck loop (switching strategy on the first detection); `observe` only reports; `off`.
   */
  boundary?: BoundaryMode;
  /** Every run event, as it happens (also written to the run's `events.jsonl`). */
  onEvent?: (event: RunEvent) => void;
  /**
   * The error -> fix memory (`openMemoryStore(location)`): fixes of similar failures are recalled
   * before each repair, and a verified fix is recorded. Its location is saved with the run.
   * Default: none. `false` is none as well, and on resume drops the run's own for the rest of
   * it. The caller closes it.
   */
  memory?: MemoryStore | false;
  /** Environment for model settings and API keys. Default `process.env`. */
  env?: NodeJS.ProcessEnv;
}

export interface RunOptions {
  /** Write the verified code to this file when the run passes (after approval, with `approve`). */
  writeTo?: string;
  /** Recorded in the run folder; `repair` for a draft-repair job. Default `run`. */
  command?: "run" | "repair";
  /** The run's id, when the caller chose it (a queued job, so a retry finds the run). Default: a new one. */
  runId?: string;
  signal?: AbortSignal;
  onEvent?: (event: RunEvent) => void;
}

export interface ResumeOptions {
  /** The answer to a pending approval: `true` approves, `false` rejects. */
  approve?: boolean;
  /** Raise (or lower) the attempt cap for the rest of the run. */
  maxAttempts?: number;
  signal?: AbortSignal;
  onEvent?: (event: RunEvent) => void;
}

/** The self-correcting loop, ready to run tasks. */
export interface Agent {
  /** Runs a task until verified or stopped; resolves with the SPEC run result. */
  run(task: Task, options?: RunOptions): Promise<RunResult>;
  /** Continues a stopped, interrupted or crashed run (by id or folder) from its last checkpoint. */
  resume(runId: string, options?: ResumeOptions): Promise<RunResult>;
  /** `run` as a stream of run events; the generator's return value is the result. */
  stream(task: Task, options?: RunOptions): AsyncGenerator<RunEvent, RunResult>;
  /** Releases the sandbox it created. */
  close(): Promise<void>;
}

export const DEFAULT_MAX_ATTEMPTS = 5;
/** With a candidate limit, the time budget only catches a search that never ends. */
const OFFLINE_BACKSTOP_MS = 600_000;

/** Creates the agent: `import { createAgent } from "mendloop"`. */
export function createAgent(options: AgentOptions = {}): Agent {
  const env = options.env ?? process.env;
  const runsDir = options.runsDir ?? ".mend/runs";
  const offlineMaxCandidates =
    options.offlineMaxCandidates !== undefined
      ? positive(options.offlineMaxCandidates, "offline max candidates")
      : candidateLimitFrom(env.MEND_OFFLINE_MAX_CANDIDATES);
  let sandbox: Sandbox | undefined = options.sandbox;
  const ownsSandbox = options.sandbox === undefined;
  const sandboxOf = () => (sandbox ??= createSandbox());

  const setup = async (
    folder: RunFolder,
    meta: RunMeta,
    model: ModelClient | null,
    mode: SessionSetup["mode"],
    extra: { signal?: AbortSignal; onEvent?: (event: RunEvent) => void },
  ): Promise<RunResult> => {
    const reviewer = await resolveReviewer(meta, model);
    return runSession({
      folder,
      meta,
      model: model && options.modelGate ? gateModelClient(model, options.modelGate, loadPriceOverrides(env)) : model,
      validator: options.validator ?? validate,
      // A run started without the offline engine or with another boundary mode keeps them on resume, unless told otherwise.
      repairer: options.repairer !== undefined ? options.repairer : meta.offlineRepair === false ? null : repairOffline,
      localizer: options.localizer === undefined ? localizeFaults : options.localizer,
      review: reviewer,
      sandbox: sandboxOf(),
      ...(options.checkpointer ? { checkpointer: options.checkpointer } : {}),
      offlineBudgetMs:
        options.offlineBudgetMs ??
        (offlineMaxCandidates !== undefined ? OFFLINE_BACKSTOP_MS : DEFAULT_OFFLINE_BUDGET_MS),
      ...(offlineMaxCandidates !== undefined ? { offlineMaxCandidates } : {}),
      boundary: options.boundary ?? meta.boundary ?? "enforce",
      prices: loadPriceOverrides(env),
      onEvent: (event) => {
        options.onEvent?.(event);
        extra.onEvent?.(event);
      },
      ...(extra.signal ? { signal: extra.signal } : {}),
      ...(options.memory ? { memory: new RunMemory(options.memory, meta.task, meta.model) } : {}),
      mode,
    });
  };

  // The review model: the one passed in code, else the spec saved in the run folder, else the run's model.
  const resolveReviewer = async (meta: RunMeta, model: ModelClient | null): Promise<SessionSetup["review"]> => {
    if (!meta.review) return null;
    const given = typeof options.review === "object" ? options.review.model : undefined;
    const spec = given ?? meta.review.model;
    const client = spec === undefined ? model : (await resolveModel(spec, options.baseUrl ?? meta.baseUrl, env, outputCap(meta.budget))).client;
    return client ? { model: client, fix: meta.review.fix } : null;
  };

  /**
   * The output cap of every model call under a token or USD budget (the run's, or the shared one
   * behind `modelGate`): what the reservation before each call assumes, so that a reply cannot
   * outgrow it and take the spending past the cap. Without a budget the provider's own limit holds.
   */
  const outputCap = (budget: AgentOptions["budget"]): number | undefined =>
    options.modelGate !== undefined || budget?.tokens !== undefined || budget?.usd !== undefined ? ESTIMATED_OUTPUT_TOKENS : undefined;

  const agent: Agent = {
    async run(task, runOptions = {}) {
      const { client, label } = await resolveModel(options.model ?? env.MEND_MODEL, options.baseUrl, env, outputCap(options.budget));
      const runId = runOptions.runId ?? createRunId();
      // Without tests of its own, the task is verified by its examples: chosen once, saved for resume.
      const chosen = chooseTests(task);
      const meta: RunMeta = {
        schemaVersion: 1,
        runId,
        createdAt: new Date().toISOString(),
        command: runOptions.command ?? "run",
        task: chosen.task,
        verification: {
          by: chosen.by,
          examples:
            chosen.by === "examples"
              ? chosen.examples.map(({ name, origin, file, line, code }) => ({ name, origin, file, line, code }))
              : [],
        },
        model: label,
        ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
        maxAttempts: positive(options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS, "max attempts"),
        budget: options.budget ?? {},
        approve: options.approve ?? false,
        ...(options.repairer === null ? { offlineRepair: false as const } : {}),
        ...(options.generateTests === false || options.generateTests === "always" ? { generateTests: options.generateTests } : {}),
        ...(options.boundary === "off" || options.boundary === "observe" ? { boundary: options.boundary } : {}),
        ...(runOptions.writeTo ? { writeTo: runOptions.writeTo } : {}),
        ...(options.review ? { review: reviewMeta(options.review) } : {}),
        ...(options.memory ? { memory: options.memory.location } : {}),
        elapsedMs: 0,
      };
      const folder = RunFolder.create(runsDir, meta, options.mirror);
      return setup(folder, meta, client, { kind: "start" }, runOptions);
    },

    async resume(runId, resumeOptions = {}) {
      const folder = RunFolder.open(runsDir, runId, options.mirror);
      const meta = folder.readMeta();
      if (resumeOptions.maxAttempts !== undefined) meta.maxAttempts = positive(resumeOptions.maxAttempts, "max attempts");
      // The review switches given now hold for the rest of the run; what is not given stays as the run had it.
      if (options.review === false) delete meta.review;
      else if (options.review) meta.review = reviewMeta(options.review, meta.review);
      // So is a memory given now (or none): the run's own otherwise, which the caller opens.
      if (options.memory === false) delete meta.memory;
      else if (options.memory) meta.memory = options.memory.location;
      const given = options.model ?? (meta.model.startsWith("custom:") ? undefined : meta.model);
      if (given === undefined) {
        throw new UsageError(`run ${meta.runId} used a model passed in code (${meta.model}): pass it to createAgent again`, {
          code: "model_missing",
        });
      }
      const { client } = await resolveModel(given, options.baseUrl ?? meta.baseUrl, env, outputCap(meta.budget));
      const mode: SessionSetup["mode"] = {
        kind: "resume",
        ...(resumeOptions.approve !== undefined ? { approve: resumeOptions.approve } : {}),
      };
      return setup(folder, meta, client, mode, resumeOptions);
    },

    async *stream(task, runOptions = {}) {
      const queue: RunEvent[] = [];
      let wake: (() => void) | undefined;
      let settled = false;
      const running = agent
        .run(task, {
          ...runOptions,
          onEvent: (event) => {
            runOptions.onEvent?.(event);
            queue.push(event);
            wake?.();
          },
        })
        .finally(() => {
          settled = true;
          wake?.();
        });
      // Handled here so a failure is not reported as unhandled while events are drained;
      // it is still thrown by the `await` below.
      running.catch(() => undefined);
      for (;;) {
        while (queue.length > 0) yield queue.shift() as RunEvent;
        if (settled) break;
        await new Promise<void>((resolve) => (wake = resolve));
        wake = undefined;
      }
      return await running;
    },

    async close() {
      if (ownsSandbox && sandbox) await sandbox.close();
      sandbox = undefined;
    },
  };
  return agent;
}

/** The client of a model spec (or of a chat model passed in code, used as it was built), its output capped at `maxOutputTokens` when given. */
async function resolveModel(
  model: BaseChatModel | string | undefined,
  baseUrl: string | undefined,
  env: NodeJS.ProcessEnv,
  maxOutputTokens: number | undefined,
): Promise<{ client: ModelClient | null; label: string }> {
  const prices = loadPriceOverrides(env);
  if (typeof model === "object") {
    const label = `custom:${model._llmType()}`;
    return { client: createModelClient(model, label, prices), label };
  }
  const spec = parseModelSpec(model);
  const label = formatModelSpec(spec);
  if (spec.provider === "offline") return { client: null, label };
  // Loaded on demand: the provider clients take a while to import and offline runs need none.
  const { createChatModel } = await import("../models/create-chat-model.js");
  const chat = await createChatModel(spec, { ...(baseUrl ? { baseUrl } : {}), ...(maxOutputTokens !== undefined ? { maxOutputTokens } : {}), env });
  return { client: chat ? createModelClient(chat, label, prices) : null, label };
}

/** `MEND_OFFLINE_MAX_CANDIDATES`, when set: a whole number of at least 1. */
function candidateLimitFrom(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === "") return undefined;
  return positive(Number(value), "MEND_OFFLINE_MAX_CANDIDATES");
}

function positive(value: number, what: string): number {
  if (!Number.isInteger(value) || value < 1) throw new UsageError(`${what} must be a whole number of at least 1, got ${value}`);
  return value;
}

/** The review settings to save: those given, else the run's saved ones (on resume), else the defaults. */
function reviewMeta(review: { model?: BaseChatModel | string; fix?: boolean }, saved?: RunMeta["review"]): NonNullable<RunMeta["review"]> {
  const given = review.model === undefined ? undefined : typeof review.model === "string" ? formatModelSpec(parseModelSpec(review.model)) : `custom:${review.model._llmType()}`;
  const model = given ?? saved?.model;
  return { ...(model !== undefined ? { model } : {}), fix: review.fix ?? saved?.fix ?? false };
}
