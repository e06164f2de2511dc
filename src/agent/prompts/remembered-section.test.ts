import { describe, expect, it } from "vitest";
import { cannedReplies } from "../../testkit/index.js";
import { recordedChecks } from "../__fixtures__/recorded-checks.js";
import { toDiagnosis } from "../to-diagnosis.js";
import { repairPrompt } from "./repair-prompt.js";

const { code } = cannedReplies.python;
const task = {
  prompt: "Write median(values): the median of a non-empty list.",
  language: "python" as const,
  entry: "median.py",
  tests: [{ path: "test_median.py", content: code.tests }],
};
const diagnosis = toDiagnosis(recordedChecks.wrong);
const remembered = {
  summary: "1 of 2 tests failed; test_even: expected 2.5, got 3",
  diff: "--- stats.py\n+++ stats.py\n@@ -5,1 +5,1 @@\n-    return ordered[middle]\n+    return (ordered[middle - 1] + ordered[middle]) / 2",
  madeBy: "openai:gpt-4o-mini",
};
const prompt = (fixes: (typeof remembered)[]) =>
  repairPrompt({ task, code: code.wrong, diagnosis, recent: [], older: [], avoid: [], plan: false, notes: [], remembered: fixes })[1].content;

describe("the repair prompt's remembered fixes", () => {
  it("shows each as a similar failure fixed before, with its diff, after what failed now", () => {
    const user = prompt([remembered]);
    expect(user).toContain(`A similar failure (${remembered.summary}) was fixed before by:\n\`\`\`diff\n${remembered.diff}\n\`\`\``);
    expect(user.indexOf("## Fixed before")).toBeGreaterThan(user.indexOf("## What failed"));
  });

  it("has no such section when nothing was recalled", () => {
    expect(prompt([])).not.toContain("fixed before");
  });
});
