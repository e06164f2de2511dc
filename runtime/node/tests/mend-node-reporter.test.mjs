// The validator's node:test reporter (mend-node-reporter.mjs) and its per-test isolation script (mend-node-isolate.mjs).
import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { readNdjson, runNode, workFolder } from "./helpers.mjs";

const PROGRAMS = { "mend-node-reporter.mjs": "mend-node-reporter.mjs", "mend-node-isolate.mjs": "mend-node-isolate.mjs" };
const SUITE = `import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { slug } from "./slug.js";

describe("slug", () => {
  it("lowercases", () => assert.equal(slug("Hello"), "hello"));
  it("joins words with dashes", () => assert.deepEqual(slug("a b"), "a-b"));
});
`;
const FLAT_SUITE = `import assert from "node:assert/strict";
import { test } from "node:test";
import { slug } from "./slug.js";

test("lowercases", () => assert.equal(slug("Hello"), "hello"));
test("joins words with dashes", () => assert.equal(slug("a b"), "a-b"));
`;
const PROGRAM = `export const slug = (text) => text.toLowerCase().replace(" ", "_");\n`;

test("writes one record per test with suite names and the assertion's values", () => {
  const dir = workFolder(PROGRAMS, { "slug.js": PROGRAM, "slug.test.js": SUITE, "package.json": '{"type":"module"}' });
  const run = runNode(dir, ["--test", "--test-reporter=./mend-node-reporter.mjs", "slug.test.js"], { env: { MEND_NODE_REPORT: "report.ndjson" } });
  assert.equal(run.status, 1);
  const tests = readNdjson(join(dir, "report.ndjson")).filter((record) => record.kind === "test");
  assert.deepEqual(tests.map((record) => [record.name, record.outcome]), [
    ["slug > lowercases", "passed"],
    ["slug > joins words with dashes", "failed"],
  ]);
  const { error, file, line } = tests[1];
  assert.equal(file, "slug.test.js");
  assert.equal(line, 7);
  assert.equal(error.type, "AssertionError");
  assert.deepEqual([error.actual, error.expected, error.operator], ["'a_b'", "'a-b'", "deepStrictEqual"]);
  assert.doesNotMatch(error.stack, new RegExp(dir));
});

test("the isolation script runs each named test in a process of its own, marking each in the report", () => {
  const dir = workFolder(PROGRAMS, { "slug.js": PROGRAM, "slug.test.js": FLAT_SUITE, "package.json": '{"type":"module"}' });
  const plan = [{ file: "slug.test.js", names: ["lowercases", "joins words with dashes"] }];
  const run = runNode(dir, ["mend-node-isolate.mjs"], {
    env: { MEND_NODE_REPORT: "report.ndjson", MEND_TEST_TIMEOUT_MS: "5000" },
    input: JSON.stringify(plan),
  });
  assert.equal(run.status, 0);
  // Each run reports the tests its name pattern left out as skipped; the run's own test is the other one.
  const records = readNdjson(join(dir, "report.ndjson")).filter(
    (record) => record.kind === "isolate" || (record.kind === "test" && record.outcome !== "skipped"),
  );
  assert.deepEqual(records.map((record) => [record.kind, record.name, record.outcome]), [
    ["isolate", "lowercases", undefined],
    ["test", "lowercases", "passed"],
    ["isolate", "joins words with dashes", undefined],
    ["test", "joins words with dashes", "failed"],
  ]);
});
