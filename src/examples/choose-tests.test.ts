import { describe, expect, it } from "vitest";
import type { Task } from "../shared/task.js";
import { chooseTests, findExamples } from "./choose-tests.js";

const HUMANEVAL_PROMPT = `from typing import List


def below_zero(operations: List[int]) -> bool:
    """ You're given a list of deposit and withdrawal operations on a bank account that starts with
    zero balance. Detect if at any point the balance falls below zero.
    >>> below_zero([1, 2, 3])
    False
    >>> below_zero([1, 2, -4, 5])
    True
    """
`;

const python = (fields: Partial<Task>): Task => ({ prompt: "", language: "python", entry: "solution.py", tests: [], ...fields });
const javascript = (fields: Partial<Task>): Task => ({ prompt: "", language: "javascript", entry: "add.js", tests: [], ...fields });

describe("Python doctests", () => {
  it("reads a HumanEval prompt's examples with their lines, as tests named after them", () => {
    const examples = findExamples(python({ prompt: HUMANEVAL_PROMPT }));
    expect(examples).toMatchObject([
      { origin: "requirement", file: "requirement", line: 7, code: "below_zero([1, 2, 3])", expected: { kind: "value", text: "False" } },
      { origin: "requirement", line: 9, code: "below_zero([1, 2, -4, 5])", expected: { kind: "value", text: "True" } },
    ]);
    expect(examples[0].name).toBe("test_mend_examples.py::test_requirement_line_7");
  });

  it("keeps setup lines, continuations, printed output, tracebacks and a docstring's closing quotes apart", () => {
    const draft = [
      "def mean(values):",
      '    """Arithmetic mean.',
      "",
      "    >>> data = [1, 2,",
      "    ...         3]",
      "    >>> mean(data)",
      "    2.0",
      "    >>> print(mean([4]))",
      "    4.0",
      "    >>> mean([])",
      "    Traceback (most recent call last):",
      "      ...",
      "    statistics.StatisticsError: mean requires at least one data point",
      "    >>> mean([1])",
      '    1.0"""',
      "    return sum(values) / len(values)",
      "",
      "def other():",
      '    """Another docstring.',
      "    >>> data",
      '    [1]"""',
    ].join("\n");
    const examples = findExamples(python({ draft, entry: "stats.py" }));
    expect(examples.map(({ line, setup, code, expected }) => ({ line, setup, code, expected }))).toEqual([
      { line: 6, setup: ["data = [1, 2,\n        3]"], code: "mean(data)", expected: { kind: "value", text: "2.0" } },
      { line: 8, setup: ["data = [1, 2,\n        3]"], code: "print(mean([4]))", expected: { kind: "output", text: "4.0" } },
      { line: 10, setup: ["data = [1, 2,\n        3]"], code: "mean([])", expected: { kind: "raises", error: "StatisticsError" } },
      { line: 14, setup: ["data = [1, 2,\n        3]"], code: "mean([1])", expected: { kind: "value", text: "1.0" } },
      // A new docstring starts with no setup of its own.
      { line: 20, setup: [], code: "data", expected: { kind: "value", text: "[1]" } },
    ]);
    expect(examples.every((example) => example.origin === "docstring" && example.file === "stats.py")).toBe(true);
  });

  it("skips examples doctest itself would skip or match loosely", () => {
    const prompt = ">>> roll()  # doctest: +SKIP\n4\n>>> list(range(20))  # doctest: +ELLIPSIS\n[0, 1, ...]\n>>> roll_fixed()\n4\n";
    expect(findExamples(python({ prompt })).map((example) => example.code)).toEqual(["roll_fixed()"]);
  });

  it("counts an example once when the draft's docstring repeats the requirement, as from the docstring", () => {
    const draft = `${HUMANEVAL_PROMPT}    balance = 0\n    return balance < 0\n`;
    const examples = findExamples(python({ prompt: HUMANEVAL_PROMPT, draft }));
    expect(examples.map((example) => [example.origin, example.line])).toEqual([
      ["docstring", 7],
      ["docstring", 9],
    ]);
  });

  it("writes one pytest function per example: literals compared with ==, other values by repr", () => {
    const prompt = ">>> parse('1/2')\nFraction(1, 2)\n>>> split('a b')\n['a', 'b']\n";
    const chosen = chooseTests(python({ prompt, entry: "frac.py" }));
    expect(chosen.by).toBe("examples");
    const file = chosen.task.tests[0];
    expect(file.path).toBe("test_mend_examples.py");
    expect(file.content).toContain("from frac import *");
    expect(file.content).toContain("def test_requirement_line_1():\n    # requirement:1: >>> parse('1/2')\n    assert repr(parse('1/2')) == \"Fraction(1, 2)\"");
    expect(file.content).toContain("def test_requirement_line_3():\n    # requirement:3: >>> split('a b')\n    assert split('a b') == ['a', 'b']");
  });
});

describe("JavaScript examples", () => {
  it("reads JSDoc @example lines of the draft and arrow lines in the requirement's code blocks only", () => {
    const draft = [
      "/**",
      " * Adds two numbers.",
      " * @example add(1, 2) // => 3",
      " * @example",
      " *   add(-1, 1); // => 0",
      " */",
      "export function add(a, b) { return a - b; } // => not an example outside comments",
    ].join("\n");
    const prompt = "Write add(a, b).\n\nadd(2, 2) // => 4 (prose, not code)\n\n```js\nadd(10, 5) // => 15\nadd('a', 1) // throws TypeError\nadd(1, 1) // => 2 (one and one)\n```\n";
    const examples = findExamples(javascript({ draft, prompt }));
    expect(examples.map(({ origin, line, code, expected }) => ({ origin, line, code, expected }))).toEqual([
      { origin: "docstring", line: 3, code: "add(1, 2)", expected: { kind: "value", text: "3" } },
      { origin: "docstring", line: 5, code: "add(-1, 1)", expected: { kind: "value", text: "0" } },
      { origin: "requirement", line: 6, code: "add(10, 5)", expected: { kind: "value", text: "15" } },
      { origin: "requirement", line: 7, code: "add('a', 1)", expected: { kind: "raises", error: "TypeError" } },
    ]);
    expect(examples[0].name).toBe("add.js:3: add(1, 2)");
  });

  it("writes a node:test file that takes the called names from an ES module or CommonJS exports", () => {
    const chosen = chooseTests(javascript({ prompt: "```js\nadd(1, 2) // => 3\nnew Counter().next() // => 1\nMath.max(add(1, 1)) // => 2\n```" }));
    const file = chosen.task.tests[0];
    expect(file.path).toBe("mend-examples.test.mjs");
    expect(file.content).toContain('import * as program from "./add.js";');
    expect(file.content).toContain("const { Counter, add } = exported;");
    expect(file.content).toContain('test("requirement:2: add(1, 2)", async () => {\n  assert.deepStrictEqual(await (add(1, 2)), 3);');
  });

  it("imports a TypeScript program by the name node runs it under", () => {
    const chosen = chooseTests({ ...javascript({ prompt: "```ts\nadd(1, 2) // => 3\n```" }), language: "typescript", entry: "add.ts" });
    expect(chosen.task.tests[0].content).toContain('import * as program from "./add.js";');
  });
});

describe("equality lines in the requirement", () => {
  it("reads whole lines f(x) == y and f(x) === y, in lists or backticks, but not prose around a call", () => {
    const prompt = [
      "Write slugify(text).",
      "",
      "- `slugify('Hello World') == 'hello-world'`",
      "  slugify('a  b') === 'a-b'.",
      "assert slugify('') == ''",
      "For example slugify('x') == 'x' holds.",
      "slugify(a == b) == 'true'",
      "slugify('x') != 'y'",
      "slugify('a b') == 'a-b' (spaces become dashes)",
      "slugify(x) == x when x is already a slug",
      "slugify(' Trim ') === new String('trim').valueOf()",
      ">>> slugify('z') == 'z'",
      "True",
    ].join("\n");
    const examples = findExamples({ prompt, language: "javascript", entry: "slugify.js", tests: [] });
    expect(examples.map(({ line, code, expected }) => [line, code, expected.kind === "value" ? expected.text : ""])).toEqual([
      [3, "slugify('Hello World')", "'hello-world'"],
      [4, "slugify('a  b')", "'a-b'"],
      [5, "slugify('')", "''"],
      [7, "slugify(a == b)", "'true'"],
      [11, "slugify(' Trim ')", "new String('trim').valueOf()"],
    ]);
  });
});

describe("choosing the tests", () => {
  it("keeps the user's tests when there are any, and says when there is nothing", () => {
    const tests = [{ path: "test_x.py", content: "def test_x():\n    assert True\n" }];
    const withTests = chooseTests(python({ prompt: HUMANEVAL_PROMPT, tests }));
    expect(withTests.by).toBe("tests");
    expect(withTests.task.tests).toEqual(tests);
    expect(chooseTests(python({ prompt: "Write add(a, b).", draft: "def add(a, b):\n    return a - b\n" })).by).toBe("none");
  });
});
