// A reporter for node's test runner that writes each finished test as one JSON line with
// the error as data: class name, message, stack (paths made relative to the work folder)
// and, for assertion errors, `actual`/`expected`/`operator` rendered with util.inspect.
// Tests are named with their suites (`suite > test`), tracked per file from start events.
import { appendFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { inspect } from "node:util";

const root = process.cwd();
const rootUrl = pathToFileURL(root).href + "/";
const reportFile = process.env.MEND_NODE_REPORT || ".mend-node-tests.ndjson";
const stacks = new Map();

function relative(text) {
  return typeof text === "string" ? text.split(rootUrl).join("").split(root + "/").join("") : text;
}

function show(value) {
  return inspect(value, { depth: 4, breakLength: Infinity, maxArrayLength: 50, maxStringLength: 400 });
}

function describeError(error) {
  if (error === null || typeof error !== "object") return { type: "Error", message: String(error), stack: "" };
  // node wraps what the test threw in ERR_TEST_FAILURE; the thrown value is the cause.
  const thrown = error.cause;
  const usable = thrown !== null && typeof thrown === "object" && ("stack" in thrown || "message" in thrown);
  const cause = error.code === "ERR_TEST_FAILURE" && usable ? thrown : error;
  const out = {
    type: cause.name || (cause.constructor && cause.constructor.name) || "Error",
    code: cause.code,
    message: relative(String(cause.message ?? "")),
    stack: relative(String(cause.stack ?? "")),
    failureType: error.failureType,
  };
  if (cause.name === "AssertionError" && "actual" in cause) {
    out.operator = cause.operator;
    out.actual = show(cause.actual);
    out.expected = show(cause.expected);
  }
  return out;
}

function write(record) {
  appendFileSync(reportFile, JSON.stringify(record) + "\n");
}

export default async function* mendReporter(source) {
  for await (const event of source) {
    const data = event.data || {};
    const file = relative(data.file);
    if (event.type === "test:start") {
      const stack = stacks.get(file) || [];
      stack.length = data.nesting;
      stack.push(data.name);
      stacks.set(file, stack);
    } else if (event.type === "test:pass" || event.type === "test:fail") {
      const details = data.details || {};
      const stack = stacks.get(file) || [];
      const isFile = data.nesting === 0 && data.name === data.file;
      const record = {
        kind: isFile ? "file" : details.type === "suite" ? "suite" : "test",
        name: [...stack.slice(0, data.nesting), data.name].join(" > "),
        file,
        line: data.line,
        column: data.column,
        outcome: event.type === "test:pass" ? (data.skip || data.todo ? "skipped" : "passed") : "failed",
      };
      if (event.type === "test:fail") record.error = describeError(details.error);
      write(record);
    } else if (event.type === "test:stderr" || event.type === "test:stdout") {
      write({ kind: "output", stream: event.type.slice(5), file, message: relative(String(data.message)).slice(0, 2000) });
    } else if (event.type === "test:diagnostic" && data.nesting === 0) {
      write({ kind: "diagnostic", message: String(data.message) });
    }
  }
}
