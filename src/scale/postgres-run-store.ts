import type pg from "pg";
import type { AttemptFile } from "../runs/attempt-file.js";
import type { RunMirror } from "../runs/run-mirror.js";
import { type RunMeta, runMetaSchema } from "../runs/run-meta.js";
import type { RunResult } from "../shared/run-result.js";
import { retryOnConnectionLoss } from "./connection-loss.js";

/** Everything stored of one run: what a run folder holds besides its checkpoints. */
export interface StoredRun {
  meta: RunMeta;
  attempts: AttemptFile[];
  events: Record<string, unknown>[];
  result?: RunResult;
}

/** The tables; `create ... if not exists` so that every worker may run it (under a lock). */
export const RUN_TABLES_SQL = `
create table if not exists mend_runs (
  run_id text primary key,
  meta jsonb not null,
  result jsonb,
  updated_at timestamptz not null default now()
);
create table if not exists mend_run_attempts (
  run_id text not null,
  n integer not null,
  body jsonb not null,
  primary key (run_id, n)
);
create table if not exists mend_run_events (
  id bigserial primary key,
  run_id text not null,
  body jsonb not null
);
create index if not exists mend_run_events_by_run on mend_run_events (run_id, id);
`;

/**
 * Run records in Postgres, as the run folder's mirror: one row per run (meta, result), one per
 * attempt, one per event. Writes are queued and stored one after the other in the order the
 * run made them; `flush()` waits for all of them, and the checkpointer calls it before every
 * checkpoint, so a stored checkpoint never refers to an attempt that is not stored. A write
 * that meets a restarting database is retried; one that still fails surfaces at the next flush.
 */
export class PostgresRunStore implements RunMirror {
  private tail: Promise<void> = Promise.resolve();
  private failure: unknown;

  constructor(private readonly pool: pg.Pool) {}

  meta(meta: RunMeta): void {
    this.enqueue(
      `insert into mend_runs (run_id, meta) values ($1, $2)
       on conflict (run_id) do update set meta = excluded.meta, updated_at = now()`,
      [meta.runId, JSON.stringify(meta)],
    );
  }

  attempt(runId: string, file: AttemptFile): void {
    this.enqueue(
      `insert into mend_run_attempts (run_id, n, body) values ($1, $2, $3)
       on conflict (run_id, n) do update set body = excluded.body`,
      [runId, file.record.n, JSON.stringify(file)],
    );
  }

  event(runId: string, line: Record<string, unknown>): void {
    this.enqueue(`insert into mend_run_events (run_id, body) values ($1, $2)`, [runId, JSON.stringify(line)]);
  }

  result(runId: string, result: RunResult): void {
    this.enqueue(`update mend_runs set result = $2, updated_at = now() where run_id = $1`, [runId, JSON.stringify(result)]);
  }

  /** Resolves once every record handed over so far is stored; throws the first write that failed. */
  async flush(): Promise<void> {
    await this.tail;
    if (this.failure !== undefined) {
      const failure = this.failure;
      this.failure = undefined;
      throw failure;
    }
  }

  /** The stored run, or undefined when no run has this id. */
  async load(runId: string): Promise<StoredRun | undefined> {
    await this.flush();
    const query = (text: string) => retryOnConnectionLoss(() => this.pool.query(text, [runId]));
    const run = await query(`select meta, result from mend_runs where run_id = $1`);
    if (run.rowCount === 0) return undefined;
    const attempts = await query(`select body from mend_run_attempts where run_id = $1 order by n`);
    const events = await query(`select body from mend_run_events where run_id = $1 order by id`);
    return {
      meta: runMetaSchema.parse(run.rows[0].meta),
      attempts: attempts.rows.map((row: { body: AttemptFile }) => row.body),
      events: events.rows.map((row: { body: Record<string, unknown> }) => row.body),
      ...(run.rows[0].result ? { result: run.rows[0].result as RunResult } : {}),
    };
  }

  private enqueue(text: string, values: unknown[]): void {
    this.tail = this.tail.then(async () => {
      if (this.failure !== undefined) return;
      try {
        await retryOnConnectionLoss(() => this.pool.query(text, values));
      } catch (error) {
        this.failure = error;
      }
    });
  }
}
