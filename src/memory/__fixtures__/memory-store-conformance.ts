import { describe, expect, it } from "vitest";
import type { NewMemory } from "../memory-entry.js";
import { memoryFileSchema } from "../memory-file-schema.js";
import type { MemoryStore } from "../memory-store.js";

// Diagnoses as the loop makes them of pytest failures (see toDiagnosis and errorSignature).
export const offByOne: NewMemory = {
  language: "python",
  signature: "assertion|assert <n> == <n>|test_factorial.py:8",
  errorType: "assertion",
  summary: "1 of 2 tests failed; test_five: expected 120, got 24 (assert factorial(5) == 120)",
  diff: "--- factorial.py\n+++ factorial.py\n@@ -3,3 +3,3 @@\n     result = 1\n-    for i in range(1, n):\n+    for i in range(1, n + 1):\n         result *= i",
  edits: [{ operator: "bound", before: "n", after: "n + 1", line: "for i in range(1, n):" }],
  madeBy: "offline:bound",
};
export const missingName: NewMemory = {
  language: "python",
  signature: "name|NameError: name 'totl' is not defined|stats.py:4",
  errorType: "name",
  summary: "NameError: name 'totl' is not defined at stats.py:4",
  diff: "--- stats.py\n+++ stats.py\n@@ -4,1 +4,1 @@\n-    return totl / len(values)\n+    return total / len(values)",
  edits: [{ before: "totl", after: "total" }],
  madeBy: "openai:gpt-4o-mini",
};

export const at = (minute: number) => new Date(Date.UTC(2026, 11, 1, 12, minute));

/**
 * What every memory store must do, whatever keeps its entries: each store's tests run this
 * suite on a fresh, empty store from `open` (the checkpointer backends of LangGraph share one
 * the same way).
 */
export function describeMemoryStore(name: string, open: (options?: { maxEntries?: number }) => Promise<MemoryStore>): void {
  describe(`${name}: the memory store contract`, () => {
    it("records a fix once per failure and change: recording it again refreshes its use", async () => {
      const store = await open();
      const id = await store.record(offByOne, at(0));
      expect(await store.record(offByOne, at(5))).toBe(id);
      expect(id).toMatch(/^[0-9a-f]{12}$/);
      expect(await store.list()).toEqual([{ ...offByOne, id, verified: true, timesUsed: 0, timesHelped: 0, createdAt: at(0).toISOString(), lastUsed: at(5).toISOString() }]);
      await store.close();
    });

    it("recalls the same signature first, then the same failure found by another test, then the same message elsewhere, then a similar diagnosis; other languages never", async () => {
      const store = await open();
      const same = await store.record(offByOne, at(0));
      const otherTest = await store.record({ ...offByOne, signature: "assertion|assert <n> == <n>|test_total.py:12", summary: "test_sum failed: expected 6, got 3", diff: "x" }, at(1));
      const inProgram = await store.record({ ...offByOne, signature: "assertion|assert <n> == <n>|total.py:3", summary: "test_sum failed: expected 6, got 3", diff: "y" }, at(1));
      await store.record({ ...offByOne, language: "javascript" }, at(2));
      await store.record(missingName, at(3));
      const recalled = await store.recall("python", offByOne, 5, at(10));
      expect(recalled.map((ranked) => [ranked.entry.id, ranked.tier])).toEqual([
        [same, 3],
        [otherTest, 2],
        [inProgram, 1],
      ]);
      const similar = await store.recall("python", { signature: "name|NameError: name 'cnt' is not defined|count.py:9", errorType: "name", summary: "NameError: name 'cnt' is not defined at count.py:9" }, 5);
      expect(similar.map((ranked) => ranked.entry.madeBy)).toEqual(["openai:gpt-4o-mini"]);
      expect(await store.recall("python", { signature: "type|TypeError: x|a.py:1", errorType: "type", summary: "TypeError: unsupported operand" }, 5)).toEqual([]);
      expect(await store.get(same)).toMatchObject({ timesUsed: 1, lastUsed: at(10).toISOString() });
      await store.markHelped([same]);
      expect((await store.get(same))?.timesHelped).toBe(1);
      await store.close();
    });

    it("keeps at most maxEntries, dropping the least recently used (a recall counts as a use)", async () => {
      const store = await open({ maxEntries: 2 });
      const first = await store.record(offByOne, at(0));
      const second = await store.record(missingName, at(1));
      await store.recall("python", offByOne, 1, at(2));
      const third = await store.record({ ...missingName, diff: "another fix" }, at(3));
      expect((await store.list()).map((entry) => entry.id).sort()).toEqual([first, third].sort());
      expect(await store.get(second)).toBeUndefined();
      await store.close();
    });

    it("serves callers at once, as the concurrent tasks of one eval use it: each write lands whole", async () => {
      const store = await open();
      const id = await store.record(offByOne, at(0));
      const [recalled, other] = await Promise.all([
        store.recall("python", offByOne, 1, at(1)),
        store.record(missingName, at(1)),
        store.recall("python", offByOne, 1, at(2)),
        store.markHelped([id]),
        store.list(),
      ]);
      expect(recalled.map((ranked) => ranked.entry.id)).toEqual([id]);
      expect(other).toMatch(/^[0-9a-f]{12}$/);
      expect(await store.get(id)).toMatchObject({ timesUsed: 2, timesHelped: 1, lastUsed: at(2).toISOString() });
      expect((await store.list()).length).toBe(2);
      await store.close();
    });

    it("forgets one entry, finds one by a unique prefix, and clears all", async () => {
      const store = await open();
      const id = await store.record(offByOne);
      await store.record(missingName);
      expect((await store.get(id.slice(0, 6)))?.id).toBe(id);
      expect(await store.get(id.slice(0, 3))).toBeUndefined();
      expect(await store.forget(id)).toBe(true);
      expect(await store.forget(id)).toBe(false);
      expect(await store.clear()).toBe(1);
      expect(await store.list()).toEqual([]);
      await store.close();
    });

    it("imports what another store exported, merging counts into entries it has", async () => {
      const source = await open();
      const id = await source.record(offByOne, at(0));
      await source.record(missingName, at(1));
      await source.recall("python", offByOne, 1, at(2));
      const exported = memoryFileSchema.parse(JSON.parse(JSON.stringify(await source.export())));
      await source.clear();
      await source.record(offByOne, at(0));
      expect(await source.import(exported)).toBe(2);
      expect((await source.list()).map(({ id: entryId, timesUsed, lastUsed }) => ({ entryId, timesUsed, lastUsed }))).toEqual(
        exported.entries.map(({ id: entryId, timesUsed, lastUsed }) => ({ entryId, timesUsed, lastUsed })),
      );
      expect((await source.get(id))?.timesUsed).toBe(1);
      await source.close();
    });
  });
}
