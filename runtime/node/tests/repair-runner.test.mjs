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
  "repair-worker.mjs": "__mend_worker.mjs",
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
