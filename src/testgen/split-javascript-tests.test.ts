import { describe, expect, it } from "vitest";
import { splitJavaScriptTests } from "./split-javascript-tests.js";

// A node:test file as models write them: imports, a helper, top-level tests and a describe block.
const FILE = `import { test, describe } from "node:test";
import assert from "node:assert/strict";
import { slugify } from "./slugify.js";

const slug = (text) => slugify(text);

test("lowercases words", () => {
  assert.equal(slug("Hello World"), "hello-world");
});

describe("punctuation", () => {
  test("drops it", () => assert.equal(slug("a, b!"), "a-b"));
});

// Spaces at both ends are trimmed first.
test('trims spaces', async () => {
  assert.equal(slug("  a  "), "a");
});
`;

describe("splitJavaScriptTests", () => {
  it("keeps imports and helpers as the preamble and names each top-level test as node:test reports it", () => {
    const { suite, dropped } = splitJavaScriptTests(FILE);
    expect(dropped).toEqual([]);
    expect(suite.tests.map((test) => test.name)).toEqual(["lowercases words", "punctuation", "trims spaces"]);
    expect(suite.preamble).toContain('import { slugify } from "./slugify.js";');
    expect(suite.preamble).toContain("const slug = (text) => slugify(text);");
    expect(suite.tests[2].source).toMatch(/^\/\/ Spaces at both ends are trimmed first\.\ntest\('trims spaces'/);
    expect(suite.tests[1].source).toContain('test("drops it"');
  });

  it("drops a test with a syntax error on its own, and a second test of the same title", () => {
    const broken = `${FILE}\ntest("broken", () => {\n  assert.equal(slug("x"), "x";\n});\n\ntest("lowercases words", () => assert.ok(true));\n`;
    const { suite, dropped } = splitJavaScriptTests(broken);
    expect(suite.tests.map((test) => test.name)).toEqual(["lowercases words", "punctuation", "trims spaces"]);
    expect(dropped).toEqual([
      { name: "broken", why: "does not parse (a syntax error in the test)" },
      { name: "lowercases words", why: "a second test of the same name (its failures could not be told apart)" },
    ]);
  });

  it("keeps no test when the imports do not parse", () => {
    const { suite, dropped } = splitJavaScriptTests(FILE.replace('import assert from "node:assert/strict";', "import assert from;"));
    expect(suite.tests).toEqual([]);
    expect(dropped.map((test) => test.name)).toEqual(["lowercases words", "punctuation", "trims spaces"]);
    expect(dropped[0].why).toMatch(/outside the tests/);
  });
});
