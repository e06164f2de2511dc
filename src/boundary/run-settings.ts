import { costOf, priceOf } from "../models/pricing.js";
import { adaptThresholds, loadOutcomes, type AdaptiveAdjustment } from "./adaptive-thresholds.js";
import type { BoundableGraph } from "./boundable-graph.js";
import type { BoundaryOptions } from "./boundary-options.js";
import type { RunSettings } from "./boundary-run.js";
import { isVolatileKey } from "./canonical-hash.js";
import { DEFAULT_THRESHOLDS } from "./detection-thresholds.js";
import { defaultHandlers } from "./intervention-handlers.js";
import { watchPolicy } from "./intervention-policy.js";

const DEFAULT_NOTE_KEY = "boundaryNote";
const DEFAULT_MESSAGES_KEY = "messages";

/** A problem with the options found while resolving them; reported as a fault of the run. */
export interface SettingsProblem {
  where: string;
  error: unknown;
  /** The part that goes without (see `BoundaryFault.disabled`). */
  disabled: string;
}

/**
 * Options with their defaults filled in for one run, thresholds adapted from the store
 * when asked. Problems (an unreadable store, a note key the state lacks) do not fail the
 * run: they are returned to be reported.
 */
export function resolveRunSettings<S extends Record<string, any>>(
  graph: BoundableGraph,
  options: BoundaryOptions<S>,
  emit: RunSettings["emit"],
): { settings: RunSettings; problems: SettingsProblem[] } {
  const problems: SettingsProblem[] = [];
  let thresholds = { ...DEFAULT_THRESHOLDS, ...options.thresholds };
  let adaptive: AdaptiveAdjustment | undefined;
  if (options.adaptive !== undefined) {
    try {
      const outcomes = loadOutcomes(options.adaptive.storePath);
      const adapted = adaptThresholds(thresholds, outcomes);
      thresholds = adapted.thresholds;
      adaptive = { storePath: options.adaptive.storePath, basedOn: outcomes.length, changes: adapted.changes };
    } catch (error) {
      problems.push({ where: `adaptive store ${options.adaptive.storePath}`, error, disabled: "adaptive thresholds" });
    }
  }
  let noteKey = options.noteKey === null ? undefined : (options.noteKey ?? DEFAULT_NOTE_KEY);
  if (noteKey !== undefined && graph.channels !== undefined && !(noteKey in graph.channels)) {
    if (options.noteKey !== undefined) {
      problems.push({
        where: "noteKey",
        error: new Error(`the graph's state has no channel "${noteKey}": notes will not be written`),
        disabled: "notes",
      });
    }
    noteKey = undefined;
  }
  const prices = options.prices ?? {};
  const compress = options.compress as RunSettings["compress"];
  const messagesKey = typeof compress === "object" && compress.messagesKey !== undefined ? compress.messagesKey : DEFAULT_MESSAGES_KEY;
  const hasMessages = graph.channels === undefined || messagesKey in graph.channels;
  if (!hasMessages && typeof compress === "object" && compress.messagesKey !== undefined) {
    problems.push({
      where: "compress.messagesKey",
      error: new Error(`the graph's state has no channel "${messagesKey}": messages will not be compressed`),
      disabled: "compression",
    });
  }
  const { budgets = {} } = options;
  const settings: RunSettings = {
    mode: options.mode === "observe" ? "observe" : "enforce",
    budgets,
    warnAt: options.warnAt ?? 0.8,
    thresholds,
    ...(adaptive === undefined ? {} : { adaptive }),
    // The run hands extractors what the graph's nodes return: the graph's own state shape.
    signature: options.signature as RunSettings["signature"],
    errorSignature: options.errorSignature as RunSettings["errorSignature"],
    progress: options.progress as RunSettings["progress"],
    code: options.code as RunSettings["code"],
    ignoreKey: options.ignoreKey ?? isVolatileKey,
    policy: options.policy ?? watchPolicy,
    handlers: { ...defaultHandlers, ...options.handlers },
    noteKey,
    recoveryWindow: options.recoveryWindow ?? 4,
    price:
      options.price ??
      ((model, usage) => (model === undefined || priceOf(model, prices) === undefined ? undefined : costOf(model, usage, prices))),
    defaultMaxOutputTokens: options.defaultMaxOutputTokens ?? 1024,
    expectRepeats: options.expectRepeats ?? {},
    ...(options.embeddings === undefined ? {} : { embeddings: options.embeddings }),
    ...(compress === undefined ? {} : { compress }),
    ...(hasMessages ? { messagesKey } : {}),
    countMessageTokens:
      compress !== undefined || [budgets.tokens, budgets.usd, budgets.stateBytes, budgets.messages].some((limit) => limit !== undefined),
    emit,
  };
  return { settings, problems };
}
