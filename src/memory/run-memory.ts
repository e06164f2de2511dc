import type { Diagnosis } from "../diagnosis/diagnosis.js";
import { MemoryError } from "../errors/memory-error.js";
import type { PreferredEdit } from "../repair/prefer-edits.js";
import type { AttemptFile } from "../runs/attempt-file.js";
import type { RunEvent } from "../runs/run-event.js";
import type { RunResult } from "../shared/run-result.js";
import type { Task } from "../shared/task.js";
import type { MemoryEntry } from "./memory-entry.js";
import type { MemoryStore } from "./memory-store.js";
import { changedSpans, minimalDiff } from "./minimal-diff.js";

/** Remembered fixes shown to the model for one failure: a few, so the prompt stays about this program. */
const FOR_MODEL = 2;
/** Remembered fixes whose edits the offline engine tries first. */
const FOR_OFFLINE = 3;

/** What a run took from the memory and gave back (the SPEC `memory` field of the run JSON). */
export interface RunMemoryUse {
  used: string[];
  recorded?: string;
}

/**
 * The memory as one run session uses it: recalls fixes for each repair, remembers which
 * attempt they were recalled for, and once the run is verified records the fix that got it
 * there. A memory that fails under way is reported once and then left alone: the run never
 * fails because of it.
 */
export class RunMemory {
  /** Ids recalled, by attempt and by who used them (`3:offline`): only the maker of a verified attempt was helped. */
  private readonly usedFor = new Map<string, Set<string>>();
  private readonly offlineEdits = new Map<number, PreferredEdit[]>();
  private available = true;
  private finished: RunMemoryUse | undefined;

  constructor(
    private readonly store: MemoryStore,
    private readonly task: Pick<Task, "language" | "entry">,
    /** The run's model label, for fixes a model made. */
    private readonly model: string,
  ) {}

  /** Edits that fixed failures like this one, for the offline engine's search of `attempt`. */
  forOffline(diagnosis: Diagnosis, attempt: number, emit: (event: RunEvent) => void): PreferredEdit[] {
    return this.recall(diagnosis, attempt, FOR_OFFLINE, "offline", emit).flatMap((entry) => entry.edits);
  }

  /** Fixes of failures like this one, for the model's repair prompt of `attempt`. */
  forModel(diagnosis: Diagnosis, attempt: number, emit: (event: RunEvent) => void): MemoryEntry[] {
    return this.recall(diagnosis, attempt, FOR_MODEL, "model", emit);
  }

  /** The offline engine's edits for `attempt`: kept so that a verified fix records the operators that made it. */
  noteOfflineFix(attempt: number, edits: readonly { operator: PreferredEdit["operator"]; before: string; after: string }[]): void {
    this.offlineEdits.set(
      attempt,
      edits.map(({ operator, before, after }) => ({ ...(operator ? { operator } : {}), before, after })),
    );
  }

  /**
   * At the end of a session: a verified run records the change from its last failing attempt
   * to the verified one; fixes recalled for the verified attempt count as having helped.
   */
  finish(result: RunResult, attempts: readonly AttemptFile[], emit: (event: RunEvent) => void): RunMemoryUse {
    if (this.finished) return this.finished;
    const used = [...new Set([...this.usedFor.values()].flatMap((ids) => [...ids]))];
    const use: RunMemoryUse = { used };
    const passing = result.verified ? [...attempts].reverse().find((file) => file.check.passed && file.code === result.code) : undefined;
    const helped = new Set(passing ? (this.usedFor.get(`${passing.record.n}:${passing.record.source}`) ?? []) : []);
    const failing = passing ? attempts.find((file) => file.record.n === passing.record.n - 1) : undefined;
    if (this.available) {
      try {
        if (helped.size > 0) this.store.markHelped([...helped]);
        if (passing && failing && !failing.check.passed) use.recorded = this.store.record(this.fixOf(failing, passing));
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
    const offline = passing.record.source === "offline" ? this.offlineEdits.get(passing.record.n) : undefined;
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

  private recall(diagnosis: Diagnosis, attempt: number, limit: number, use: "offline" | "model", emit: (event: RunEvent) => void): MemoryEntry[] {
    if (!this.available) return [];
    let entries: MemoryEntry[];
    try {
      entries = this.store.recall(this.task.language, diagnosis, limit).map((ranked) => ranked.entry);
    } catch (error) {
      this.unavailable(error, emit);
      return [];
    }
    if (entries.length === 0) return [];
    const key = `${attempt}:${use}`;
    const ids = this.usedFor.get(key) ?? new Set<string>();
    for (const entry of entries) ids.add(entry.id);
    this.usedFor.set(key, ids);
    emit({ type: "memory_recalled", for: use, attempt, ids: entries.map((entry) => entry.id) });
    return entries;
  }

  private unavailable(error: unknown, emit: (event: RunEvent) => void): void {
    if (!MemoryError.isInstance(error)) throw error;
    this.available = false;
    emit({ type: "memory_unavailable", message: `${error.message}; going on without memory` });
  }
}

