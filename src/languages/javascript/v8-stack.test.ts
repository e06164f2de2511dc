import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { classifyError } from "../../diagnosis/classify-error.js";
import { parseNodeCrash, parseV8Stack } from "./v8-stack.js";

const fixture = (name: string) => readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), "utf8");

describe("parseV8Stack", () => {
  it("reads frames outermost first and drops node internals", () => {
    const frames = parseV8Stack(
      [
        "TypeError: s.middle is not a function",
        "    at median (median.ts:4:22)",
        "    at TestContext.<anonymous> (median.test.ts:4:32)",
        "    at Test.runInAsyncScope (node:async_hooks:206:9)",
        "    at async Test.run (node:internal/test_runner/test:796:25)",
      ].join("\n"),
    );
    expect(frames).toEqual([
      { file: "median.test.ts", line: 4, column: 32, function: "TestContext.<anonymous>" },
      { file: "median.ts", line: 4, column: 22, function: "median" },
    ]);
  });
});

describe("parseNodeCrash (recorded stderr of real crashes)", () => {
  it("reads an error thrown while a module loads, with its frames", () => {
    const error = parseNodeCrash(fixture("import-time-reference-error.stderr.txt"));
    expect(error).toMatchObject({ type: "ReferenceError", message: "Cannot access 'settings' before initialization" });
    expect(error?.frames.at(-1)).toMatchObject({ file: "throws-at-import.js", line: 2 });
    expect(classifyError("javascript", error!)).toBe("name");
  });

  it("recognises V8 running out of heap as a memory error", () => {
    const error = parseNodeCrash(fixture("heap-out-of-memory.stderr.txt"));
    expect(error).toMatchObject({ type: "FatalError", message: "Reached heap limit Allocation failed - JavaScript heap out of memory" });
    expect(classifyError("javascript", error!)).toBe("memory");
  });
});
