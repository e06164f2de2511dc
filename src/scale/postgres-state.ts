import { PostgresSaver } from "@langchain/langgraph-checkpoint-postgres";
import pg from "pg";
import { UsageError } from "../errors/usage-error.js";
import { retryOnConnectionLoss } from "./connection-loss.js";
import { PostgresRunStore, RUN_TABLES_SQL } from "./postgres-run-store.js";
import { parseCheckpointsUrl, redactUrl } from "./service-url.js";

/** `--checkpoints postgres://...`: LangGraph checkpoints and run records in one database. */
export interface PostgresState {
  checkpointer: PostgresSaver;
  runs: PostgresRunStore;
  /** Stores what is queued, then closes the connections. */
  close(): Promise<void>;
}

// Any number constant to all mendloop processes: the lock that serializes creating the tables.
const SETUP_LOCK = 0x6d656e64;
const CONNECT_TIMEOUT_MS = 5_000;

/**
 * Opens the database behind `--checkpoints`, creating the checkpoint and run tables on first
 * use. A malformed URL or a database that cannot be reached is a usage error (one line, exit
 * 2) raised before any run starts.
 */
export async function openPostgresState(value: string): Promise<PostgresState> {
  const url = parseCheckpointsUrl(value);
  const pool = new pg.Pool({ connectionString: url.href, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, max: 4 });
  // An idle connection dropped by a restarting server is reported here; the next query makes a new one.
  pool.on("error", () => undefined);
  let client: pg.PoolClient;
  try {
    client = await pool.connect();
  } catch (error) {
    await pool.end().catch(() => undefined);
    const reason = error instanceof Error ? error.message : String(error);
    throw new UsageError(`cannot reach Postgres at ${redactUrl(url)} (--checkpoints): ${reason}`, { code: "checkpoints_unreachable", cause: error });
  }
  const runs = new PostgresRunStore(pool);
  const checkpointer = new FlushingPostgresSaver(pool, runs);
  try {
    // Workers starting together would race on `create table if not exists`: one at a time.
    await client.query("select pg_advisory_lock($1)", [SETUP_LOCK]);
    await checkpointer.setup();
    await client.query(RUN_TABLES_SQL);
  } finally {
    await client.query("select pg_advisory_unlock($1)", [SETUP_LOCK]).catch(() => undefined);
    client.release();
  }
  return {
    checkpointer,
    runs,
    async close() {
      try {
        await runs.flush();
      } finally {
        await pool.end();
      }
    },
  };
}

/**
 * The Postgres checkpointer, with two guarantees the run needs across machines: the run
 * records queued before a checkpoint are stored before it (a resumed run finds every attempt
 * its checkpoint counts), and a database restart is waited out rather than ending the run.
 */
class FlushingPostgresSaver extends PostgresSaver {
  constructor(
    pool: pg.Pool,
    private readonly records: PostgresRunStore,
  ) {
    super(pool);
  }

  override async getTuple(...args: Parameters<PostgresSaver["getTuple"]>): ReturnType<PostgresSaver["getTuple"]> {
    return retryOnConnectionLoss(() => super.getTuple(...args));
  }

  override async put(...args: Parameters<PostgresSaver["put"]>): ReturnType<PostgresSaver["put"]> {
    await this.records.flush();
    return retryOnConnectionLoss(() => super.put(...args));
  }

  override async putWrites(...args: Parameters<PostgresSaver["putWrites"]>): ReturnType<PostgresSaver["putWrites"]> {
    await this.records.flush();
    return retryOnConnectionLoss(() => super.putWrites(...args));
  }
}
