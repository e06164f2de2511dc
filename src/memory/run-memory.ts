import type { Diagnosis } from "../diagnosis/diagnosis.js";
import { MemoryError } from "../errors/memory-error.js";
import type { WeightedEdit } from "../repair/prefer-edits.js";
import type { AttemptFile } from "../runs/attempt-file.js";
import type { RunEvent } from "../runs/run-event.js";
import type { RunResult } from "../shared/run-result.js";
import type { Task } from "../shared/task.js";
import type { MemoryEntry } from "./memory-entry.js";
import type { MemoryStore } from "./memory-store.js";
import { offlineEdits } from "./offline-edits.js";
import type { RankedMemory } from "./rank-memories.js";
import { changedSpans, minimalDiff } from "./minimal-diff.js";

/** Remembered fixes shown to the model for one failure: a few, so the prompt stays about this program. */
const FOR_MODEL = 2;
/**
 * Remembered fixes whose edits the offline engine tries first (exported for bench:memory, which
 * recalls as a run does). More than the model gets: a failure's message rarely tells one kind of
 * bug from another (most are a failed assertion), so recall brings fixes of several kinds, and
 * the engine moves a mutation forward only as far as it is like one of them in operator, shape
 * and line (`preferEdits`): the program itself picks the kind. With 3, a bug whose kind was
 * not among them gained nothing and lost to those that were (bench:memory).
 */
export const FOR_OFFLINE = 10;

/** What a run took from the memory and gave back (the SPEC `memory` field of the run JSON). */
export interface RunMemoryUse {
  used: string[];
  recorded?: string;
}

/**
 * The memory as one run session uses it: recalls fixes for each repair (the attempt made with
 * them keeps their ids), and once the run has passed (verified, and approved when it asked)
 * records the fix that got it there, in whichever session that happens. A memory that fails
 * under way is reported once and then left alone: the run never fails because of it.
 */
export class RunMemory {
  /** Ids recalled in this session, whether or not an attempt came of them. */
  private readonly used = new Set<string>();
  private available = true;
  private finished: RunMemoryUse | undefined;

  constructor(
    private readonly store: MemoryStore,
    private readonly task: Pick<Task, "language" | "entry">,
    /** The run's model label, for fixes a model made. */
    private readonly model: string,
  ) {}

  /**
   * Fixes of failures like this one (their ids, and their edits for the offline engine to try
   * first for `attempt`, weighted by how alike each failure is: see `offlineEdits`).
   */
  async forOffline(diagnosis: Diagnosis, attempt: number, emit: (event: RunEvent) => void): Promise<{ ids: string[]; edits: WeightedEdit[] }> {
    const ranked = await this.recall(diagnosis, attempt, FOR_OFFLINE, "offline", emit);
    return { ids: ranked.map(({ entry }) => entry.id), edits: offlineEdits(ranked) };
  }

  /** Fixes of failures like this one, for the model's repair prompt of `attempt`. */
  async forModel(diagnosis: Diagnosis, attempt: number, emit: (event: RunEvent) => void): Promise<MemoryEntry[]> {
    return (await this.recall(diagnosis, attempt, FOR_MODEL, "model", emit)).map((ranked) => ranked.entry);
  }

  /**
   * At the end of a session: a run that passed records the change from its last failing attempt
   * to the passing one, and the fixes recalled for that attempt count as having helped. A run
   * waiting for approval records nothing yet (the session that approves it does), a rejected one
   * nothing at all: only fixes a person would keep are remembered.
   */
  async finish(result: RunResult, attempts: readonly AttemptFile[], emit: (event: RunEvent) => void): Promise<RunMemoryUse> {
    if (this.finished) return this.finished;
    const used = [...new Set([...attempts.flatMap((file) => file.recalled ?? []), ...this.used])];
    const use: RunMemoryUse = { used };
    const passing = result.status === "passed" ? [...attempts].reverse().find((file) => file.check.passed && file.code === result.code) : undefined;
    const helped = new Set(passing?.recalled ?? []);
    const failing = passing ? attempts.find((file) => file.record.n === passing.record.n - 1) : undefined;
    if (this.available) {
      try {
        if (helped.size > 0) await this.store.markHelped([...helped]);
        if (passing && failing && !failing.check.passed) use.recorded = await this.store.record(this.fixOf(failing, passing));
      } catch (error) {
        this.unavailable(error, emit);
      }
    }
    emit({
      type: "memory_summary",
      used: used.map((id) => ({ id, helped: helped.has(id) })),
      ...(use.recorded ? { recorded: use.recorded } : {}),
    });
    this.finished = use;
    return use;
  }

  private fixOf(failing: AttemptFile, passing: AttemptFile) {
    const diagnosis = failing.diagnosis;
    const offline = passing.record.source === "offline" ? passing.offline?.edits : undefined;
    const operators = [...new Set((offline ?? []).flatMap((edit) => (edit.operator ? [edit.operator] : [])))];
    return {
      language: this.task.language,
      signature: diagnosis?.signature ?? failing.check.signature ?? `${failing.check.errorType ?? "runtime"}|${failing.check.summary}|-`,
      errorType: diagnosis?.errorType ?? failing.check.errorType ?? "runtime",
      summary: diagnosis?.summary ?? failing.check.summary,
      diff: minimalDiff(this.task.entry, failing.code, passing.code),
      edits: offline ?? changedSpans(failing.code, passing.code),
      madeBy:
        passing.record.source === "offline" ? `offline${operators.length ? `:${operators.join("+")}` : ""}` : passing.record.source === "model" ? this.model : passing.record.source,
    };
  }

  private async recall(diagnosis: Diagnosis, attempt: number, limit: number, use: "offline" | "model", emit: (event: RunEvent) => void): Promise<RankedMemory[]> {
    if (!this.available) return [];
    let ranked: RankedMemory[];
    try {
      ranked = await this.store.recall(this.task.language, diagnosis, limit);
    } catch (error) {
      this.unavailable(error, emit);
      return [];
    }
    if (ranked.length === 0) return [];
    for (const { entry } of ranked) this.used.add(entry.id);
    emit({ type: "memory_recalled", for: use, attempt, ids: ranked.map(({ entry }) => entry.id) });
    return ranked;
  }

  private unavailable(error: unknown, emit: (event: RunEvent) => void): void {
    if (!MemoryError.isInstance(error)) throw error;
    this.available = false;
    emit({ type: "memory_unavailable", message: `${error.message}; going on without memory` });
  }
}
