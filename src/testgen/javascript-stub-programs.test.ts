import { describe, expect, it } from "vitest";
import { javascriptStubPrograms } from "./javascript-stub-programs.js";

describe("javascriptStubPrograms", () => {
  it("export the names the tests import from the entry module, aliased or default, and nothing from other modules", async () => {
    const preamble = [
      'import { test } from "node:test";',
      'import assert from "node:assert/strict";',
      'import parse, { tokenize as lex, Parser } from "./lib/parse.js";',
      'import { helper } from "./helpers.js";',
    ].join("\n");
    const stubs = javascriptStubPrograms({ preamble, tests: [] }, "lib/parse.js", "javascript");
    expect(stubs.map((stub) => stub.does)).toEqual(["returns undefined", "throws"]);
    for (const stub of stubs) {
      const module = await import(`data:text/javascript,${encodeURIComponent(stub.code)}`);
      expect(Object.keys(module).sort()).toEqual(["Parser", "default", "tokenize"]);
    }
    const [returning, throwing] = await Promise.all(stubs.map((stub) => import(`data:text/javascript,${encodeURIComponent(stub.code)}`)));
    expect(returning.tokenize("a b")).toBeUndefined();
    expect(() => throwing.default("a")).toThrow("not implemented");
  });

  it("take and give any for a TypeScript entry, which a test file imports by its .js name", () => {
    const stubs = javascriptStubPrograms({ preamble: 'import { clamp } from "./clamp.js";', tests: [] }, "clamp.ts", "typescript");
    expect(stubs[0].code).toBe("export function clamp(...args: any[]): any {\n  return undefined;\n}\n");
  });
});
