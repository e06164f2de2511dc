import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MemoryError } from "../errors/memory-error.js";
import { at, describeMemoryStore, offByOne } from "./__fixtures__/memory-store-conformance.js";
import { SqliteMemoryStore } from "./sqlite-memory-store.js";

let dir: string;
let opened = 0;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "mend-memory-store-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describeMemoryStore("SqliteMemoryStore", async (options) => SqliteMemoryStore.open(join(dir, `m${opened++}.sqlite`), options));

describe("SqliteMemoryStore", () => {
  it("keeps recorded fixes across openings of the file", async () => {
    const path = join(dir, "data", "memory.sqlite");
    const store = SqliteMemoryStore.open(path);
    const id = await store.record(offByOne, at(0));
    await store.close();
    const again = SqliteMemoryStore.open(path);
    expect(again.location).toBe(path);
    expect(await again.list()).toEqual([{ ...offByOne, id, verified: true, timesUsed: 0, timesHelped: 0, createdAt: at(0).toISOString(), lastUsed: at(0).toISOString() }]);
    await again.close();
  });

  it("refuses a file that is not a memory with a MemoryError naming it, and leaves the file as it was", () => {
    const garbage = join(dir, "garbage.sqlite");
    writeFileSync(garbage, "this is not a database, it is a note somebody saved here\n".repeat(20));
    expect(() => SqliteMemoryStore.open(garbage)).toThrow(MemoryError);
    expect(() => SqliteMemoryStore.open(garbage)).toThrow(/garbage\.sqlite is unusable: file is not a database/);

    const other = join(dir, "checkpoints.sqlite");
    const db = new Database(other);
    db.exec("CREATE TABLE checkpoints (id TEXT)");
    db.close();
    expect(() => SqliteMemoryStore.open(other)).toThrow(/is a SQLite database, but not a mend memory/);
  });

  it("reads a missing file as empty without creating it when asked not to", async () => {
    const path = join(dir, "typo.sqlite");
    const store = SqliteMemoryStore.open(path, { create: false });
    expect(await store.list()).toEqual([]);
    await store.close();
    expect(existsSync(path)).toBe(false);
  });
});
