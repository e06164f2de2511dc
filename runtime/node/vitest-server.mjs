// A warm vitest for the repair engine: the project's own vitest, started once through its Node
// API (`createVitest` from `vitest/node`, resolved from the project root where this file is
// written), then one run per request: the request's code written over the entry (the run's
// private copy of it, laid over the read-only project), the entry invalidated in vite's module
// graph so it is transformed again, and the test files run again.
//
// Module state cannot leak from one candidate to the next: `isolate` is forced on, so vitest
// runs every test file in a worker of its own, stopped after that file (its pool hands a
// worker to another file only when `isolate` is off; the vm pools give each file a fresh VM
// context), and the only cache that outlives a run is vite's transform cache on this side,
// where every file a request writes is invalidated before its run.
//
// argv[2] names a JSON config: { entry, tests, testTimeoutMs, configLoader? } (paths
// relative to the working folder, the project root). Protocol on stdin/stdout, one JSON object
// a line: first {"event":"ready"} or {"event":"startError","message"}; then, per request
// {"id","code","limitMs","files"?,"collect"?}, {"id","killed"?,"report","collected"?}: `files`
// (path -> content) are written for that run only (the baseline's test files with their
// coverage recorder), `collect` files are emptied before the run and sent back after it, and
// `report` is the run in jest's JSON layout (what vitest's json reporter writes).
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { relative, resolve } from "node:path";
import { createInterface } from "node:readline";

const config = JSON.parse(readFileSync(process.argv[2], "utf8"));
const root = process.cwd();
const entry = resolve(root, config.entry);
const testFiles = new Set(config.tests.map((path) => resolve(root, path)));

// vitest's reporters and the tests' console write to stdout: only this program's answers may.
const answer = process.stdout.write.bind(process.stdout);
process.stdout.write = process.stderr.write.bind(process.stderr);
const send = (message) => {
  answer(`${JSON.stringify(message)}\n`);
};

let vitest;
let specifications;
try {
  const { createVitest } = await import("vitest/node");
  vitest = await createVitest(
    "test",
    {
      root,
      watch: false,
      isolate: true,
      testTimeout: config.testTimeoutMs,
      // No reporter: the answers are read from the run's result, and stdout is this program's.
      reporters: [{}],
      // vite would bundle a TypeScript config into node_modules/.vite-temp, which is read-only here.
      ...(config.configLoader ? { configLoader: config.configLoader } : {}),
    },
  );
  await vitest.standalone();
  specifications = (await vitest.globTestSpecifications([...testFiles])).filter((specification) => testFiles.has(specification.moduleId));
  if (specifications.length === 0) throw new Error(`vitest does not take ${config.tests.join(", ")} as test files`);
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
  void queue.then(() => vitest.close()).finally(() => process.exit(0));
});

async function serve(request) {
  const written = writeRequestFiles(request);
  let killed = false;
  // A candidate that loops blocks its worker, which no test timeout interrupts: past the
  // request's limit its workers (this server's child processes, vitest's default pool) are
  // killed, vitest reports their files as failed, and the server stays warm for the next one.
  const watchdog = setTimeout(() => {
    killed = true;
    killChildren();
  }, request.limitMs);
  let result;
  try {
    result = await vitest.runTestSpecifications(specifications);
  } finally {
    clearTimeout(watchdog);
    written.restore();
  }
  const collected = written.collected();
  if (killed) {
    send({ id: request.id, killed: true, report: { testResults: [] }, collected });
    return;
  }
  const testResults = [];
  for (const testModule of result.testModules) {
    const assertionResults = [];
    for (const test of testModule.children.allTests()) {
      const outcome = test.result();
      assertionResults.push({
        fullName: fullName(test),
        status: outcome.state === "passed" ? "passed" : outcome.state === "failed" ? "failed" : "skipped",
        failureMessages: (outcome.errors ?? []).map((error) => error.stack || error.message),
        ...(test.location ? { location: test.location } : {}),
      });
    }
    const errors = testModule.errors();
    testResults.push({
      name: testModule.moduleId,
      status: errors.length > 0 || assertionResults.some((test) => test.status === "failed") ? "failed" : "passed",
      message: errors.length > 0 ? `${errors[0].name ?? "Error"}: ${errors[0].message}` : "",
      assertionResults,
    });
  }
  send({ id: request.id, report: { testResults }, collected });
}

/**
 * Writes a request's code over the entry and its other files, each invalidated in vite's
 * module graph, and empties its `collect` files; `restore` puts the other files back as they
 * were (the entry stays: the next request writes its own), `collected` reads what was collected.
 */
function writeRequestFiles(request) {
  const before = new Map();
  writeFileSync(entry, request.code);
  vitest.invalidateFile(entry);
  for (const [path, content] of Object.entries(request.files ?? {})) {
    const file = resolve(root, path);
    before.set(file, readFileSync(file, "utf8"));
    writeFileSync(file, content);
    vitest.invalidateFile(file);
  }
  for (const path of request.collect ?? []) writeFileSync(resolve(root, path), "");
  return {
    restore() {
      for (const [file, content] of before) {
        writeFileSync(file, content);
        vitest.invalidateFile(file);
      }
    },
    collected() {
      const texts = {};
      for (const path of request.collect ?? []) {
        texts[path] = readFileSync(resolve(root, path), "utf8");
        writeFileSync(resolve(root, path), "");
      }
      return texts;
    },
  };
}

/** The name vitest's JSON report gives a test (suites and test joined by spaces), which the baseline's test ids use. */
function fullName(test) {
  const names = [test.name];
  for (let parent = test.parent; parent && parent.type === "suite"; parent = parent.parent) names.unshift(parent.name);
  return names.join(" ");
}

/** Kills this process's child processes (the pool's workers), found through /proc. */
function killChildren() {
  for (const task of readdirSync(`/proc/${process.pid}/task`)) {
    let children = "";
    try {
      children = readFileSync(`/proc/${process.pid}/task/${task}/children`, "utf8");
    } catch {
      continue;
    }
    for (const pid of children.split(" ").filter(Boolean)) {
      try {
        process.kill(Number(pid), "SIGKILL");
      } catch {
        // Gone already.
      }
    }
  }
}
