import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { describeVerification } from "../cli/progress.js";
import type { RunEvent } from "../runs/run-event.js";
import type { SourceFile, Task } from "../shared/task.js";
import { validate } from "../validation/validate.js";
import { fenced, type RecordedRequest, type ScriptedStep } from "../testkit/index.js";
import { useScriptedAgent } from "./__fixtures__/scripted-agent.js";
import type { AgentOptions } from "./create-agent.js";

// Generated tests (#12 point 3): written from the requirement before any program, vetted on
// stubs, measured on mutants of the first passing program, asked for once more when thin.

vi.setConfig({ testTimeout: 240_000 });

const TASK: Task = {
  prompt: "Write clamp(x, lo, hi) in clamp.py: x limited to the range from lo to hi (lo when x is below it, hi when above).",
  language: "python",
  entry: "clamp.py",
  tests: [],
};

const CLAMP = `def clamp(x, lo, hi):
    """x limited to the range [lo, hi]."""
    if x < lo:
        return lo
    if x > hi:
        return hi
    return x
`;

// As models write tests: prose, one fence, and tests of mixed quality. Only test_inside is sound;
// the others check nothing (no assert), pass on a raising stub, do not parse, or do not run.
const FIRST_TESTS = [
  "Here are pytest tests for `clamp`, written from the requirement:",
  "",
  "```python",
  "import pytest",
  "from clamp import clamp",
  "",
  "",
  "def test_inside():",
  "    assert clamp(5, 0, 10) == 5",
  "",
  "",
  "def test_runs():",
  "    clamp(1, 0, 10)",
  "",
  "",
  "def test_raises_on_anything():",
  "    with pytest.raises(Exception):",
  "        clamp(1, 0, 10)",
  "",
  "",
  "def test_broken(:",
  "    assert clamp(0, 0, 1) == 0",
  "",
  "",
  "def test_close():",
  "    assert math.isclose(clamp(0.5, 0, 1), 0.5)",
  "```",
  "",
  "The first test checks a value inside the range; the rest cover calling conventions.",
].join("\n");

const MORE_TESTS = fenced(
  [
    "from clamp import clamp",
    "",
    "",
    "def test_inside():",
    "    assert clamp(3, 0, 10) == 3",
    "",
    "",
    "def test_below():",
    "    assert clamp(-3, 0, 10) == 0",
    "",
    "",
    "def test_above():",
    "    assert clamp(12, 0, 10) == 10",
    "",
    "",
    "def test_at_bounds():",
    "    assert clamp(0, 0, 10) == 0",
    "    assert clamp(10, 0, 10) == 10",
  ].join("\n"),
  "python",
  { prose: { before: "Five more tests on what the first ones left out:", after: "These cover both bounds." } },
);

const { agentWith } = useScriptedAgent("mend-generated");

const text = (request: RecordedRequest) => request.messages.map((message) => message.content).join("\n");
const asksForTests = (request: RecordedRequest) => text(request).includes("Write pytest tests for");

async function run(reply: (request: RecordedRequest) => string, options: Partial<AgentOptions> = {}, task: Task = TASK) {
  const { agent, server, events } = await agentWith((request): ScriptedStep => ({ reply: reply(request) }), options);
  return { result: await agent.run(task), requests: server.requests, events };
}

describe("generated tests", () => {
  it("are written before any program, vetted on stubs, and verify the code when the task has no tests", async () => {
    const { result, requests, events } = await run((request) =>
      asksForTests(request) ? (text(request).includes("## Tests so far") ? MORE_TESTS : FIRST_TESTS) : fenced(CLAMP, "python", { prose: true }),
    );
    expect(result).toMatchObject({ status: "passed", reason: "passed", verified: true });
    expect(result.verification?.by).toBe("generated");
    const dropped = Object.fromEntries((result.verification?.generated?.dropped ?? []).map((test) => [test.name, test.why]));
    expect(dropped).toMatchObject({
      test_runs: "passes on a stub that returns None, so it checks nothing",
      test_raises_on_anything: "passes on a stub that raises, so it checks nothing",
      test_broken: expect.stringMatching(/^does not parse/),
      test_close: expect.stringMatching(/^does not run: .*name 'math' is not defined/),
    });

    // The first request for tests comes before any program, and no request for tests ever holds one.
    expect(asksForTests(requests[0])).toBe(true);
    for (const request of requests.filter(asksForTests)) expect(text(request)).not.toContain("if x < lo");

    const scores = events.filter((event) => event.type === "mutation_score");
    expect(scores[0]).toMatchObject({ status: "measured" });
    const first = scores[0] as Extract<RunEvent, { type: "mutation_score"; status: "measured" }>;
    expect(first.killed).toBeLessThanOrEqual(first.mutants);
    // One sound test of a value inside the range leaves the bounds unchecked: more tests are asked for, once.
    expect(first.score).toBeLessThan(0.6);
    expect(requests.filter(asksForTests)).toHaveLength(2);
    expect(text(requests.filter(asksForTests)[1])).toContain("def test_inside");
    expect(result.verification?.generated?.dropped.filter((test) => test.name === "test_inside")).toEqual([
      { name: "test_inside", why: "a test of that name was already kept" },
    ]);
    expect(result.verification?.generated?.kept).toBe(4);
    expect(result.verification?.testsRun).toBe(4);
    // The passing code was checked again with the new tests, and measured again.
    expect(result.attempts.map((attempt) => [attempt.strategy, attempt.stage])).toEqual([
      ["generate", "ok"],
      ["recheck", "ok"],
    ]);
    const last = result.verification?.generated?.mutation;
    expect(last && last.score).toBeGreaterThan(first.score);
    expect(requests).toHaveLength(3);
    expect(JSON.parse(readFileSync(join(result.runDir, "run.json"), "utf8")).verification).toEqual(result.verification);
  });

  it("are not asked for with generateTests false: a task without tests or examples ends no_tests", async () => {
    const { result, requests } = await run(() => fenced(CLAMP, "python"), { generateTests: false });
    expect(result).toMatchObject({ status: "failed", reason: "no_tests", verified: false, verification: { by: "none", testsRun: 0 } });
    expect(result.verification?.generated).toBeUndefined();
    expect(requests).toHaveLength(1);
  });

  it("all dropped: nothing verifies the code, and the run says which tests were dropped", async () => {
    const vacuous = fenced("from clamp import clamp\n\n\ndef test_runs():\n    clamp(1, 0, 10)\n", "python");
    const { result } = await run((request) => (asksForTests(request) ? vacuous : fenced(CLAMP, "python")));
    expect(result).toMatchObject({ status: "failed", reason: "no_tests", verified: false, verification: { by: "none", testsRun: 0 } });
    expect(result.verification?.generated).toEqual({ kept: 0, dropped: [{ name: "test_runs", why: "passes on a stub that returns None, so it checks nothing" }] });
  });
});

describe("generated tests for a JavaScript task", () => {
  const JS_TASK: Task = {
    prompt: "Write clamp(x, lo, hi) in clamp.js, exported: x limited to the range from lo to hi (lo when x is below it, hi when above).",
    language: "javascript",
    entry: "clamp.js",
    tests: [],
  };
  const JS_CLAMP = "export function clamp(x, lo, hi) {\n  if (x < lo) return lo;\n  if (x > hi) return hi;\n  return x;\n}\n";
  // As models write node:test files: prose around one ```js fence; one test calls clamp and checks nothing.
  const JS_TESTS = [
    "Here are node:test tests for `clamp`, from the requirement alone:",
    "",
    "```js",
    'import { test } from "node:test";',
    'import assert from "node:assert/strict";',
    'import { clamp } from "./clamp.js";',
    "",
    'test("keeps a value inside the range", () => {',
    "  assert.equal(clamp(5, 0, 10), 5);",
    "});",
    "",
    'test("can be called", () => {',
    "  clamp(1, 0, 10);",
    "});",
    "",
    'test("gives lo below the range and hi above it", () => {',
    "  assert.equal(clamp(-3, 0, 10), 0);",
    "  assert.equal(clamp(12, 0, 10), 10);",
    "  assert.equal(clamp(0, 0, 10), 0);",
    "  assert.equal(clamp(10, 0, 10), 10);",
    "});",
    "```",
    "",
    "The second test only makes sure the function can be called.",
  ].join("\n");
  const MORE_JS_TESTS = fenced(
    'import { test } from "node:test";\nimport assert from "node:assert/strict";\nimport { clamp } from "./clamp.js";\n\ntest("just above lo and just below hi", () => {\n  assert.equal(clamp(1, 0, 10), 1);\n  assert.equal(clamp(9, 0, 10), 9);\n});\n',
    "js",
    { prose: true },
  );
  const asksForNodeTests = (request: RecordedRequest) => text(request).includes("Write node:test tests for");

  it("are node:test tests written before any program, vetted on stubs that return undefined or throw, and verify the code", async () => {
    // The real validator, recording the test files of each validation of a program.
    const validated: { code: string; tests: SourceFile[] }[] = [];
    const { result, requests, events } = await run(
      (request) => (asksForNodeTests(request) ? (text(request).includes("## Tests so far") ? MORE_JS_TESTS : JS_TESTS) : fenced(JS_CLAMP, "js", { prose: true })),
      {
        validator: (input, options) => {
          validated.push({ code: input.code, tests: input.tests });
          return validate(input, options);
        },
      },
      JS_TASK,
    );
    expect(result).toMatchObject({ status: "passed", reason: "passed", verified: true, verification: { by: "generated" } });
    expect(asksForNodeTests(requests[0])).toBe(true);
    for (const request of requests.filter(asksForNodeTests)) expect(text(request)).not.toContain("if (x < lo)");
    expect(result.verification?.generated?.dropped).toContainEqual({ name: "can be called", why: "passes on a stub that returns undefined, so it checks nothing" });
    const kept = result.verification?.generated?.kept ?? 0;
    expect(kept).toBeGreaterThanOrEqual(2);
    expect(result.verification?.testsRun).toBe(kept);
    expect(describeVerification(result)).toBe(`verified by ${kept} generated tests`);
    expect(events.find((event) => event.type === "mutation_score")).toMatchObject({ status: "measured" });
    // The kept tests ran from their own node:test file beside the program, the vacuous one left out.
    const last = validated.filter((input) => input.code.trim() === JS_CLAMP.trim()).at(-1);
    expect(last?.tests.map((file) => file.path)).toEqual(["mend-generated.test.mjs"]);
    expect(last?.tests[0].content).toContain('test("keeps a value inside the range"');
    expect(last?.tests[0].content).not.toContain("can be called");
    // The stubs the tests were vetted on export the name the tests import, and do nothing useful.
    const stubs = validated.filter((input) => input.code.includes("export function clamp(...args)")).map((input) => input.code);
    expect(stubs.some((code) => code.includes("return undefined;"))).toBe(true);
    expect(stubs.some((code) => code.includes("throw new Error"))).toBe(true);
  });

  it("beside the user's node:test file: a wrong generated test that two programs fail is judged wrong and dropped, the user's tests stay", async () => {
    const userTests = 'import { test } from "node:test";\nimport assert from "node:assert/strict";\nimport { clamp } from "./clamp.js";\n\ntest("inside", () => assert.equal(clamp(5, 0, 10), 5));\ntest("below", () => assert.equal(clamp(-1, 0, 10), 0));\n';
    const withTests: Task = { ...JS_TASK, tests: [{ path: "clamp.test.mjs", content: userTests }] };
    const tests = fenced(
      'import { test } from "node:test";\nimport assert from "node:assert/strict";\nimport { clamp } from "./clamp.js";\n\ntest("above", () => assert.equal(clamp(12, 0, 10), 10));\n\ntest("far above", () => assert.equal(clamp(15, 0, 10), 15));\n',
      "js",
      { prose: true },
    );
    const verdicts = '```json\n{"verdicts": [{"test": "far above", "verdict": "test_wrong", "reason": "15 is above hi = 10, so clamp gives 10"}]}\n```';
    const other = "export function clamp(x, lo, hi) {\n  return Math.max(lo, Math.min(x, hi));\n}\n";
    let programs = 0;
    const { agent, server } = await agentWith((request): ScriptedStep => {
      if (text(request).includes("## Disputed tests")) return { reply: verdicts };
      if (asksForNodeTests(request)) return { reply: tests };
      programs++;
      return { reply: fenced(programs === 1 ? JS_CLAMP : other, "js", { prose: true }) };
    }, { generateTests: "always" });
    const result = await agent.run(withTests);
    expect(result).toMatchObject({ status: "passed", verified: true, verification: { by: "tests", testsRun: 3, generated: { kept: 1 } } });
    expect(result.verification?.generated?.dropped[0]).toMatchObject({ name: "far above", why: expect.stringMatching(/^judged wrong by the test review: 15 is above hi/) });
    const meta = JSON.parse(readFileSync(join(result.runDir, "meta.json"), "utf8"));
    expect(meta.task.tests).toEqual([{ path: "clamp.test.mjs", content: userTests }]);
  });

  it("for a TypeScript task are the same node:test file, run on the typed program, with stubs the types layer lets through", async () => {
    const tsTask: Task = { ...JS_TASK, prompt: JS_TASK.prompt.replace("clamp.js", "clamp.ts"), language: "typescript", entry: "clamp.ts" };
    const typed = "export function clamp(x: number, lo: number, hi: number): number {\n  if (x < lo) return lo;\n  if (x > hi) return hi;\n  return x;\n}\n";
    const { result } = await run((request) => (asksForNodeTests(request) ? (text(request).includes("## Tests so far") ? MORE_JS_TESTS : JS_TESTS) : fenced(typed, "ts")), {}, tsTask);
    expect(result).toMatchObject({ status: "passed", verified: true, verification: { by: "generated" } });
    expect(result.verification?.generated?.dropped).toContainEqual({ name: "can be called", why: "passes on a stub that returns undefined, so it checks nothing" });
    expect(result.verification?.generated?.kept).toBeGreaterThanOrEqual(2);
  });
});

describe("test review", () => {
  // Two examples in the requirement; the model's tests add one right test and one that asserts a wrong value.
  const WITH_EXAMPLES: Task = {
    ...TASK,
    prompt: `${TASK.prompt}\n\nclamp(5, 0, 10) == 5\nclamp(-1, 0, 10) == 0\n`,
  };
  const TESTS = fenced(
    ["from clamp import clamp", "", "", "def test_above():", "    assert clamp(12, 0, 10) == 10", "", "", "def test_far_above():", "    assert clamp(15, 0, 10) == 15"].join("\n"),
    "python",
    { prose: true },
  );
  const OTHER_CLAMP = "def clamp(x, lo, hi):\n    return max(lo, min(x, hi))\n";
  const VERDICTS = [
    "Looking at the requirement: x above hi gives hi.",
    "",
    "```json",
    JSON.stringify({ verdicts: [{ test: "test_far_above", verdict: "test_wrong", reason: "15 is above hi = 10, so the requirement says clamp gives 10, not 15" }] }),
    "```",
  ].join("\n");
  const isReview = (request: RecordedRequest) => text(request).includes("## Disputed tests");

  it("a generated test that two programs passing every example fail is judged; judged wrong, it is dropped and the examples stay", async () => {
    let programs = 0;
    const { agent, server } = await agentWith((request): ScriptedStep => {
      if (isReview(request)) return { reply: VERDICTS };
      if (asksForTests(request)) return { reply: TESTS };
      programs++;
      return { reply: fenced(programs === 1 ? CLAMP : OTHER_CLAMP, "python", { prose: true }) };
    });
    const result = await agent.run(WITH_EXAMPLES);
    const requests = server.requests;

    expect(result).toMatchObject({ status: "passed", verified: true, verification: { by: "examples" } });
    expect(result.verification?.generated?.dropped).toContainEqual({
      name: "test_far_above",
      why: "judged wrong by the test review: 15 is above hi = 10, so the requirement says clamp gives 10, not 15 (2 programs passing every other test failed it)",
    });
    // Two different programs failed only that test; then the review, then the second program checked again without it.
    expect(result.attempts.map((attempt) => [attempt.strategy, attempt.stage])).toEqual([
      ["generate", "tests"],
      ["fix", "tests"],
      ["recheck", "ok"],
    ]);
    expect(requests.filter(isReview)).toHaveLength(1);
    const review = text(requests.find(isReview) as RecordedRequest);
    expect(review).toContain("assert clamp(15, 0, 10) == 15");
    // The examples are never dropped: both ran on the final code with the kept generated test.
    expect(result.verification?.testsRun).toBe(3);
    expect(result.code).toBe(OTHER_CLAMP);
  });

  it("with generateTests always, beside the user's tests: a wrong generated test is dropped by the review and the user's tests stay as they are", async () => {
    const userTests = "from clamp import clamp\n\n\ndef test_inside():\n    assert clamp(5, 0, 10) == 5\n\n\ndef test_below():\n    assert clamp(-1, 0, 10) == 0\n";
    const withTests: Task = { ...TASK, tests: [{ path: "test_clamp.py", content: userTests }] };
    let programs = 0;
    const { agent, server } = await agentWith((request): ScriptedStep => {
      if (isReview(request)) return { reply: VERDICTS };
      if (asksForTests(request)) return { reply: TESTS };
      programs++;
      return { reply: fenced(programs === 1 ? CLAMP : OTHER_CLAMP, "python", { prose: true }) };
    }, { generateTests: "always" });
    const result = await agent.run(withTests);
    expect(result).toMatchObject({ status: "passed", verified: true, verification: { by: "tests", testsRun: 3, generated: { kept: 1 } } });
    expect(result.verification?.generated?.dropped[0]).toMatchObject({ name: "test_far_above", why: expect.stringMatching(/^judged wrong by the test review/) });
    const meta = JSON.parse(readFileSync(join(result.runDir, "meta.json"), "utf8"));
    expect(meta.task.tests).toEqual([{ path: "test_clamp.py", content: userTests }]);
    expect(meta.generateTests).toBe("always");
  });

  it("judged right, the test stays and is not reviewed again: the code is repaired until it passes", async () => {
    // Both first programs forget the upper bound, which the examples never reach.
    const programs = ["def clamp(x, lo, hi):\n    return max(lo, x)\n", "def clamp(x, lo, hi):\n    if x < lo:\n        return lo\n    return x\n", CLAMP];
    const upheld = '```json\n{"verdicts": [{"test": "test_above", "verdict": "code_wrong", "reason": "12 is above hi = 10, so clamp must give 10"}]}\n```';
    const tests = fenced("from clamp import clamp\n\n\ndef test_above():\n    assert clamp(12, 0, 10) == 10\n", "python");
    let n = 0;
    const { agent, server } = await agentWith((request): ScriptedStep => {
      if (isReview(request)) return { reply: upheld };
      if (asksForTests(request)) return { reply: tests };
      return { reply: fenced(programs[Math.min(n++, programs.length - 1)], "python") };
    });
    const result = await agent.run(WITH_EXAMPLES);
    expect(result).toMatchObject({ status: "passed", verified: true, verification: { by: "examples", testsRun: 3 } });
    expect(result.verification?.generated?.dropped.filter((test) => test.name === "test_above" && test.why.startsWith("judged"))).toEqual([]);
    expect(result.attempts.map((attempt) => attempt.stage)).toEqual(["tests", "tests", "ok"]);
    expect(server.requests.filter(isReview)).toHaveLength(1);
    expect(result.code).toBe(CLAMP);
  });
});
