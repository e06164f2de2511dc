import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { runMend } from "../cli/commands/__fixtures__/spawn-mend.js";
import { MemoryError } from "../errors/memory-error.js";
import type { RunResult } from "../shared/run-result.js";
import { freePort } from "../testkit/free-port.js";
import { type LocalPostgres, startLocalPostgres } from "../testkit/local-postgres.js";
import { at, describeMemoryStore, missingName, offByOne } from "./__fixtures__/memory-store-conformance.js";
import type { MemoryEntry } from "./memory-entry.js";
import { openMemoryStore } from "./open-memory-store.js";
import { PostgresMemoryStore } from "./postgres-memory-store.js";

// A real PostgreSQL cluster and real repairs, on a two-core machine shared with others.
vi.setConfig({ testTimeout: 240_000, hookTimeout: 180_000 });

let postgres: LocalPostgres;
let databases = 0;
let dir: string;

beforeAll(async () => {
  postgres = await startLocalPostgres();
  dir = mkdtempSync(join(tmpdir(), "mend-memory-postgres-"));
});
afterAll(async () => {
  await postgres?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** A fresh, empty database of the cluster: every store of the contract starts from nothing. */
async function freshDatabase(): Promise<string> {
  const name = `memory_${databases++}`;
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  return postgres.url.replace(/\/postgres$/, `/${name}`);
}

describeMemoryStore("PostgresMemoryStore", async (options) => PostgresMemoryStore.open(await freshDatabase(), options));

describe("PostgresMemoryStore", () => {
  it("is one memory for every process that names the database: what one records, another recalls", async () => {
    const url = await freshDatabase();
    const [here, there] = await Promise.all([openMemoryStore(url), openMemoryStore(url)]);
    expect(here).toBeInstanceOf(PostgresMemoryStore);
    const id = await here.record(offByOne, at(0));
    await here.record(missingName, at(1));
    const recalled = await there.recall("python", offByOne, 1, at(2));
    expect(recalled.map((ranked) => [ranked.entry.id, ranked.tier])).toEqual([[id, 3]]);
    expect((await here.get(id))?.timesUsed).toBe(1);
    await Promise.all([here.close(), there.close()]);
  });

  it("names the database without its password, and says in a MemoryError when it cannot be reached", async () => {
    const port = await freePort();
    const url = `postgres://mend:s3cret@127.0.0.1:${port}/postgres`;
    const failure = await PostgresMemoryStore.open(url).catch((error: unknown) => error);
    expect(MemoryError.isInstance(failure)).toBe(true);
    expect((failure as MemoryError).message).toMatch(new RegExp(`^memory postgres://mend@127\\.0\\.0\\.1:${port}/postgres is unusable: `));
    expect((failure as MemoryError).message).not.toContain("s3cret");
  });
});

describe("mend repair --checkpoints postgres://...", () => {
  it("keeps the memory in that database: the fix recorded there is listed with --memory URL, and no file is written", async () => {
    const url = await freshDatabase();
    cpSync(new URL("../../examples/median", import.meta.url), join(dir, "median"), { recursive: true });
    const home = join(dir, "home");
    const env = { MEND_OFFLINE_MAX_CANDIDATES: "300", XDG_DATA_HOME: home };
    const repaired = await runMend(["repair", "median.py", "--tests", "test_median.py", "--checkpoints", url, "--runs-dir", join(dir, "runs"), "--json"], {
      cwd: join(dir, "median"),
      env,
    });
    expect(repaired.code, repaired.stderr).toBe(0);
    const recorded = (JSON.parse(repaired.stdout) as RunResult).memory?.recorded;
    expect(recorded).toMatch(/^[0-9a-f]{12}$/);

    const listed = await runMend(["memory", "list", "--memory", url, "--json"], { cwd: dir, env });
    expect(listed.code, listed.stderr).toBe(0);
    expect((JSON.parse(listed.stdout) as { entries: MemoryEntry[] }).entries.map((entry) => entry.id)).toEqual([recorded]);
    const local = await runMend(["memory", "list", "--json"], { cwd: dir, env });
    expect(JSON.parse(local.stdout)).toMatchObject({ entries: [] });
  });
});
