import { describe, expect, it } from "vitest";
import { cannedReplies } from "../../testkit/index.js";
import { recordedChecks } from "../__fixtures__/recorded-checks.js";
import { toDiagnosis } from "../to-diagnosis.js";
import { generatePrompt } from "./generate-prompt.js";
import { repairPrompt } from "./repair-prompt.js";

const { code } = cannedReplies.python;
const task = {
  prompt: "Write median(values): the median of a non-empty list.",
  language: "python" as const,
  entry: "median.py",
  tests: [{ path: "test_median.py", content: code.tests }],
};
const diagnosis = toDiagnosis(recordedChecks.wrong);
const earlier = "def median(values):\n    return values[0]\n";

describe("repairPrompt", () => {
  const messages = repairPrompt({
    task,
    code: code.wrong,
    diagnosis,
    recent: [
      { n: 3, strategy: "fix", code: earlier, diagnosis },
      { n: 4, strategy: "fix", code: code.wrong, diagnosis },
    ],
    older: ["attempt 1 (generate): assertion at line 5: 1 of 2 tests failed", "attempt 2 (fix): lint at line 2: F821"],
    avoid: ["attempt 1 (generate): assertion at line 5: test_even expected 2.5, got 3"],
    plan: false,
    notes: [],
  });
  const user = messages[1].content;

  it("carries the requirement, the tests, the current code and the diagnosis with expected vs actual", () => {
    expect(messages[0].role).toBe("system");
    expect(user).toContain(task.prompt);
    expect(user).toContain(code.tests.trim());
    expect(user).toContain(code.wrong.trim());
    expect(user).toContain(`Error type: ${diagnosis.errorType}`);
    const failure = diagnosis.tests?.failures[0];
    expect(user).toContain(`expected ${failure?.expected}, actual ${failure?.actual}`);
    if (diagnosis.location) expect(user).toContain(`line ${diagnosis.location.line}`);
  });

  it("shows the previous attempt in full, older ones one line each, and a do-not-repeat list", () => {
    expect(user).toContain("### Attempt 3 (fix)");
    expect(user).toContain(earlier.trim());
    expect(user).toContain("- attempt 2 (fix): lint at line 2: F821");
    expect(user).toMatch(/## Do not repeat these[\s\S]*attempt 1 \(generate\)/);
  });

  it("gives concrete instructions: change only what the error implicates, keep the tests", () => {
    expect(user).toMatch(/Change only what the error implicates/);
    expect(user).toMatch(/Keep the tests as they are/);
    expect(user).not.toMatch(/## Plan|under a heading `Plan`/);
  });

  it("asks for a plan first under plan-then-fix, with the analysis notes", () => {
    const planned = repairPrompt({ task, code: code.wrong, diagnosis, recent: [], older: [], avoid: [], plan: true, notes: ["Attempt 4 fails exactly like attempt 2."] });
    expect(planned[1].content).toMatch(/under a heading `Plan`/);
    expect(planned[1].content).toContain("Attempt 4 fails exactly like attempt 2.");
  });
});

describe("repairPrompt for a large file", () => {
  const context = {
    files: [{ path: "stats/io.py", shown: "signatures" as const, text: "def read_values(path):\n    ...", reason: "imported by the failing file" as const }],
    elided: ["stats/plots.py"],
  };
  const base = { task, code: code.wrong, diagnosis, recent: [{ n: 2, strategy: "fix", code: earlier, diagnosis }], older: [], avoid: [], plan: false, notes: [], context };

  it("asks for search/replace blocks with the format shown, earlier attempts one line each, and the other files by signatures", () => {
    const [system, user] = repairPrompt({ ...base, edits: true });
    expect(system.content).toMatch(/search\/replace edit blocks/);
    expect(user.content).toMatch(/## How to reply\n`median\.py` is long/);
    expect(user.content).toContain("median.py\n```python\n<<<<<<< SEARCH\n");
    expect(user.content).not.toContain("Return the complete corrected file");
    expect(user.content).toContain("- attempt 2 (fix)");
    expect(user.content).not.toContain(earlier.trim());
    expect(user.content).toContain("### stats/io.py (imported by the failing file; signatures only)\n```python\ndef read_values(path):\n    ...\n```");
    expect(user.content).toMatch(/Not shown, to keep this prompt within \d+ bytes of context: `stats\/plots\.py`/);
  });

  it("after edits that did not apply, keeps the model's reply in the conversation and says why", () => {
    const messages = repairPrompt({ ...base, edits: true, editFailure: { reply: "median.py\n<<<<<<< SEARCH\nx\n=======\ny\n>>>>>>> REPLACE", reason: "the edit block (`median.py`): its SEARCH part is not in the file" } });
    expect(messages.map((message) => message.role)).toEqual(["system", "user", "assistant", "user"]);
    expect(messages[2].content).toContain("<<<<<<< SEARCH\nx");
    expect(messages[3].content).toMatch(/^Your edits could not be applied: the edit block \(`median\.py`\): its SEARCH part is not in the file\nThe files are unchanged\. Reply again with edit blocks/);
    const whole = repairPrompt({ ...base, edits: false, editFailure: { reply: "…", reason: "still wrong" } });
    expect(whole[3].content).toMatch(/Reply with the complete corrected `median\.py` in one code block/);
  });
});

describe("generatePrompt", () => {
  it("asks for the whole program from the requirement and the tests", () => {
    const user = generatePrompt({ task })[1].content;
    expect(user).toContain(task.prompt);
    expect(user).toContain("`median.py`");
    expect(user).not.toContain("What failed so far");
  });

  it("for a fresh approach, summarizes what failed instead of showing the failing code", () => {
    const user = generatePrompt({ task, failedSummary: ["attempt 1 (generate): assertion"], avoid: ["attempt 1 (generate): assertion"] })[1].content;
    expect(user).toContain("## What failed so far\n- attempt 1 (generate): assertion");
    expect(user).toMatch(/different approach/);
  });
});
