import type { TokenUsage } from "../shared/attempt.js";
import type { BudgetWarningEvent } from "./boundary-event.js";
import type { BoundaryStopReason, BoundaryUsage, BudgetKind, BudgetStatus } from "./boundary-report.js";
import type { Budgets } from "./budgets.js";
import type { StateSize } from "./state-size.js";

/** What one node has done and spent in a run. */
export interface NodeStats {
  executions: number;
  errors: number;
  modelCalls: number;
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
}

/** A budget that does not allow the next step or call. */
export interface BudgetVerdict {
  reason: BoundaryStopReason;
  budget: BudgetKind;
  node?: string;
  message: string;
}

/** Tokens and dollars a started call may still spend; held until it ends. */
interface Reservation {
  tokens: number;
  costUsd: number;
}

/**
 * Counts what a run spends and says, before each node and each model call, whether a budget
 * still allows it. Calls in flight hold a reservation of their estimate, so parallel calls
 * cannot together pass a limit: a run overspends by at most the call it let through.
 */
export class BudgetMeter {
  readonly usage: BoundaryUsage = {
    steps: 0,
    modelCalls: 0,
    inputTokens: 0,
    outputTokens: 0,
    costUsd: 0,
    elapsedMs: 0,
    estimatedCalls: 0,
  };
  readonly nodes = new Map<string, NodeStats>();
  private readonly reservations = new Map<string, Reservation>();
  private readonly warned = new Set<string>();
  private readonly outputs = { calls: 0, tokens: 0 };
  /** The latest measured state size: what the state budgets are checked against. */
  private state: StateSize | undefined;

  constructor(
    private readonly budgets: Budgets,
    private readonly warnAt: number,
    private readonly elapsedMs: () => number,
    private readonly onWarning: (warning: BudgetWarningEvent) => void,
    /** Observe mode: nothing stops, so a passed limit is reported as a warning. */
    private readonly reportOverruns: boolean,
  ) {}

  /** Whether the node may run now: run steps, its own limit, time. */
  beforeNode(node: string): BudgetVerdict | undefined {
    const time = this.timeVerdict();
    if (time !== undefined) return time;
    const { steps } = this.budgets;
    if (steps !== undefined && this.usage.steps >= steps) {
      return { reason: "budget_steps", budget: "steps", message: `${this.usage.steps} node executions done, the step budget is ${steps}` };
    }
    const limit = this.budgets.nodes?.[node];
    const done = this.nodes.get(node)?.executions ?? 0;
    if (limit !== undefined && done >= limit) {
      return { reason: "node_limit", budget: "node", node, message: `node "${node}" ran ${done} times, its limit is ${limit}` };
    }
    return undefined;
  }

  /** Whether a model call estimated at `tokens` (input + output cap) and `costUsd` may start. */
  beforeCall(tokens: number, costUsd: number | undefined): BudgetVerdict | undefined {
    const time = this.timeVerdict();
    if (time !== undefined) return time;
    const reserved = [...this.reservations.values()];
    if (this.budgets.tokens !== undefined) {
      const committed = this.usage.inputTokens + this.usage.outputTokens + reserved.reduce((sum, r) => sum + r.tokens, 0);
      if (committed + tokens >= this.warnAt * this.budgets.tokens) {
        const share = Math.round((100 * (committed + tokens)) / this.budgets.tokens);
        this.warnAhead("tokens", `the next model call may take ${tokens} tokens, ${share}% of the token budget with what is spent`);
      }
      if (committed + tokens > this.budgets.tokens) {
        return {
          reason: "budget_tokens",
          budget: "tokens",
          message: `the next model call may take ${tokens} tokens (input estimate plus output cap) and ${Math.max(0, this.budgets.tokens - committed)} of ${this.budgets.tokens} are left`,
        };
      }
    }
    if (this.budgets.usd !== undefined && costUsd !== undefined) {
      const committed = this.usage.costUsd + reserved.reduce((sum, r) => sum + r.costUsd, 0);
      if (committed + costUsd >= this.warnAt * this.budgets.usd) {
        const share = Math.round((100 * (committed + costUsd)) / this.budgets.usd);
        this.warnAhead("cost", `the next model call may cost $${costUsd.toFixed(6)}, ${share}% of the cost budget with what is spent`);
      }
      if (committed + costUsd > this.budgets.usd) {
        return {
          reason: "budget_cost",
          budget: "cost",
          message: `the next model call may cost $${costUsd.toFixed(6)} and $${Math.max(0, this.budgets.usd - committed).toFixed(6)} of $${this.budgets.usd} are left`,
        };
      }
    }
    return undefined;
  }

  /** The time budget, checked on its own (timers and gates). */
  timeVerdict(): BudgetVerdict | undefined {
    const { seconds } = this.budgets;
    if (seconds === undefined) return undefined;
    const elapsed = this.elapsedMs();
    if (elapsed < seconds * 1000) return undefined;
    return { reason: "budget_time", budget: "time", message: `${(elapsed / 1000).toFixed(1)} s elapsed, the time budget is ${seconds} s` };
  }

  countNode(node: string): void {
    this.usage.steps += 1;
    this.stats(node).executions += 1;
    this.checkWarnings();
  }

  countNodeError(node: string): void {
    this.stats(node).errors += 1;
  }

  reserve(callId: string, tokens: number, costUsd: number | undefined): void {
    this.reservations.set(callId, { tokens, costUsd: costUsd ?? 0 });
  }

  release(callId: string): void {
    this.reservations.delete(callId);
  }

  recordCall(node: string | undefined, usage: TokenUsage, costUsd: number, estimated: boolean): void {
    this.usage.modelCalls += 1;
    this.usage.inputTokens += usage.input;
    this.usage.outputTokens += usage.output;
    this.usage.costUsd += costUsd;
    if (estimated) this.usage.estimatedCalls += 1;
    this.outputs.calls += 1;
    this.outputs.tokens += usage.output;
    if (node !== undefined) {
      const stats = this.stats(node);
      stats.modelCalls += 1;
      stats.inputTokens += usage.input;
      stats.outputTokens += usage.output;
      stats.costUsd += costUsd;
    }
    this.checkWarnings();
  }

  /** A state size was measured; warns as its budgets fill. Returns the state budget it passes, if any. */
  recordState(size: StateSize): { budget: "state_bytes" | "messages"; limit: number; used: number } | undefined {
    this.state = size;
    this.checkWarnings();
    const { stateBytes, messages } = this.budgets;
    if (stateBytes !== undefined && size.bytes > stateBytes) return { budget: "state_bytes", limit: stateBytes, used: size.bytes };
    if (messages !== undefined && size.messages > messages) return { budget: "messages", limit: messages, used: size.messages };
    return undefined;
  }

  /** Mean output tokens of this run's finished calls; undefined before the first. */
  meanOutputTokens(): number | undefined {
    return this.outputs.calls === 0 ? undefined : Math.ceil(this.outputs.tokens / this.outputs.calls);
  }

  /** Every budget against its use, elapsed time refreshed. */
  statuses(): BudgetStatus[] {
    this.usage.elapsedMs = this.elapsedMs();
    const statuses: BudgetStatus[] = [];
    const add = (kind: BudgetKind, limit: number | undefined, used: number, node?: string) => {
      if (limit !== undefined) statuses.push({ kind, ...(node === undefined ? {} : { node }), limit, used, fraction: limit > 0 ? used / limit : 1 });
    };
    add("steps", this.budgets.steps, this.usage.steps);
    add("tokens", this.budgets.tokens, this.usage.inputTokens + this.usage.outputTokens);
    add("cost", this.budgets.usd, this.usage.costUsd);
    add("time", this.budgets.seconds, this.usage.elapsedMs / 1000);
    add("state_bytes", this.budgets.stateBytes, this.state?.bytes ?? 0);
    add("messages", this.budgets.messages, this.state?.messages ?? 0);
    for (const [node, limit] of Object.entries(this.budgets.nodes ?? {})) add("node", limit, this.nodes.get(node)?.executions ?? 0, node);
    return statuses;
  }

  /** Emits a warning for each budget that passed the warning fraction (and, when observing, its limit). */
  checkWarnings(): void {
    for (const status of this.statuses()) {
      const key = `${status.kind}:${status.node ?? ""}`;
      if (status.fraction >= this.warnAt && !this.warned.has(key)) {
        this.warned.add(key);
        this.onWarning(warningOf(status, false));
      }
      if (this.reportOverruns && status.fraction >= 1 && !this.warned.has(`${key}:over`)) {
        this.warned.add(`${key}:over`);
        this.onWarning(warningOf(status, true));
      }
    }
  }

  /** Warns once per budget that the next call may pass the warning fraction, before it is made. */
  private warnAhead(kind: BudgetKind, ahead: string): void {
    const key = `${kind}:`;
    const status = this.statuses().find((s) => s.kind === kind);
    if (status === undefined || this.warned.has(key)) return;
    this.warned.add(key);
    this.onWarning(warningOf(status, false, ahead));
  }

  private stats(node: string): NodeStats {
    let stats = this.nodes.get(node);
    if (stats === undefined) {
      stats = { executions: 0, errors: 0, modelCalls: 0, inputTokens: 0, outputTokens: 0, costUsd: 0 };
      this.nodes.set(node, stats);
    }
    return stats;
  }
}

function warningOf(status: BudgetStatus, exceeded: boolean, ahead?: string): BudgetWarningEvent {
  const name = status.kind === "node" ? `node "${status.node}" limit` : `${status.kind.replace("_", " ")} budget`;
  const used = status.kind === "cost" ? `$${status.used.toFixed(6)}` : status.kind === "time" ? `${status.used.toFixed(1)} s` : String(status.used);
  return {
    type: "warning",
    source: "budget",
    budget: status.kind,
    ...(status.node === undefined ? {} : { node: status.node }),
    limit: status.limit,
    used: status.used,
    fraction: status.fraction,
    exceeded,
    message: exceeded
      ? `${name} passed: ${used} of ${status.limit} (observe mode, not stopped)`
      : ahead !== undefined
        ? `${ahead}: ${Math.round(status.fraction * 100)}% of the ${name} used so far (${used} of ${status.limit})`
        : `${Math.round(status.fraction * 100)}% of the ${name} used: ${used} of ${status.limit}`,
  };
}
