"use strict";
// A stand-in for `node:test` (CommonJS source, written next to the code that loads it) that
// registers tests on import and runs them on demand, so that one worker thread can run the
// suites of many candidate programs: node:test itself runs its tests once per process or
// thread, when the event loop drains, and a fresh thread costs ~60 ms before any test runs.
//
// It covers the common API (test/it, describe/suite, the skip/todo/only variants, hooks,
// subtests through the context, done callbacks, `mock`). Callers check it against real
// node:test on a program before trusting it with that program's suite, and fall back to
// node:test where the two disagree. Test files reach it by having their `"node:test"`
// specifiers rewritten to its path (a loader hook would be per process, not per thread).
//
// Control functions for the runner: `__reset()`, `__setFile(name)`, `__fail(error)` (a stray
// exception or rejection fails the test that is running) and `__run(onResult)`, where
// `onResult(id, passed, details)` gets an id unique per file (`file::name`, `#2` for a repeat)
// and the details node:test's reporters would show: `{ name, file, skipped, durationMs, message }`,
// `name` being the suite path joined by " > ".
const realTest = require("node:test");

let root;
let current;
let file = "";
let seen;

function newSuite(name, parent, options) {
  const path = parent ? parent.path.concat(name) : [];
  return { name, path, parent, options: options || {}, children: [], before: [], after: [], beforeEach: [], afterEach: [], file };
}

function reset() {
  root = newSuite("<root>", null, {});
  current = root;
  seen = new Map();
}
reset();

function parseArgs(name, options, fn) {
  if (typeof name === "function") return { name: name.name || "<anonymous>", options: {}, fn: name };
  if (name !== null && typeof name === "object") return { name: (options && options.name) || "<anonymous>", options: name, fn: options };
  if (typeof options === "function") return { name: String(name), options: {}, fn: options };
  return { name: String(name === undefined ? "<anonymous>" : name), options: options || {}, fn };
}

function register(args, extra) {
  const options = Object.assign({}, args.options, extra);
  const entry = { kind: "test", name: args.name, path: current.path.concat(args.name), options, fn: args.fn, file };
  current.children.push(entry);
  return Promise.resolve();
}

function withVariants(base) {
  base.skip = (n, o, f) => base(n, o, f, { skip: true });
  base.todo = (n, o, f) => base(n, o, f, { todo: true });
  base.only = (n, o, f) => base(n, o, f, {});
  return base;
}

const test = withVariants(function test(name, options, fn, extra) {
  return register(parseArgs(name, options, fn), extra);
});

const describe = withVariants(function describe(name, options, fn, extra) {
  const args = parseArgs(name, options, fn);
  const suite = newSuite(args.name, current, Object.assign({}, args.options, extra));
  current.children.push({ kind: "suite", suite });
  const previous = current;
  current = suite;
  try {
    const result = typeof args.fn === "function" ? args.fn({ name: args.name }) : undefined;
    if (result && typeof result.then === "function") suite.pending = result;
  } catch (error) {
    suite.error = error;
  } finally {
    current = previous;
  }
  return Promise.resolve();
});

function hook(kind) {
  return (fn) => {
    current[kind].push(fn);
  };
}

/** @type {(id: string, passed: boolean, details: object) => void} */
let report = () => {};
let currentFailure = null;

function messageOf(error) {
  if (error === undefined || error === null) return undefined;
  const cause = error.cause && error.code === "ERR_TEST_FAILURE" ? error.cause : error;
  return String((cause && cause.message) || cause).slice(0, 2000);
}

function reportTest(entry, passed, details) {
  const base = entry.file + "::" + entry.name;
  const count = (seen.get(base) || 0) + 1;
  seen.set(base, count);
  report(count === 1 ? base : base + "#" + count, passed, {
    name: entry.path.join(" > "),
    file: entry.file,
    skipped: Boolean(details && details.skipped),
    durationMs: (details && details.durationMs) || 0,
    message: details && details.message,
  });
}

function invoke(fn, context) {
  if (typeof fn !== "function") return Promise.resolve();
  if (fn.length >= 2) {
    return new Promise((resolve, reject) => {
      try {
        const result = fn(context, (error) => (error ? reject(error) : resolve()));
        if (result && typeof result.then === "function") result.then(resolve, reject);
      } catch (error) {
        reject(error);
      }
    });
  }
  return Promise.resolve().then(() => fn(context));
}

function makeContext(entry, hooks) {
  const pending = [];
  const local = { beforeEach: [], afterEach: [] };
  const context = {
    name: entry.name,
    fullName: entry.path.join(" > "),
    signal: new AbortController().signal,
    mock: realTest.mock,
    failed: false,
    skipped: false,
    skip() {
      context.skipped = true;
    },
    todo() {
      context.skipped = true;
    },
    diagnostic() {},
    plan() {},
    runOnly() {},
    beforeEach: (fn) => local.beforeEach.push(fn),
    afterEach: (fn) => local.afterEach.push(fn),
    before: (fn) => local.beforeEach.push(fn),
    after: (fn) => local.afterEach.push(fn),
    test(name, options, fn) {
      const args = parseArgs(name, options, fn);
      const child = { kind: "test", name: args.name, path: entry.path.concat(args.name), options: args.options, fn: args.fn, file: entry.file };
      const run = runTest(child, {
        beforeEach: hooks.beforeEach.concat(local.beforeEach),
        afterEach: local.afterEach.concat(hooks.afterEach),
      }).then((passed) => {
        if (!passed) context.failed = true;
      });
      pending.push(run);
      return run;
    },
  };
  context.waitForSubtests = () => Promise.all(pending);
  return context;
}

async function runTest(entry, hooks) {
  if (entry.options.skip || entry.options.todo) {
    reportTest(entry, true, { skipped: true });
    return true;
  }
  const started = performance.now();
  const context = makeContext(entry, hooks);
  let failure;
  currentFailure = null;
  try {
    for (const fn of hooks.beforeEach) await invoke(fn, context);
    await invoke(entry.fn, context);
    await context.waitForSubtests();
  } catch (error) {
    failure = { error };
  }
  try {
    for (const fn of hooks.afterEach) await invoke(fn, context);
  } catch (error) {
    if (!failure) failure = { error };
  }
  if (!failure && currentFailure) failure = currentFailure;
  if (!failure && context.failed) failure = { error: new Error("a subtest failed") };
  const durationMs = Math.round(performance.now() - started);
  if (!failure && context.skipped) {
    reportTest(entry, true, { skipped: true, durationMs });
    return true;
  }
  reportTest(entry, !failure, { durationMs, message: failure ? messageOf(failure.error) : undefined });
  return !failure;
}

async function runSuite(suite, hooks) {
  const inner = { beforeEach: hooks.beforeEach.concat(suite.beforeEach), afterEach: suite.afterEach.concat(hooks.afterEach) };
  // node:test reports a skipped suite as a suite, not its tests, and runs a todo suite's tests as usual.
  if (suite.options.skip) return;
  let broken = suite.error ? { error: suite.error } : undefined;
  if (suite.pending) {
    try {
      await suite.pending;
    } catch (error) {
      broken = { error };
    }
  }
  try {
    for (const fn of suite.before) await invoke(fn, { name: suite.name });
  } catch (error) {
    if (!broken) broken = { error };
  }
  if (broken) {
    markAll(suite, false, { message: messageOf(broken.error) });
    return;
  }
  for (const child of suite.children) {
    if (child.kind === "suite") await runSuite(child.suite, inner);
    else await runTest(child, inner);
  }
  for (const fn of suite.after) {
    try {
      await invoke(fn, { name: suite.name });
    } catch {
      // node:test reports a failing after-hook on the suite, which is not a test.
    }
  }
}

function markAll(suite, passed, details) {
  for (const child of suite.children) {
    if (child.kind === "suite") markAll(child.suite, passed, details);
    else reportTest(child, passed, details);
  }
}

module.exports = test;
module.exports.test = test;
module.exports.it = test;
module.exports.describe = describe;
module.exports.suite = describe;
module.exports.before = hook("before");
module.exports.after = hook("after");
module.exports.beforeEach = hook("beforeEach");
module.exports.afterEach = hook("afterEach");
module.exports.mock = realTest.mock;
module.exports.__reset = reset;
module.exports.__setFile = (name) => {
  file = name;
};
module.exports.__fail = (error) => {
  if (!currentFailure) currentFailure = { error };
};
module.exports.__run = async (onResult) => {
  report = onResult;
  await runSuite(root, { beforeEach: [], afterEach: [] });
};
