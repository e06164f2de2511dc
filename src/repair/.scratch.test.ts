import { test } from "vitest";
import { createCandidateRunner } from "./candidate-runner.js";
import { createSandbox } from "../sandbox/create-sandbox.js";
test("py", async () => {
  const code = "def median(xs):\n    s = sorted(xs)\n    n = len(s)\n    mid = n // 2\n    if n % 2 == 1:\n        return s[mid]\n    return (s[mid] + s[mid]) / 2\n";
  const tests = [{ path: "test_median.py", content: "from median import median\nimport pytest\n\ndef test_odd():\n    assert median([3, 1, 2]) == 2\n\ndef test_even():\n    assert median([4, 1, 3, 2]) == 2.5\n\n@pytest.mark.parametrize('xs,m', [([1], 1), ([1, 2], 1.5)])\ndef test_param(xs, m):\n    assert median(xs) == m\n" }];
  const sandbox = createSandbox();
  const r = createCandidateRunner({ language: "python", entry: "median.py", code, tests, sandbox, jobs: 2 });
  for (let i = 0; i < 3; i++) { const t = Date.now(); const b = await r.baseline(2000, 10000); console.log("baseline", Date.now() - t, b.status); }
  const cands = Array.from({ length: 40 }, (_, i) => ({ id: i, code: code.replace("/ 2", "/ " + (i + 3)) }));
  for (let i = 0; i < 2; i++) { const t = Date.now(); const v = await r.evaluate({ candidates: cands, failing: ["test_median.py::test_even"], passing: ["test_median.py::test_odd"], timeoutMs: 1000, budgetMs: 10000, extraAfterPlausible: 10 }); console.log("eval40", Date.now() - t, v.verdicts.length, v.verdicts.map(x => Math.round(x.durationMs)).join(",")); }
  const t = Date.now(); const x = await sandbox.run({ command: ["python3", "-c", "pass"], files: {}, timeoutMs: 5000 }); console.log("bare", Date.now() - t, x.durationMs);
  const t2 = Date.now(); await sandbox.run({ command: ["python3", "-c", "import pytest"], files: {}, timeoutMs: 5000 }); console.log("pytest import", Date.now() - t2);
  await sandbox.close();
});
