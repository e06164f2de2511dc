import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MemoryError } from "../errors/memory-error.js";
import type { NewMemory } from "./memory-entry.js";
import { memoryFileSchema } from "./memory-file-schema.js";
import { MemoryStore } from "./memory-store.js";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "mend-memory-store-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

// Diagnoses as the loop makes them of pytest failures (see toDiagnosis and errorSignature).
const offByOne: NewMemory = {
  language: "python",
  signature: "assertion|assert <n> == <n>|test_factorial.py:8",
  errorType: "assertion",
  summary: "1 of 2 tests failed; test_five: expected 120, got 24 (assert factorial(5) == 120)",
  diff: "--- factorial.py\n+++ factorial.py\n@@ -3,3 +3,3 @@\n     result = 1\n-    for i in range(1, n):\n+    for i in range(1, n + 1):\n         result *= i",
  edits: [{ operator: "bound", before: "n", after: "n + 1" }],
  madeBy: "offline:bound",
};
const missingName: NewMemory = {
  language: "python",
  signature: "name|NameError: name 'totl' is not defined|stats.py:4",
  errorType: "name",
  summary: "NameError: name 'totl' is not defined at stats.py:4",
  diff: "--- stats.py\n+++ stats.py\n@@ -4,1 +4,1 @@\n-    return totl / len(values)\n+    return total / len(values)",
  edits: [{ before: "totl", after: "total" }],
  madeBy: "openai:gpt-4o-mini",
};

const at = (minute: number) => new Date(Date.UTC(2026, 11, 1, 12, minute));

describe("MemoryStore", () => {
  it("keeps recorded fixes across openings of the file, with an id that is the same for the same fix", () => {
    const path = join(dir, "data", "memory.sqlite");
    const store = MemoryStore.open(path);
    const id = store.record(offByOne, at(0));
    expect(store.record(offByOne, at(5))).toBe(id);
    store.close();
    const again = MemoryStore.open(path);
    expect(again.list()).toEqual([{ ...offByOne, id, verified: true, timesUsed: 0, timesHelped: 0, createdAt: at(0).toISOString(), lastUsed: at(5).toISOString() }]);
    again.close();
  });

  it("recalls the same signature first, then the same failure found by another test, then the same message elsewhere, then a similar diagnosis; other languages never", () => {
    const store = MemoryStore.open(join(dir, "m.sqlite"));
    const same = store.record(offByOne, at(0));
    const otherTest = store.record({ ...offByOne, signature: "assertion|assert <n> == <n>|test_total.py:12", summary: "test_sum failed: expected 6, got 3", diff: "x" }, at(1));
    const inProgram = store.record({ ...offByOne, signature: "assertion|assert <n> == <n>|total.py:3", summary: "test_sum failed: expected 6, got 3", diff: "y" }, at(1));
    store.record({ ...offByOne, language: "javascript" }, at(2));
    store.record(missingName, at(3));
    const recalled = store.recall("python", offByOne, 5, at(10));
    expect(recalled.map((ranked) => [ranked.entry.id, ranked.tier])).toEqual([
      [same, 3],
      [otherTest, 2],
      [inProgram, 1],
    ]);
    const similar = store.recall("python", { signature: "name|NameError: name 'cnt' is not defined|count.py:9", errorType: "name", summary: "NameError: name 'cnt' is not defined at count.py:9" }, 5);
    expect(similar.map((ranked) => ranked.entry.madeBy)).toEqual(["openai:gpt-4o-mini"]);
    expect(store.recall("python", { signature: "type|TypeError: x|a.py:1", errorType: "type", summary: "TypeError: unsupported operand" }, 5)).toEqual([]);
    expect(store.get(same)).toMatchObject({ timesUsed: 1, lastUsed: at(10).toISOString() });
    store.markHelped([same]);
    expect(store.get(same)?.timesHelped).toBe(1);
    store.close();
  });

  it("keeps at most maxEntries, dropping the least recently used (a recall counts as a use)", () => {
    const store = MemoryStore.open(join(dir, "m.sqlite"), { maxEntries: 2 });
    const first = store.record(offByOne, at(0));
    const second = store.record(missingName, at(1));
    store.recall("python", offByOne, 1, at(2));
    const third = store.record({ ...missingName, diff: "another fix" }, at(3));
    expect(store.list().map((entry) => entry.id).sort()).toEqual([first, third].sort());
    expect(store.get(second)).toBeUndefined();
    store.close();
  });

  it("forgets one entry, finds one by a unique prefix, and clears all", () => {
    const store = MemoryStore.open(join(dir, "m.sqlite"));
    const id = store.record(offByOne);
    store.record(missingName);
    expect(store.get(id.slice(0, 6))?.id).toBe(id);
    expect(store.get(id.slice(0, 3))).toBeUndefined();
    expect(store.forget(id)).toBe(true);
    expect(store.forget(id)).toBe(false);
    expect(store.clear()).toBe(1);
    expect(store.list()).toEqual([]);
    store.close();
  });

  it("exports what it imports, merging counts into entries it has", () => {
    const source = MemoryStore.open(join(dir, "a.sqlite"));
    const id = source.record(offByOne, at(0));
    source.record(missingName, at(1));
    source.recall("python", offByOne, 1, at(2));
    const exported = memoryFileSchema.parse(JSON.parse(JSON.stringify(source.export())));
    const target = MemoryStore.open(join(dir, "b.sqlite"));
    target.record(offByOne, at(0));
    expect(target.import(exported)).toBe(2);
    expect(target.list()).toEqual(source.list());
    expect(target.get(id)?.timesUsed).toBe(1);
    source.close();
    target.close();
  });

  it("refuses a file that is not a memory with a MemoryError naming it, and leaves the file as it was", () => {
    const garbage = join(dir, "garbage.sqlite");
    writeFileSync(garbage, "this is not a database, it is a note somebody saved here\n".repeat(20));
    expect(() => MemoryStore.open(garbage)).toThrow(MemoryError);
    expect(() => MemoryStore.open(garbage)).toThrow(/garbage\.sqlite is unusable: file is not a database/);

    const other = join(dir, "checkpoints.sqlite");
    const db = new Database(other);
    db.exec("CREATE TABLE checkpoints (id TEXT)");
    db.close();
    expect(() => MemoryStore.open(other)).toThrow(/is a SQLite database, but not a mend memory/);
  });

  it("reads a missing file as empty without creating it when asked not to", () => {
    const path = join(dir, "typo.sqlite");
    const store = MemoryStore.open(path, { create: false });
    expect(store.list()).toEqual([]);
    store.close();
    expect(existsSync(path)).toBe(false);
  });
});
