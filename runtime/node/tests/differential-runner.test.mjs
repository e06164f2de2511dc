// The overfitting guard's Node runner (differential-runner.mjs): each version of the program in a
// fresh node process, called on the same inputs, each outcome reported as what the guard compares.
import assert from "node:assert/strict";
import { test } from "node:test";
import { runNode, workFolder } from "./helpers.mjs";

const PROGRAM = `export function head(xs, n = 1) {
  console.log("noise");
  return xs.slice(0, n);
}
`;

test("each version reports results, arguments afterwards, errors, timeouts and a process that died", () => {
  const inputs = [
    { name: "head", args: "[[3, 1, 2]]" },
    { name: "head", args: "[[3, 1, 2], 2]" },
    { name: "tail", args: "[[]]" },
  ];
  const versions = [
    { id: -1, code: PROGRAM },
    // Sorts its argument in place and answers a promise: the same first element, not the same arguments afterwards.
    { id: 0, code: PROGRAM.replace("return xs.slice(0, n);", "xs.sort();\n  return Promise.resolve(n < 2 ? xs.slice(0, n) : null);") },
    { id: 1, code: "export function head(xs) {\n  for (;;) {}\n}\n" },
    { id: 2, code: "export function head(xs) {\n  process.exit(3);\n}\n" },
    { id: 3, code: "export function head(xs) {\n  return xs.missing.length;\n}\n" },
  ];
  const config = { entry: "head.js", versions: "versions.json", inputs, callTimeoutMs: 200, versionTimeoutMs: 5000 };
  const dir = workFolder(
    { "differential-runner.mjs": "__mend_differential.mjs" },
    { "head.js": "", "package.json": JSON.stringify({ type: "module" }), "versions.json": JSON.stringify(versions), "config.json": JSON.stringify(config) },
  );
  const done = runNode(dir, ["__mend_differential.mjs", "config.json"]);
  assert.equal(done.status, 0, done.stderr);
  const marker = "@@mend ";
  const found = Object.fromEntries(
    done.stdout
      .split("\n")
      .filter((line) => line.startsWith(marker))
      .map((line) => JSON.parse(line.slice(marker.length)))
      .map((event) => [event.id, event.outcomes]),
  );
  assert.deepEqual(found[-1], ["=[ 3 ] args [ [ 3, 1, 2 ] ]", "=[ 3, 1 ] args [ [ 3, 1, 2 ], 2 ]", "!missing"]);
  assert.deepEqual(found[0], ["=[ 1 ] args [ [ 1, 2, 3 ] ]", "=null args [ [ 1, 2, 3 ], 2 ]", "!missing"]);
  assert.deepEqual(found[1], ["!timeout", "!timeout", "!missing"]);
  assert.deepEqual(found[2], ["!killed", "!killed", "!killed"]);
  assert.deepEqual(found[3], ["!TypeError", "!TypeError", "!missing"]);
});
