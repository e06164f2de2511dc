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
