import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSandbox } from "../sandbox/create-sandbox.js";
import type { Sandbox } from "../shared/sandbox.js";
import { batchOf, type CandidateSet, counting, judge } from "./__fixtures__/warm-runner-harness.js";
import { createBatchRunner } from "./batch-candidate-runner.js";
import type { RunnerSetup } from "./candidate-runner.js";
import { repairOffline } from "./repair-offline.js";
import { createWarmPythonRunner } from "./warm-python-runner.js";

// A small project as people have it: the program imports a sibling module, a conftest fixture
// reads a data file, and the tests import the program.
const STOCK = [
  "from units import packs",
  "",
  "",
  "def reorder(on_hand, wanted):",
  '    """Packs to order so that the stock reaches `wanted`."""',
  "    missing = wanted + on_hand",
  "    if missing <= 0:",
  "        return 0",
  "    return packs(missing)",
  "",
].join("\n");
const FILES: Record<string, string> = {
  "units.py": "PACK = 6\n\n\ndef packs(n):\n    return -(-n // PACK)\n",
  "conftest.py": [
    "import json",
    "from pathlib import Path",
    "",
    "import pytest",
    "",
    "",
    "@pytest.fixture",
    "def orders():",
    '    return json.loads((Path(__file__).parent / "data" / "orders.json").read_text())',
    "",
  ].join("\n"),
  "data/orders.json": "[[0, 6, 1], [4, 13, 2], [12, 12, 0]]\n",
  "pyproject.toml": '[project]\nname = "stock"\nversion = "0.1"\n',
};
const TESTS = [
  "from stock import reorder",
  "",
  "",
  "def test_nothing_missing():",
  "    assert reorder(10, 5) == 0",
  "",
  "",
  "def test_orders(orders):",
  "    for on_hand, wanted, expected in orders:",
  "        assert reorder(on_hand, wanted) == expected",
  "",
  "",
  "def test_one_pack():",
  "    assert reorder(0, 6) == 1",
  "",
].join("\n");

const sandbox = createSandbox({ onWarning: () => {} });
let root: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "mend-warm-"));
  await mkdir(join(root, "data"));
  for (const [path, content] of Object.entries({ ...FILES, "stock.py": STOCK, "test_stock.py": TESTS })) await writeFile(join(root, path), content);
});

afterAll(async () => {
  await sandbox.close();
  await rm(root, { recursive: true, force: true });
});

function setupFor(box: Sandbox): RunnerSetup {
  const files = [...Object.keys(FILES), "stock.py", "test_stock.py"];
  return {
    language: "python",
    entry: "stock.py",
    code: STOCK,
    tests: [{ path: "test_stock.py", content: TESTS }],
    sandbox: box,
    jobs: 2,
    project: { root, files },
  };
}

const edit = (from: string, to: string) => STOCK.replace(from, to);
const CANDIDATES = [
  { id: 1, code: edit("wanted + on_hand", "wanted - on_hand") },
  { id: 2, code: edit("wanted + on_hand", "wanted * on_hand") },
  { id: 3, code: edit("def reorder(on_hand, wanted):", "def reorder(on_hand, wanted:") },
  // A mutant that loops forever: only its CPU limit ends it.
  { id: 4, code: edit("    if missing <= 0:", "    while missing:\n        pass\n    if missing <= 0:") },
  { id: 5, code: edit("from units import packs", "from units import pack_count") },
  { id: 6, code: edit("def reorder(", "def re_order(") },
  { id: 7, code: edit("    if missing <= 0:", "    missing = wanted - on_hand\n    if missing <= 0:") },
  { id: 8, code: edit("return 0", "return -1") },
];

const SET: CandidateSet = { candidates: CANDIDATES, cpuMs: 400 };

describe("the warm Python runner", () => {
  it("gives each candidate of a project the per-batch runner's verdict, from one server for every batch", async () => {
    const box = counting(sandbox);
    const warm = await judge(createWarmPythonRunner(setupFor(box)), SET, [[1, 2, 3, 4], [5, 6, 7, 8]], 600);
    const batch = await judge(createBatchRunner(setupFor(sandbox)), SET, [[1, 2, 3, 4, 5, 6, 7, 8]], 600);
    expect(box.started).toHaveLength(1);
    expect(warm).toEqual(batch);
    // test_orders checks its three cases in a loop: a result per case, and the test's own.
    expect(warm.tests.map((test) => [test.id, test.outcome])).toEqual([
      ["test_stock.py::test_nothing_missing", "failed"],
      ["test_stock.py::test_orders::assert@line 10", "passed"],
      ["test_stock.py::test_orders::assert@line 10#2", "failed"],
      ["test_stock.py::test_orders::assert@line 10#3", "failed"],
      ["test_stock.py::test_orders", "passed"],
      ["test_stock.py::test_one_pack", "passed"],
    ]);
    expect(warm.verdicts[1]).toMatchObject({ failingPassed: 3, restPassed: 3 });
    expect(warm.verdicts[3]).toMatchObject({ invalid: true });
    expect(warm.verdicts[4]).toMatchObject({ timedOut: true });
    // Closed with the runner, the hanging mutant's server included.
    await Promise.all(box.started.map((process) => process.exited));
  });

  it("falls back to a run per batch on a sandbox that cannot start long-lived programs", async () => {
    const runOnly: Sandbox = { run: (spec) => sandbox.run(spec), close: async () => {} };
    const result = await judge(createWarmPythonRunner(setupFor(runOnly)), SET, [[1, 2]], 600);
    expect(result.verdicts[1]).toMatchObject({ failingPassed: 3, restPassed: 3 });
    expect(result.verdicts[2]).toMatchObject({ failingPassed: 0 });
  });

  it("keeps a repair whose program and mutants hang within its budget, and ends its servers with it", async () => {
    const box = counting(sandbox);
    const budgetMs = 3_000;
    const result = await repairOffline(
      {
        language: "python",
        entry: "digits.py",
        code: 'def digit_sum(n):\n    """Sum of the decimal digits of n >= 0."""\n    total = 0\n    while n > 0:\n        total += n // 10\n    return total\n',
        tests: [
          {
            path: "test_digits.py",
            content:
              "from digits import digit_sum\n\n\ndef test_zero():\n    assert digit_sum(0) == 0\n\n\n" +
              "def test_one_digit():\n    assert digit_sum(7) == 7\n\n\ndef test_several_digits():\n    assert digit_sum(1234) == 10\n",
          },
        ],
      },
      { sandbox: box, timeBudgetMs: budgetMs },
    );
    expect(result).toMatchObject({ status: "not_fixed", reason: expect.stringMatching(/^time budget spent/) });
    // The engine's contract: its budget, plus what stopping a runner takes (see DEADLINE_GRACE_MS).
    expect(result.durationMs).toBeLessThanOrEqual(budgetMs + 2_000);
    expect(box.started.length).toBeGreaterThan(0);
    await Promise.all(box.started.map((process) => process.exited));
  });
});
