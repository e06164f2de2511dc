import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunResult } from "../../shared/run-result.js";
import { cannedReplies, startScriptedServer } from "../../testkit/index.js";
import { runMendInTerminal } from "./__fixtures__/spawn-mend.js";

const JS_TESTS = `import { test } from "node:test";
import assert from "node:assert/strict";
import { median } from "./median.js";

test("odd", () => assert.equal(median([3, 1, 2]), 2));
test("even", () => assert.equal(median([4, 1, 3, 2]), 2.5));
test("numbers sort as numbers", () => assert.equal(median([10, 9, 8]), 9));
`;
const PROMPT = "mend: approve this verified code? [y/N]";
// A real validation, an offline search that finds nothing (5 s) and a model fix, on a loaded
// two-core machine.
const SLOW = 240_000;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "mend-cli-approve-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `mend repair NAME.js --write --approve` on a terminal, answering the question with `answer`. */
async function repairAnswering(answer: string, name: string) {
  // The draft sorts as strings; the offline engine cannot add the comparator, the model's reply does.
  const file = join(dir, `${name}.js`);
  writeFileSync(file, cannedReplies.javascript.code.wrong);
  writeFileSync(join(dir, `${name}.test.js`), JS_TESTS.replace("./median.js", `./${name}.js`));
  const server = await startScriptedServer([{ reply: cannedReplies.javascript.right }]);
  const runsDir = join(dir, `runs-${name}`);
  try {
    const args = ["repair", `${name}.js`, "--tests", `${name}.test.js`, "--write", "--approve"];
    const exit = await runMendInTerminal([...args, "--model", "openai:scripted", "--base-url", server.url, "--no-review", "--runs-dir", runsDir], {
      cwd: dir,
      env: { OPENAI_API_KEY: "test-key" },
      prompt: PROMPT,
      answers: [answer],
      timeoutMs: SLOW - 10_000,
    });
    const runId = /run (\d{8}-\d{6}-[0-9a-f]{6})/.exec(exit.stdout)?.[1] ?? "";
    const result = JSON.parse(readFileSync(join(runsDir, runId, "run.json"), "utf8")) as RunResult;
    return { exit, result, written: readFileSync(file, "utf8"), requests: server.requests.length };
  } finally {
    await server.close();
  }
}

describe("--approve on a terminal", () => {
  it("asks once, shows the change, and writes the verified code after y (exit 0)", async () => {
    const { exit, result, written, requests } = await repairAnswering("y", "approved");
    expect(exit.code, exit.stdout).toBe(0);
    expect(exit.stdout.split(PROMPT)).toHaveLength(2);
    // The change is shown above the question.
    const beforeQuestion = exit.stdout.slice(0, exit.stdout.indexOf(PROMPT));
    expect(beforeQuestion).toContain("+  const ordered = [...values].sort((a, b) => a - b);");
    expect(result).toMatchObject({ status: "passed", reason: "passed", verified: true });
    expect(result.pending).toBeUndefined();
    expect(written).toBe(result.code);
    expect(written).not.toBe(cannedReplies.javascript.code.wrong);
    expect(requests).toBe(1);
  }, SLOW);

  it("leaves the file as it was after n, and stops with reason rejected (exit 1)", async () => {
    const { exit, result, written, requests } = await repairAnswering("n", "rejected");
    expect(exit.code, exit.stdout).toBe(1);
    expect(exit.stdout.split(PROMPT)).toHaveLength(2);
    expect(exit.stdout).toMatch(/stopped: rejected/);
    // The code the run returns still passed validation; it was only not accepted.
    expect(result).toMatchObject({ status: "failed", reason: "rejected", verified: true });
    expect(written).toBe(cannedReplies.javascript.code.wrong);
    expect(result.code).not.toBe(written);
    expect(requests).toBe(1);
  }, SLOW);
});
