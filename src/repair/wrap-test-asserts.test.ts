import { describe, expect, it } from "vitest";
import { wrapTestAsserts } from "./wrap-test-asserts.js";

const begin = (path: string, line: number) => `try{globalThis.__mendAssert?.begin(${JSON.stringify(path)},${line});`;

describe("wrapTestAsserts", () => {
  it("wraps each assert statement of a test file on its own lines, keeping every line's number", async () => {
    const source = `const assert = require("node:assert");
const { test } = require("node:test");
const { slugify } = require("./slugify");

const checkSlugs = () => {
  assert.strictEqual(slugify("Hello World"), "hello-world")
  assert.deepStrictEqual(
    ["A b", "c"].map(slugify),
    ["a-b", "c"],
  );
  const title = slugify("  x ");
  assert.ok(title.length > 0, "not empty");
};

test("slugify", checkSlugs);
`;
    const wrapped = await wrapTestAsserts("test/slugify.test.js", source);
    const lines = wrapped.split("\n");
    expect(lines.slice(0, 15).map((line) => line.includes("__mendAssert"))).toEqual([
      false, false, false, false, false, true, true, false, false, true, false, true, false, false, false,
    ]);
    expect(lines[5]).toBe(
      `  ${begin("test/slugify.test.js", 6)}assert.strictEqual(slugify("Hello World"), "hello-world");globalThis.__mendAssert?.passed()}catch(__mendError){if(!globalThis.__mendAssert?.failed(__mendError))throw __mendError}`,
    );
    expect(lines[6]).toBe(`  ${begin("test/slugify.test.js", 7)}assert.deepStrictEqual(`);
    expect(lines[9].startsWith("  );globalThis.__mendAssert?.passed()}")).toBe(true);
    expect(lines[10]).toBe(`  const title = slugify("  x ");`);
    expect(lines.slice(15)).toEqual([";globalThis.__mendAssert?.guard([]);", ""]);
    // Without the recorder installed, the file runs as written.
    const results: unknown[] = [];
    const run = new Function("assert", "slugify", "test", wrapped.split("\n").slice(3).join("\n"));
    run(
      { strictEqual: (a: unknown, b: unknown) => results.push(["eq", a, b]), deepStrictEqual: () => results.push("deep"), ok: () => results.push("ok") },
      (text: string) => text.trim().toLowerCase().replace(/\s+/g, "-"),
      (_name: string, fn: () => void) => fn(),
    );
    expect(results).toEqual([["eq", "hello-world", "hello-world"], "deep", "ok"]);
  });

  it("leaves asserts that await, asserts a try-catch expects to fail, and calls not of assert as written, and names the guarded lines", async () => {
    const source = `import assert from "node:assert/strict";
import { test } from "node:test";
import { load } from "../src/config.js";

test("load", async () => {
  await assert.rejects(load("missing.json"));
  try {
    assert.equal(await load("bad.json"), null);
  } catch (error) {
    assert.match(String(error), /bad/);
  }
  expect(load).toBeDefined();
  assert(true);
});
`;
    const wrapped = await wrapTestAsserts("test/config.test.js", source);
    const lines = wrapped.split("\n");
    expect(lines[5]).toBe("  await assert.rejects(load(\"missing.json\"));");
    expect(lines[7]).toBe("    assert.equal(await load(\"bad.json\"), null);");
    expect(lines[9].startsWith(`    ${begin("test/config.test.js", 10)}assert.match(`)).toBe(true);
    expect(lines[11]).toBe("  expect(load).toBeDefined();");
    expect(lines[12].startsWith(`  ${begin("test/config.test.js", 13)}assert(true);`)).toBe(true);
    expect(lines.at(-2)).toBe(";globalThis.__mendAssert?.guard([[7,9]]);");
  });

  it("leaves a file that does not parse unchanged", async () => {
    const source = `test("x", () => { assert.ok(1) \n`;
    expect(await wrapTestAsserts("x.test.js", source)).toBe(source);
  });
});
