// The repair engine's Node runner (repair-runner.mjs with its reporter, coverage hook, worker and
// entry), laid out in a work folder under the names the engine gives them, and the node:test stand-in.
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { runNode, workFolder } from "./helpers.mjs";

const PROGRAMS = {
  "repair-runner.mjs": "__mend_runner.mjs",
  "repair-reporter.mjs": "__mend_reporter.mjs",
  "repair-coverage.mjs": "__mend_coverage.mjs",
  "repair-asserts.mjs": "__mend_asserts.mjs",
  "repair-worker.mjs": "__mend_worker.mjs",
  "test-server/worker-state.mjs": "__mend_worker_state.mjs",
  "repair-entry.mjs": "__mend_entry.mjs",
  "node-test-stand-in.cjs": "__mend_shim.cjs",
};
const PROGRAM = `export function gcd(a, b) {
  while (b !== 0) {
    const t = b;
    b = a % b;
    a = b;
  }
  return a;
}
`;
const FIXED = PROGRAM.replace("    a = b;\n", "    a = t;\n");
const TESTS = {
  "test/zero.test.js": `import assert from "node:assert/strict";
import { test } from "node:test";
import { gcd } from "../gcd.js";
test("gcd with zero", () => assert.equal(gcd(5, 0), 5));
`,
  "test/pair.test.js": `import assert from "node:assert/strict";
import { test } from "node:test";
import { gcd } from "../gcd.js";
test("gcd of a pair", () => assert.equal(gcd(12, 18), 6));
`,
};

function runRunner(config, extra = {}) {
  const base = { entry: "gcd.js", tests: Object.keys(TESTS), support: [], links: [], jobs: 1, testTimeoutMs: 2000 };
  const dir = workFolder(PROGRAMS, { "gcd.js": PROGRAM, ...TESTS, "package.json": '{"type":"module"}', ...extra });
  writeFileSync(join(dir, "config.json"), JSON.stringify({ ...base, ...config }));
  const run = runNode(dir, ["__mend_runner.mjs", "config.json"]);
  const events = run.stdout
    .split("\n")
    .filter((line) => line.startsWith("@@mend "))
    .map((line) => JSON.parse(line.slice("@@mend ".length)));
  return { run, events };
}

test("the baseline loads every test file named in the config and reports each test with the lines it ran", () => {
  const { events } = runRunner({ mode: "baseline", budgetMs: 20_000 });
  const tests = Object.fromEntries(events.filter((event) => event.event === "test").map((event) => [event.id, event]));
  assert.deepEqual(Object.keys(tests).sort(), ["test/pair.test.js::gcd of a pair", "test/zero.test.js::gcd with zero"]);
  assert.equal(tests["test/zero.test.js::gcd with zero"].outcome, "passed");
  assert.equal(tests["test/pair.test.js::gcd of a pair"].outcome, "failed");
  assert.ok(tests["test/pair.test.js::gcd of a pair"].lines.includes(5));
});

// A fixed program and a wrong one, judged against the failing test and the passing one.
const CANDIDATES = [
  { id: 1, code: FIXED },
  { id: 2, code: PROGRAM.replace("return a;", "return b;") },
];
const EVALUATE = {
  mode: "evaluate",
  candidates: "candidates.json",
  failing: ["test/pair.test.js::gcd of a pair"],
  passing: ["test/zero.test.js::gcd with zero"],
  timeoutMs: 2000,
  cpuMs: 2000,
  budgetMs: 20_000,
  extraAfterPlausible: 10,
};

function verdictsOf(events) {
  return Object.fromEntries(events.filter((event) => event.event === "candidate").map((event) => [event.id, event]));
}

test("candidates are judged against the failing and the passing tests", () => {
  const { events } = runRunner(EVALUATE, { "candidates.json": JSON.stringify(CANDIDATES) });
  const verdicts = verdictsOf(events);
  assert.equal(verdicts[1].failingPassed, 1);
  assert.equal(verdicts[1].restPassed, 1);
  assert.equal(verdicts[2].restPassed, 0);
});

test("an earlier batch's verdict on the stand-in is taken as given: trusted, the candidates run on it; not, each in a node process", () => {
  for (const shimTrusted of [true, false]) {
    const { events } = runRunner({ ...EVALUATE, shimTrusted }, { "candidates.json": JSON.stringify(CANDIDATES) });
    assert.equal(events.find((event) => event.event === "done").shim, shimTrusted);
    const verdicts = verdictsOf(events);
    assert.equal(verdicts[1].failingPassed, 1);
    assert.equal(verdicts[1].restPassed, 1);
    assert.equal(verdicts[2].restPassed, 0);
  }
});

/** The serve mode: the requests go in on stdin, one line each; the events of each answer, by request id. */
function serve(requests, extra = {}) {
  const base = { entry: "gcd.js", tests: Object.keys(TESTS), support: [], links: [], jobs: 1, mode: "serve" };
  const dir = workFolder(PROGRAMS, { "gcd.js": PROGRAM, ...TESTS, "package.json": '{"type":"module"}', ...extra });
  writeFileSync(join(dir, "config.json"), JSON.stringify(base));
  const input = requests.map((request, index) => JSON.stringify({ id: index + 1, ...request }) + "\n").join("");
  const run = runNode(dir, ["__mend_runner.mjs", "config.json"], { input });
  const answers = new Map();
  let events = [];
  for (const line of run.stdout.split("\n")) {
    if (!line.startsWith("@@mend ")) continue;
    const event = JSON.parse(line.slice("@@mend ".length));
    if (event.event === "served") {
      answers.set(event.id, events);
      events = [];
    } else events.push(event);
  }
  return { run, answers };
}

const INLINE = { ...EVALUATE, candidates: undefined };

test("a server answers a baseline and then batches whose candidates reuse ids, each judged on its own code", () => {
  const { answers } = serve([
    { mode: "baseline", testTimeoutMs: 2000, budgetMs: 20_000 },
    { ...INLINE, candidates: CANDIDATES },
    // The same ids, the programs swapped: a thread that kept the first batch's modules would judge these wrongly.
    { ...INLINE, candidates: [{ id: 1, code: CANDIDATES[1].code }, { id: 2, code: CANDIDATES[0].code }] },
  ]);
  assert.equal(answers.size, 3);
  const tests = answers.get(1).filter((event) => event.event === "test");
  assert.deepEqual(tests.map((event) => [event.id, event.outcome]).sort(), [
    ["test/pair.test.js::gcd of a pair", "failed"],
    ["test/zero.test.js::gcd with zero", "passed"],
  ]);
  const [first, second] = [verdictsOf(answers.get(2)), verdictsOf(answers.get(3))];
  assert.deepEqual([first[1].failingPassed, first[1].restPassed, first[2].restPassed], [1, 1, 0]);
  assert.deepEqual([second[2].failingPassed, second[2].restPassed, second[1].restPassed], [1, 1, 0]);
  assert.equal(answers.get(3).find((event) => event.event === "done").shim, true);
});

// The program with a memo kept on the global object, as sloppy code does: a candidate on a
// thread where an earlier one (or the check of the stand-in on the original) filled the memo
// would get that one's answers.
const MEMO = `export function gcd(a, b) {
  globalThis.gcdMemo ??= new Map();
  const key = a + "," + b;
  if (!globalThis.gcdMemo.has(key)) globalThis.gcdMemo.set(key, compute(a, b));
  return globalThis.gcdMemo.get(key);
}
function compute(a, b) {
  while (b !== 0) {
    const t = b;
    b = a % b;
    a = b;
  }
  return a;
}
`;
const MEMO_FIXED = MEMO.replace("    a = b;\n", "    a = t;\n");

test("a candidate's globals and a hanging or crashing candidate do not reach the next candidate on the same thread", () => {
  const candidates = [
    { id: 1, code: MEMO_FIXED.replace("compute(a, b));", "-1);") },
    { id: 2, code: MEMO_FIXED },
    { id: 3, code: MEMO_FIXED.replace("const t = b;", "const t = b;\n    for (;;) {}") },
    { id: 4, code: MEMO_FIXED },
    { id: 5, code: "process.exit(3);\n" + MEMO_FIXED },
    { id: 6, code: MEMO_FIXED },
  ];
  const { run, answers } = serve([{ ...INLINE, cpuMs: 500, candidates }], { "gcd.js": MEMO });
  assert.equal(run.status, 0);
  // The stand-in agreed with node:test on the original: the candidates ran on its threads.
  assert.equal(answers.get(1).find((event) => event.event === "done").shim, true);
  const verdicts = verdictsOf(answers.get(1));
  assert.deepEqual(Object.keys(verdicts), ["1", "2", "3", "4", "5", "6"]);
  assert.equal(verdicts[1].failingPassed + verdicts[1].restPassed, 0);
  assert.equal(verdicts[3].timedOut, true);
  assert.equal(verdicts[5].failingPassed + (verdicts[5].restPassed ?? 0), 0);
  for (const id of [2, 4, 6]) assert.deepEqual([verdicts[id].failingPassed, verdicts[id].restPassed, verdicts[id].timedOut], [1, 1, false]);
});

test("a request's deadline stops a hanging candidate unjudged and leaves the rest unstarted, and the server goes on", () => {
  const hang = { id: 1, code: PROGRAM.replace("const t = b;", "const t = b;\n    for (;;) {}") };
  const { answers } = serve([
    // Neither the per-candidate wall clock nor its CPU limit would end it within the test.
    { ...INLINE, timeoutMs: 600_000, cpuMs: 600_000, candidates: [hang, { id: 2, code: FIXED }], answerBy: Date.now() + 1500 },
    { ...INLINE, candidates: [{ id: 3, code: FIXED }] },
  ]);
  assert.deepEqual(verdictsOf(answers.get(1)), {});
  assert.deepEqual(answers.get(1).find((event) => event.event === "done").unstarted, [1, 2]);
  assert.equal(verdictsOf(answers.get(2))[3].failingPassed, 1);
});

test("a candidate that allocates without end loses its thread at its heap limit, not the server", () => {
  const hog = { id: 1, code: PROGRAM.replace("const t = b;", "const t = b;\n    const all = [];\n    for (;;) all.push(new Array(1000).fill(a));") };
  const { run, answers } = serve([{ ...INLINE, cpuMs: 60_000, timeoutMs: 60_000, candidates: [hog, { id: 2, code: FIXED }] }]);
  assert.equal(run.status, 0);
  const verdicts = verdictsOf(answers.get(1));
  assert.equal(verdicts[1].failingPassed, 0);
  assert.deepEqual([verdicts[2].failingPassed, verdicts[2].restPassed], [1, 1]);
});

// Each assert a test runs as a result of its own (repair-asserts.mjs). The engine wraps the
// asserts of the test files it gives the runner (src/repair/wrap-test-asserts.ts) as here.
const MEDIAN = `export function median(values) {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length % 2 === 0) return (sorted[middle] + sorted[middle + 1]) / 2;
  return sorted[middle];
}
`;
const MEDIAN_FIXED = MEDIAN.replace("sorted[middle] + sorted[middle + 1]", "sorted[middle - 1] + sorted[middle]");
const wrap = (line, statement) =>
  `try{globalThis.__mendAssert?.begin("test/median.test.js",${line});${statement}globalThis.__mendAssert?.passed()}` +
  "catch(__mendError){if(!globalThis.__mendAssert?.failed(__mendError))throw __mendError}";
const MEDIAN_TESTS = {
  "test/median.test.js": `import assert from "node:assert/strict";
import { test } from "node:test";
import { median } from "../median.js";
const check = () => {
  ${wrap(5, "assert.equal(median([1]), 1);")}
  ${wrap(6, "assert.equal(median([3, 1, 2]), 2);")}
  ${wrap(7, "assert.equal(median([4, 1, 3, 2]), 2.5);")}
  ${wrap(8, "assert.equal(median([]), undefined);")}
};
test("median", check);
test("median in a try", () => {
  try {
    check();
  } catch {}
});
test("median of each", () => {
  for (const [values, middle] of [[[5], 5], [[1, 9], 5]]) ${wrap(17, "assert.equal(median(values), middle);")}
});
test("median of many, a failure thrown back", () => {
  ${wrap(20, "assert.throws(() => { " + wrap(20, "assert.equal(median([2, 2]), 3);") + " });")}
  ${wrap(21, "assert.ok(true);")}
});
;globalThis.__mendAssert?.guard([[12,14]]);
`,
};
const MEDIAN_IDS = {
  failing: ["test/median.test.js::median::assert@line 7", "test/median.test.js::median of each::assert@line 17#2"],
  passing: [
    "test/median.test.js::median::assert@line 5",
    "test/median.test.js::median::assert@line 6",
    "test/median.test.js::median::assert@line 8",
    "test/median.test.js::median",
    "test/median.test.js::median in a try",
    "test/median.test.js::median of each::assert@line 17",
    "test/median.test.js::median of each",
    "test/median.test.js::median of many, a failure thrown back::assert@line 20",
    "test/median.test.js::median of many, a failure thrown back::assert@line 21",
    "test/median.test.js::median of many, a failure thrown back",
  ],
};

function runMedian(config) {
  return runRunner(
    { entry: "median.js", tests: Object.keys(MEDIAN_TESTS), ...config },
    { "median.js": MEDIAN, ...MEDIAN_TESTS },
  );
}

test("the baseline reports each recorded assert of a test, with the lines it ran, and the test's own ending", () => {
  const { events } = runMedian({ mode: "baseline", budgetMs: 20_000 });
  const tests = Object.fromEntries(events.filter((event) => event.event === "test").map((event) => [event.id, event]));
  const outcomes = Object.fromEntries(Object.entries(tests).map(([id, event]) => [id, event.outcome]));
  assert.deepEqual(outcomes, {
    ...Object.fromEntries(MEDIAN_IDS.failing.map((id) => [id, "failed"])),
    ...Object.fromEntries(MEDIAN_IDS.passing.map((id) => [id, "passed"])),
  });
  // Each assert's lines are those its own call ran: the even-length return for the failing one,
  // the odd-length return for the one-element list, the empty list's early return alone.
  const linesOf = (id) => tests["test/median.test.js::median::" + id].lines;
  assert.deepEqual(linesOf("assert@line 7"), [2, 3, 4, 5]);
  assert.deepEqual(linesOf("assert@line 5"), [2, 3, 4, 5, 6]);
  assert.deepEqual(linesOf("assert@line 8"), [2]);
});

test("a candidate is judged per assert: the fix passes every result, a candidate breaking one assert fails that one alone", () => {
  const candidates = [
    { id: 1, code: MEDIAN_FIXED },
    { id: 2, code: MEDIAN_FIXED.replace("return undefined;", "return 0;") },
  ];
  const evaluate = (ids, shimTrusted) =>
    verdictsOf(
      runRunner(
        { entry: "median.js", tests: Object.keys(MEDIAN_TESTS), ...EVALUATE, ...ids, shimTrusted },
        { "median.js": MEDIAN, ...MEDIAN_TESTS, "candidates.json": JSON.stringify(candidates) },
      ).events,
    );
  for (const shimTrusted of [true, false]) {
    const verdicts = evaluate(MEDIAN_IDS, shimTrusted);
    const total = MEDIAN_IDS.passing.length;
    assert.deepEqual([verdicts[1].failingPassed, verdicts[1].restPassed], [2, total], `shim ${shimTrusted}`);
    assert.deepEqual([verdicts[2].failingPassed, verdicts[2].restPassed], [2, total - 1], `shim ${shimTrusted}`);
    // An assert the engine does not know of fails: the test's own result fails with it, so the failure is seen.
    const unknown = "test/median.test.js::median::assert@line 8";
    const without = evaluate({ ...MEDIAN_IDS, passing: MEDIAN_IDS.passing.filter((id) => id !== unknown) }, shimTrusted);
    assert.deepEqual([without[2].failingPassed, without[2].restPassed], [2, total - 2], `shim ${shimTrusted}`);
  }
});
