import { describe, expect, it } from "vitest";
import { assertScriptAsNodeTests } from "./assert-script-tests.js";
import { staticTestNames } from "./static-test-names.js";

// As HumanEvalFix-JavaScript ships its tests.
const HUMANEVAL_FIX = `const { sortArray } = require('./sort_array.js')
const assert = require('node:assert')

const testSortArray = () => {
  assert.deepStrictEqual(sortArray([1, 5, 2, 3, 4]), [1, 2, 3, 4, 5])
  assert.deepStrictEqual(sortArray([]), [])
}

testSortArray()
`;

describe("assertScriptAsNodeTests", () => {
  it("turns each top-level call of an asserting function into a node:test test named by its line, keeping every line in place", () => {
    const out = assertScriptAsNodeTests("sort_array.test.js", HUMANEVAL_FIX);
    expect(out).toBeDefined();
    const lines = (out ?? "").split("\n");
    expect(lines).toHaveLength(HUMANEVAL_FIX.split("\n").length);
    expect(lines[4]).toBe(HUMANEVAL_FIX.split("\n")[4]);
    expect(lines[8]).toMatch(/__mendTest\("line 9: testSortArray\(\)".*testSortArray\(\)/);
    // CommonJS stays CommonJS.
    expect(lines[0]).toMatch(/^const \{ test: __mendTest \} = require\("node:test"\);/);
    expect(staticTestNames("sort_array.test.js", out ?? "")).toEqual([]);
  });

  it("makes each top-level assertion its own test, in an ES module with imports", () => {
    const source = `import assert from "node:assert/strict";\nimport { add } from "./add.js";\n\nassert.equal(add(1, 2), 3);\nconsole.assert(add(2, 2) === 4, "two and two");\nfor (const n of [1, 2]) assert.ok(add(n, 0) === n);\nconsole.log("done");\n`;
    const out = assertScriptAsNodeTests("add.test.mjs", source) ?? "";
    expect(out.match(/__mendTest\("line \d+/g)).toEqual(['__mendTest("line 4', '__mendTest("line 5', '__mendTest("line 6']);
    // ES module syntax for the test runner, on the first line, so no line moves.
    expect(out).toMatch(/^import \{ test as __mendTest \} from "node:test";.* import assert from "node:assert\/strict";\nimport \{ add \}/);
    expect(out.split("\n")[6]).toBe('console.log("done");');
  });

  it("leaves node:test files and files without assertions alone", () => {
    expect(assertScriptAsNodeTests("a.test.js", `import { test } from "node:test";\nimport assert from "node:assert";\nassert.ok(true);\n`)).toBeUndefined();
    expect(assertScriptAsNodeTests("a.test.js", `const { describe, it } = require("mocha");\ndescribe("x", () => it("y", () => {}));\n`)).toBeUndefined();
    expect(assertScriptAsNodeTests("a.js", `const x = 1;\nconsole.log(x);\n`)).toBeUndefined();
  });

  it("keeps a 'use strict' directive first", () => {
    const out = assertScriptAsNodeTests("a.test.js", `'use strict';\nconst assert = require('assert');\nassert(1 + 1 === 2);\n`) ?? "";
    expect(out.startsWith("'use strict';\nconst { test: __mendTest }")).toBe(true);
  });
});
