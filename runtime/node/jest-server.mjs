// A warm jest for the repair engine: the project's own jest, loaded once (its `runCLI`,
// resolved from the project root where this file is written), then one run per request in this
// process (jest's `--runInBand`): the request's code written over the entry (the run's private
// copy of it, laid over the read-only project) and the test files run again. A cold jest pays
// Node's start, jest's and babel's modules and the first transforms per run (seconds on a
// loaded machine); here a run costs the tests and their transform (half a second).
//
// Module state cannot leak from one candidate to the next: jest gives every test file a
// runtime of its own (its module registry and a fresh VM context of the test environment) in
// every run, and reads the sources from disk each run (`cache: false`: no transform is reused).
//
// In band, a candidate that loops blocks this process: no answer comes, and the host, past the
// request's limit, kills this server and starts another (jest's workers would survive it, but
// cost a new worker process per run, more than a run itself: 1.8 s against 0.5 s measured).
//
// argv[2] names a JSON config: { entry, tests, testTimeoutMs } (paths relative to the working
// folder, the project root). Protocol on stdin/stdout, one JSON object a line: first
// {"event":"ready"} or {"event":"startError","message"}; then, per request
// {"id","code","limitMs","files"?,"collect"?}, {"id","report","collected"?,"error"?}: `files`
// (path -> content) are written for that run only (the baseline's test files with their
// coverage recorder), `collect` files are emptied before the run and sent back after it, and
// `report` is the run in the layout of jest's `--json`.
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { resolve } from "node:path";
import { createInterface } from "node:readline";

const config = JSON.parse(readFileSync(process.argv[2], "utf8"));
const root = process.cwd();
const entry = resolve(root, config.entry);
const testFiles = config.tests.map((path) => resolve(root, path));

// jest's reporters and the tests' console write to stdout: only this program's answers may.
const answer = process.stdout.write.bind(process.stdout);
process.stdout.write = process.stderr.write.bind(process.stderr);
const send = (message) => {
  answer(`${JSON.stringify(message)}\n`);
};

let runCLI;
try {
  ({ runCLI } = createRequire(resolve(root, "package.json"))("jest"));
  if (typeof runCLI !== "function") throw new Error("this jest has no runCLI");
  send({ event: "ready" });
} catch (error) {
  send({ event: "startError", message: String(error?.stack ?? error) });
  process.exit(1);
}

// Requests are answered one at a time, in order: one candidate's code is on disk at a time.
let queue = Promise.resolve();
const lines = createInterface({ input: process.stdin });
lines.on("line", (line) => {
  if (!line.trim()) return;
  const request = JSON.parse(line);
  queue = queue.then(() => serve(request)).catch((error) => send({ id: request.id, error: String(error?.stack ?? error), report: { testResults: [] } }));
});
lines.on("close", () => {
  void queue.finally(() => process.exit(0));
});

async function serve(request) {
  const before = new Map();
  writeFileSync(entry, request.code);
  for (const [path, content] of Object.entries(request.files ?? {})) {
    const file = resolve(root, path);
    before.set(file, readFileSync(file, "utf8"));
    writeFileSync(file, content);
  }
  for (const path of request.collect ?? []) writeFileSync(resolve(root, path), "");
  let results;
  try {
    ({ results } = await runCLI(
      {
        _: testFiles,
        $0: "jest",
        ci: true,
        runInBand: true,
        runTestsByPath: true,
        cache: false,
        watchman: false,
        testTimeout: config.testTimeoutMs,
        // No reporter: the answer is read from the run's result.
        reporters: [],
      },
      [root],
    ));
  } finally {
    for (const [file, content] of before) writeFileSync(file, content);
  }
  const collected = {};
  for (const path of request.collect ?? []) {
    collected[path] = readFileSync(resolve(root, path), "utf8");
    writeFileSync(resolve(root, path), "");
  }
  send({ id: request.id, report: { testResults: results.testResults.map(fileReport) }, collected });
}

/** One test file's result as jest's `--json` writes it (`formatTestResults`). */
function fileReport(file) {
  return {
    name: file.testFilePath,
    status: file.testExecError || file.numFailingTests > 0 ? "failed" : "passed",
    message: file.failureMessage ?? "",
    assertionResults: file.testResults.map((test) => ({
      fullName: test.fullName,
      status: test.status,
      failureMessages: test.failureMessages,
      failureDetails: (test.failureDetails ?? []).map(matcherOf),
      ...(test.location ? { location: test.location } : {}),
    })),
  };
}

/** A failure's matcher result, expected and actual only: the rest of a failure need not be JSON. */
function matcherOf(detail) {
  const result = detail?.matcherResult;
  if (!result) return null;
  try {
    return JSON.parse(JSON.stringify({ matcherResult: { expected: result.expected, actual: result.actual } }));
  } catch {
    return null;
  }
}
