import { describe, expect, it } from "vitest";
import type { ExecResult } from "../shared/exec-result.js";
import type { ExecSpec, Sandbox } from "../shared/sandbox.js";
import { validate } from "./validate.js";

/** A sandbox whose runs start, say so, and go on until their signal aborts them, as a long test run would. */
function holdingSandbox(): Sandbox & { specs: ExecSpec[] } {
  const specs: ExecSpec[] = [];
  return {
    specs,
    run(spec: ExecSpec): Promise<ExecResult> {
      specs.push(spec);
      spec.onSpawn?.();
      return new Promise((resolve) => {
        const killed = () => resolve({ exitCode: null, signal: "SIGKILL", reason: "killed", timedOut: false, outputLimited: false, stdout: "", stderr: "", durationMs: 1 });
        if (spec.signal?.aborted) killed();
        spec.signal?.addEventListener("abort", killed, { once: true });
      });
    },
    close: async () => {},
  };
}

const TESTS = [{ path: "sum.test.js", content: 'const test = require("node:test");\nconst assert = require("node:assert");\nconst { sum } = require("./sum.js");\n\ntest("sum", () => assert.strictEqual(sum(1, 2), 3));\n' }];

describe("validate with overlapTests", () => {
  it("starts the test run before the static layers and kills it when one of them fails, reporting that layer", async () => {
    const sandbox = holdingSandbox();
    const result = await validate(
      { language: "javascript", entry: "sum.js", code: "function sum(a, b) {\n  return a + b;\n\nmodule.exports = { sum };\n", tests: TESTS },
      { sandbox, overlapTests: true },
    );
    expect(sandbox.specs).toHaveLength(1);
    expect(sandbox.specs[0].signal?.aborted).toBe(true);
    expect(result).toMatchObject({ passed: false, stage: "syntax", errorType: "syntax" });
    expect(result.layers.map((layer) => [layer.name, layer.status, layer.reason])).toEqual([
      ["syntax", "fail", undefined],
      ["imports", "skipped", "stopped at syntax"],
      ["network", "skipped", "stopped at syntax"],
      ["lint", "skipped", "stopped at syntax"],
      ["types", "skipped", "stopped at syntax"],
      ["tests", "skipped", "stopped at syntax"],
    ]);
  });

  it("reports a lint failure the same as without it", async () => {
    const input = { language: "javascript" as const, entry: "sum.js", code: "function sum(a, b) {\n  return a + totl;\n}\n\nmodule.exports = { sum };\n", tests: TESTS };
    const alone = await validate(input, { sandbox: holdingSandbox() });
    const overlapped = await validate(input, { sandbox: holdingSandbox(), overlapTests: true });
    const withoutTimes = (result: typeof alone) => ({ ...result, executions: undefined, layers: result.layers.map((layer) => ({ ...layer, durationMs: 0 })) });
    expect(alone.stage).toBe("lint");
    expect(withoutTimes(overlapped)).toEqual(withoutTimes(alone));
  });
});
