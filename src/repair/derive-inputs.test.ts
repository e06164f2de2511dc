import { describe, expect, it } from "vitest";
import { deriveInputs, testCalls, topLevelFunctions } from "./derive-inputs.js";

const PYTHON_PROGRAM = `import math


def clamp(value, low=0, high=10):
    """value kept inside [low, high]."""
    return max(low, min(value, high))


@functools.cache
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)


class Box:
    def area(self):
        return 0
`;

const PYTHON_TESTS = `import pytest
from clamp import clamp, fib

LIMIT = clamp(3)


def test_inside():
    assert clamp(5) == 5
    assert clamp(-2.5, low=-3) == -2.5


def test_above():
    assert clamp(12, high=11) == 11


def test_uses_a_name():
    value = 4
    assert clamp(value) == 4


class TestFib:
    def test_small(self):
        assert fib(1) == 1
        assert [fib(n) for n in (0, 1)] == [0, 1]


def helper(x):
    return clamp(x)


@pytest.mark.parametrize("words", [["a", "b"]])
def test_words(words):
    assert clamp(len(words)) == 2
`;

const JS_TESTS = `import { test, describe, it } from "node:test";
import assert from "node:assert/strict";
import * as m from "./argmax.js";
import { argmax } from "./argmax.js";

test("case 0: argmax([3, 9, 2])", () => assert.deepEqual(argmax([3, 9, 2]), 1));
describe("ties", () => {
  it("keeps the first", () => assert.equal(m.argmax([7, 7, -1]), 0));
});
assert.equal(argmax(["b", 'a\\n']), 0);
`;

describe("topLevelFunctions", () => {
  it("names a Python module's functions, decorated ones included, not methods", async () => {
    expect(await topLevelFunctions("python", PYTHON_PROGRAM)).toEqual(["clamp", "fib"]);
  });

  it("names a JavaScript module's functions, exported or not, arrow functions included", async () => {
    const code = "export function argmax(xs) { return 0; }\nconst half = (x) => x / 2;\nfunction helper() {}\nconst LIMIT = 3;\n";
    expect(await topLevelFunctions("javascript", code)).toEqual(["argmax", "half", "helper"]);
  });
});

describe("testCalls", () => {
  it("finds pytest calls with literal arguments and the test each belongs to", async () => {
    const calls = await testCalls("python", [{ path: "test_clamp.py", content: PYTHON_TESTS }], ["clamp", "fib"]);
    const summary = calls.map((call) => ({ name: call.name, args: call.args.length, kwargs: call.kwargs.map(([key]) => key), test: call.test?.exact }));
    expect(summary).toEqual([
      { name: "clamp", args: 1, kwargs: [], test: "test_clamp.py::line 4:" },
      { name: "clamp", args: 1, kwargs: [], test: "test_clamp.py::test_inside" },
      { name: "clamp", args: 1, kwargs: ["low"], test: "test_clamp.py::test_inside" },
      { name: "clamp", args: 1, kwargs: ["high"], test: "test_clamp.py::test_above" },
      { name: "fib", args: 1, kwargs: [], test: "test_clamp.py::TestFib::test_small" },
      // `clamp(value)`, `fib(n)`, `clamp(len(words))` and the helper's `clamp(x)` have no literal arguments.
    ]);
    expect(calls[2].args[0]).toEqual({ kind: "float", value: -2.5 });
    expect(calls[2].kwargs[0][1]).toEqual({ kind: "int", digits: -3n });
  });

  it("finds node:test calls, through a namespace import too, and assert-script lines", async () => {
    const calls = await testCalls("javascript", [{ path: "argmax.test.js", content: JS_TESTS }], ["argmax"]);
    expect(calls.map((call) => call.test?.exact)).toEqual([
      "argmax.test.js::case 0: argmax([3, 9, 2])",
      "argmax.test.js::keeps the first",
      "argmax.test.js::line 10:",
    ]);
    expect(calls[2].args[0]).toEqual({ kind: "list", items: [{ kind: "string", value: "b" }, { kind: "string", value: "a\n" }] });
  });
});

describe("testCalls on parametrized pytest tests", () => {
  it("makes one call per row, placed in its test by the id pytest gives it", async () => {
    const tests = `import pytest
from change import possible_change


@pytest.mark.parametrize("coins, total, expected", [
    ([1, 5, 10, 25], 11, 4), ([1, 5], 2.5, 1), ((3,), -2, None), ("ab", True, "x y"),
])
def test_possible_change(coins, total, expected):
    assert possible_change(coins, total) == expected


@pytest.mark.parametrize("total", [3])
@pytest.mark.parametrize("coins", [[1]])
def test_stacked(coins, total):
    assert possible_change(coins, total) == 1
`;
    const calls = await testCalls("python", [{ path: "test_change.py", content: tests }], ["possible_change"]);
    // The ids pytest collects for these rows (checked with pytest --collect-only); stacked decorators are left alone.
    expect(calls.map((call) => call.test?.exact)).toEqual([
      "test_change.py::test_possible_change[coins0-11-4]",
      "test_change.py::test_possible_change[coins1-2.5-1]",
      "test_change.py::test_possible_change[coins2--2-None]",
      "test_change.py::test_possible_change[ab-True-x y]",
    ]);
    expect(calls[2].args).toEqual([
      { kind: "tuple", items: [{ kind: "int", digits: 3n }] },
      { kind: "int", digits: -2n },
    ]);
  });
});

describe("deriveInputs", () => {
  it("runs the passing tests' arguments and their neighbours, and nothing a failing test touches", async () => {
    const tests = `from f import f


def test_small():
    assert f(2, [4, 5]) == 1


def test_zero():
    assert f(0, [4]) == 0
`;
    const calls = await testCalls("python", [{ path: "test_f.py", content: tests }], ["f"]);
    const inputs = deriveInputs(calls, ["test_f.py::test_zero"], ["test_f.py::test_small"], "python");
    expect(inputs.map((input) => input.args)).toEqual([
      "([2, [4, 5]], {})",
      // 2 - 1 = 1 and 2 + 1 = 3, then the list emptied ([] is next to the failing [4] too) or cut to [4].
      "([1, [4, 5]], {})",
      "([3, [4, 5]], {})",
      "([2, []], {})",
      "([2, [4]], {})",
    ]);
    expect(inputs.every((input) => input.name === "f")).toBe(true);
  });

  it("leaves out neighbours of a failing test's arguments", async () => {
    const tests = `from f import f


def test_one():
    assert f(1) == 1


def test_two():
    assert f(2) == 1
`;
    const calls = await testCalls("python", [{ path: "test_f.py", content: tests }], ["f"]);
    // f(2)'s neighbour 1 is the passing test's own argument, and f(1)'s neighbour 2 the failing one's.
    expect(deriveInputs(calls, ["test_f.py::test_two"], ["test_f.py::test_one"], "python").map((input) => input.args)).toEqual(["([0], {})"]);
  });

  it("treats a call whose test the runner never reported as touched by a failing test", async () => {
    const calls = await testCalls("javascript", [{ path: "argmax.test.js", content: JS_TESTS }], ["argmax"]);
    const inputs = deriveInputs(calls, [], ["argmax.test.js::keeps the first"], "javascript");
    // The empty list is also a neighbour of the unplaced calls' lists, so it is left out with them.
    expect(inputs.map((input) => input.args)).toEqual(["[[7, 7, -1]]", "[[7]]"]);
  });

  it("matches parametrized pytest ids and repeated node:test names", async () => {
    const calls = await testCalls("javascript", [{ path: "argmax.test.js", content: JS_TESTS }], ["argmax"]);
    const inputs = deriveInputs(calls, [], ["argmax.test.js::case 0: argmax([3, 9, 2])#2", "argmax.test.js::line 10: assert.equal(...)"], "javascript");
    expect(inputs.map((input) => input.args)).toContain("[[3, 9, 2]]");
    expect(inputs.map((input) => input.args)).toContain('[["b", "a\\n"]]');
  });

  it("places a call of a HumanEval-style check function in the assert results the runner split its test into", async () => {
    const tests = `from f import f


def check(f):
    assert f(2) == 4
    assert f(9) == 81
    assert f(-1) == 1


def test_f():
    check(f)
`;
    const calls = await testCalls("python", [{ path: "test_f.py", content: tests }], ["f"]);
    const result = (line: number) => `test_f.py::test_f::assert@line ${line}`;
    // f(9) fails; f(2) and f(-1) pass, and so does the test apart from its asserts.
    const inputs = deriveInputs(calls, [result(6)], [result(5), result(7), "test_f.py::test_f"], "python");
    expect(inputs.map((input) => input.args)).toEqual(["([2], {})", "([-1], {})", "([1], {})", "([3], {})", "([-2], {})", "([0], {})"]);
    // Unsplit (one result for the whole test, failing), every call is the failing test's.
    expect(deriveInputs(calls, ["test_f.py::test_f"], [], "python")).toEqual([]);
  });

  it("places a call in an assert of a split test in that assert's results alone", async () => {
    const tests = `from f import f


def test_f():
    value = f(5)
    assert value == 25
    assert f(2) == 4
    assert f(7) == 49
`;
    const calls = await testCalls("python", [{ path: "test_f.py", content: tests }], ["f"]);
    const result = (line: number) => `test_f.py::test_f::assert@line ${line}`;
    const inputs = deriveInputs(calls, [result(6), result(8)], [result(7), "test_f.py::test_f"], "python");
    // f(5) outside any assert belongs to the whole test (which has failing asserts); f(7)'s assert failed.
    expect(inputs.map((input) => input.args)).toEqual(["([2], {})", "([1], {})", "([3], {})"]);
  });
});


describe("deriveInputs on node:test asserts the runner recorded one by one", () => {
  // A suite as HumanEvalFix's JavaScript tasks ship theirs: a helper of many asserts, one test calling it.
  const tests = `const { test } = require('node:test');
const assert = require('node:assert');
const square = require('./square');

const testSquare = () => {
  assert.deepEqual(square(2), 4);
  assert.deepEqual(square(9), 81);
  assert.deepEqual(square(-1), 1);
};

test('square', testSquare);
test('square of one', () => {
  const value = square(5);
  assert.equal(value, 25);
  assert.equal(square(3), 9);
});
`;
  const result = (test: string, line: number) => `square.test.js::${test}::assert@line ${line}`;

  it("places a call in a helper's assert in that assert's results, whichever test ran it", async () => {
    const calls = await testCalls("javascript", [{ path: "square.test.js", content: tests }], ["square"]);
    // square(9) fails; square(2) and square(-1) pass, and so does the test apart from its asserts.
    const other = [result("square of one", 15), result("square of one", 16), "square.test.js::square of one"];
    const inputs = deriveInputs(calls, [result("square", 7)], [result("square", 6), result("square", 8), "square.test.js::square", ...other], "javascript");
    expect(inputs.map((input) => input.args)).toEqual(["[2]", "[-1]", "[5]", "[3]", "[1]", "[-2]", "[0]", "[4]", "[6]"]);
    // Unsplit (the helper's test one failing result), none of its calls is a passing test's.
    expect(deriveInputs(calls, ["square.test.js::square"], [], "javascript")).toEqual([]);
  });

  it("places a call in an assert of a test's callback in that assert's results, one outside them in all the test's results", async () => {
    const calls = await testCalls("javascript", [{ path: "square.test.js", content: tests }], ["square"]);
    // The helper's test is one failing result (not split): its calls are touched by a failing test.
    const inputs = deriveInputs(calls, ["square.test.js::square"], [result("square of one", 15), result("square of one", 16), "square.test.js::square of one"], "javascript");
    expect(inputs.map((input) => input.args)).toEqual(["[5]", "[4]", "[6]"]);
    // square(5) is outside any assert: with one of the test's asserts failing, it is a failing test's call.
    const failing = deriveInputs(calls, ["square.test.js::square", result("square of one", 16)], [result("square of one", 15), "square.test.js::square of one"], "javascript");
    expect(failing).toEqual([]);
  });
});
