// Per-candidate time of validating a small program against a small test file, three ways:
// a plain spawn of the test tool on the host (no isolation), the strong tier (one sandboxed
// `python3 -m pytest` / `node --test` per candidate) and the fast tier (a warm runner inside
// the same isolation). Also the strong tier's fixed cost on a program that does nothing.
// From the built dist/. Tiers run in alternating blocks, so that a change in machine load
// hits all of them; the fast tier's candidates run back to back, as the repair engine's do.
// Then the repair engine's Python and JavaScript paths: its candidate runner's baseline and batches of
// candidates (right and wrong alternated) as the engine sends them, per candidate inside a batch
// (wall, CPU of the candidate's own process) and amortized over the batches with every start-up
// (the engine's per-candidate cost: a warm server starts once per runner, a per-batch runner
// once per batch).
// Options: `--candidates N` per tier and language (default 15), `--rounds R` (default 3),
// `--repair-candidates N` over the repair batches (default 60), `--repair-batches B` (default 4).
// `--repair-only` skips the tiers and measures the repair path alone.
// MEND_BENCH_DIST=DIR runs another build (a main checkout's dist/, for before/after figures).
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const dist = process.env.MEND_BENCH_DIST ?? join(root, "dist");
if (!existsSync(join(dist, "sandbox/fast-runner.js"))) {
  console.error("bench:sandbox: dist/ is missing: run npm run build first");
  process.exit(2);
}
const { createSandbox } = await import(join(dist, "sandbox/create-sandbox.js"));
const { createFastRunner } = await import(join(dist, "sandbox/fast-runner.js"));
const { resolveProgram } = await import(join(dist, "sandbox/resolve-program.js"));
const { createCandidateRunner } = await import(join(dist, "repair/create-candidate-runner.js"));

const { values } = parseArgs({
  options: {
    candidates: { type: "string", default: "15" },
    rounds: { type: "string", default: "3" },
    "repair-candidates": { type: "string", default: "60" },
    "repair-batches": { type: "string", default: "4" },
    "repair-only": { type: "boolean", default: false },
  },
});
const perRound = Math.max(1, Math.ceil(Number(values.candidates) / Number(values.rounds)));
const rounds = Math.max(1, Number(values.rounds));

// Two candidates of the same program, one right and one wrong, alternated: each run must
// load the candidate's own code (a stale module would give the wrong verdict).
const PYTHON = {
  language: "python",
  candidates: [
    "def median(xs):\n    s = sorted(xs)\n    n = len(s)\n    if n == 0:\n        raise ValueError('empty')\n    return s[n // 2] if n % 2 else (s[n // 2 - 1] + s[n // 2]) / 2\n",
    "def median(xs):\n    s = sorted(xs)\n    return s[len(s) // 2]\n",
  ],
  program: "median.py",
  tests: {
    "test_median.py":
      "import pytest\nfrom median import median\n\n\ndef test_odd():\n    assert median([3, 1, 2]) == 2\n\n\n" +
      "def test_even():\n    assert median([4, 1, 3, 2]) == 2.5\n\n\ndef test_empty():\n    with pytest.raises(ValueError):\n        median([])\n",
  },
  testFiles: ["test_median.py"],
  command: ["python3", "-m", "pytest", "-q", "-p", "no:cacheprovider", "test_median.py"],
  trivial: ["python3", "-c", "pass"],
};
const NODE = {
  language: "javascript",
  candidates: [
    "export function median(xs) {\n  const s = [...xs].sort((a, b) => a - b);\n  const n = s.length;\n  if (n === 0) throw new Error('empty');\n  return n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;\n}\n",
    "export function median(xs) {\n  const s = [...xs].sort((a, b) => a - b);\n  return s[Math.floor(s.length / 2)];\n}\n",
  ],
  program: "median.js",
  tests: {
    "median.test.js":
      "import { test } from 'node:test';\nimport assert from 'node:assert/strict';\nimport { median } from './median.js';\n\n" +
      "test('odd', () => assert.equal(median([3, 1, 2]), 2));\ntest('even', () => assert.equal(median([4, 1, 3, 2]), 2.5));\n" +
      "test('empty', () => assert.throws(() => median([]), /empty/));\n",
    "package.json": '{"type":"module"}',
  },
  testFiles: ["median.test.js"],
  command: ["node", "--test", "median.test.js"],
  trivial: ["node", "-e", "0"],
};

const sandbox = createSandbox();
const capabilities = await sandbox.capabilities();

/** The same command as the strong tier, spawned on the host in a fresh folder: the baseline. */
async function plainSpawn(argv, files) {
  const dir = mkdtempSync(join(tmpdir(), "mend-bench-"));
  try {
    for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
    // The interpreter's real path, as the sandbox uses it: a pyenv shim would add its own start-up.
    const program = (await resolveProgram(argv[0])).path;
    const started = performance.now();
    const code = await new Promise((resolve) => {
      const child = spawn(program, argv.slice(1), { cwd: dir, stdio: "ignore", env: { PATH: process.env.PATH, HOME: dir } });
      child.on("close", resolve);
    });
    return { ms: performance.now() - started, code };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function strong(argv, files) {
  const started = performance.now();
  const result = await sandbox.run({ command: argv, files, timeoutMs: 60_000 });
  return { ms: performance.now() - started, code: result.exitCode };
}

function filesOf(subject, i) {
  return { [subject.program]: subject.candidates[i % 2], ...subject.tests };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function measure(subject, runnerOptions = {}) {
  const runner = createFastRunner({ language: subject.language, ...runnerOptions });
  const startup = performance.now();
  await runner.runTests(filesOf(subject, 0), { testFiles: subject.testFiles, timeoutMs: 60_000 });
  const startupMs = performance.now() - startup;
  const times = { plain: [], strong: [], fast: [] };
  const verdicts = { plain: [], strong: [], fast: [] };
  let standIn = 0;
  for (let round = 0; round < rounds; round++) {
    for (let i = 0; i < perRound; i++) {
      const run = await plainSpawn(subject.command, filesOf(subject, i));
      times.plain.push(run.ms);
      verdicts.plain.push(run.code === 0);
    }
    for (let i = 0; i < perRound; i++) {
      const run = await strong(subject.command, filesOf(subject, i));
      times.strong.push(run.ms);
      verdicts.strong.push(run.code === 0);
    }
    for (let i = 0; i < perRound; i++) {
      const started = performance.now();
      const result = await runner.runTests(filesOf(subject, i), { testFiles: subject.testFiles, timeoutMs: 60_000 });
      times.fast.push(performance.now() - started);
      verdicts.fast.push(result.reason === "ok");
      if (result.standIn) standIn += 1;
    }
  }
  await runner.close();
  // Every tier must agree on every candidate (right, wrong, right...), or the timing means nothing.
  const expected = Array.from({ length: perRound * rounds }, (_, k) => k % perRound % 2 === 0);
  for (const tier of ["plain", "strong", "fast"]) {
    if (verdicts[tier].some((ok, k) => ok !== expected[k])) throw new Error(`${subject.language}: ${tier} tier gave wrong verdicts`);
  }
  return { startupMs, plain: median(times.plain), strong: median(times.strong), fast: median(times.fast), standIn, count: times.fast.length };
}

async function overhead(argv) {
  const plain = [];
  const strongs = [];
  for (let i = 0; i < 7; i++) {
    plain.push((await plainSpawn(argv, {})).ms);
    strongs.push((await strong(argv, {})).ms);
  }
  return { plain: median(plain), strong: median(strongs) };
}

const ms = (x) => `${Math.round(x)} ms`.padStart(9);
const ratio = (a, b) => `${(a / b).toFixed(1)}x`.padStart(7);

console.log(`bench:sandbox  ${perRound * rounds} candidates per tier, median per candidate; load average ${loadavg().map((x) => x.toFixed(1)).join(" ")}`);
console.log(
  `strong tier: ${capabilities.warnings.length ? `DEGRADED (${capabilities.warnings.join("; ")})` : `bubblewrap + seccomp + cgroups v${capabilities.cgroups?.version ?? 1} + rlimits + disk quota`}`,
);
console.log("");
console.log(`${"".padEnd(30)}${"plain".padStart(9)}${"strong".padStart(9)}${"fast".padStart(9)}${"strong/fast".padStart(13)}${"plain/fast".padStart(12)}  goal >= 5x`);
// The JavaScript fast tier runs a suite under mendloop's node:test stand-in once it agreed with
// node:test on a candidate (the default); the last row is node:test itself, a fresh worker each.
const rows = [
  { subject: PYTHON, label: "python3 -m pytest (3 tests)" },
  { subject: NODE, label: "node --test (3 tests)" },
  { subject: NODE, label: "  fast tier without stand-in", options: { nodeTestRunner: "node-test" } },
];
for (const { subject, label, options } of values["repair-only"] ? [] : rows) {
  const figures = await measure(subject, options);
  // The goal holds against both ways of running a candidate without the fast tier.
  const met = Math.min(figures.strong, figures.plain) / figures.fast >= 5 ? "met" : "NOT met";
  console.log(
    `${label.padEnd(30)}${ms(figures.plain)}${ms(figures.strong)}${ms(figures.fast)}${ratio(figures.strong, figures.fast).padStart(13)}` +
      `${ratio(figures.plain, figures.fast).padStart(12)}  ${met}`,
  );
  const how = subject.language === "python" ? "" : `; ${figures.standIn} of ${figures.count} candidates under the node:test stand-in`;
  console.log(`${"".padEnd(30)}fast tier start-up (once per runner): ${Math.round(figures.startupMs)} ms${how}`);
}

/** The repair engine's candidate runner on a subject: baseline, then `batches` batches. */
async function repairPath(subject, count, batches) {
  const files = Object.entries(subject.tests).map(([path, content]) => ({ path, content }));
  const runner = createCandidateRunner({
    language: subject.language,
    entry: subject.program,
    code: subject.candidates[1],
    tests: files.filter((file) => subject.testFiles.includes(file.path)),
    support: files.filter((file) => !subject.testFiles.includes(file.path)),
    sandbox,
    jobs: 2,
  });
  try {
    const baselineStarted = performance.now();
    // The engine's per-test limits of a baseline (repair-offline.ts): node starts its test runner first.
    const baseline = await runner.baseline(subject === PYTHON ? 600 : 2_000, 60_000);
    const baselineMs = performance.now() - baselineStarted;
    if (baseline.status !== "ok") throw new Error(`repair path baseline failed: ${baseline.reason}`);
    const failing = baseline.tests.filter((test) => test.outcome !== "passed").map((test) => test.id);
    const passing = baseline.tests.filter((test) => test.outcome === "passed").map((test) => test.id);
    const candidates = Array.from({ length: count }, (_, i) => ({ id: i + 1, code: subject.candidates[i % 2] }));
    const size = Math.ceil(count / batches);
    const verdicts = [];
    const batchTimes = [];
    for (let first = 0; first < count; first += size) {
      const started = performance.now();
      const outcome = await runner.evaluate({
        candidates: candidates.slice(first, first + size),
        failing,
        passing,
        timeoutMs: 10_000,
        cpuMs: 2_000,
        budgetMs: 120_000,
        extraAfterPlausible: count,
        originalHangs: false,
      });
      batchTimes.push(performance.now() - started);
      verdicts.push(...outcome.verdicts);
    }
    const plausible = (verdict) => verdict.failingPassed === verdict.failingTotal && verdict.restPassed === verdict.restTotal && !verdict.timedOut;
    for (const verdict of verdicts) {
      if (plausible(verdict) !== (verdict.id % 2 === 1)) throw new Error(`repair path: wrong verdict on candidate ${verdict.id}`);
    }
    if (verdicts.length !== count) throw new Error(`repair path: ${verdicts.length} of ${count} candidates ran`);
    const walls = verdicts.map((verdict) => verdict.durationMs);
    const cpus = verdicts.map((verdict) => verdict.cpuMs).filter((x) => typeof x === "number");
    const batchesMs = batchTimes.reduce((a, b) => a + b, 0);
    return { baselineMs, batchesMs, batchTimes, wall: median(walls), cpu: cpus.length ? median(cpus) : undefined };
  } finally {
    // A build without warm runners has nothing to close.
    await runner.close?.();
  }
}

const repairCount = Math.max(2, Number(values["repair-candidates"]));
const repairBatches = Math.max(1, Math.min(repairCount, Number(values["repair-batches"])));
// Python, then JavaScript (node:test through the stand-in); the same shape of batches.
for (const [subject, name] of [[PYTHON, "Python"], [NODE, "JavaScript"]]) {
  const repair = await repairPath(subject, repairCount, repairBatches);
  console.log("");
  console.log(
    `repair engine's ${name} candidate runner, ${repairCount} candidates in ${repairBatches} batches (2 at a time); ` +
      `load average ${loadavg().map((x) => x.toFixed(1)).join(" ")}; ${dist}`,
  );
  console.log(`  baseline${subject === PYTHON ? " with line tracing" : " with per-test coverage"} (start-up included): ${ms(repair.baselineMs)}`);
  console.log(`  batches: ${repair.batchTimes.map((time) => Math.round(time)).join(", ")} ms`);
  console.log(
    `  ${name} per-candidate cost in the repair engine (the batches over their candidates, start-ups included): ${Math.round(repair.batchesMs / repairCount)} ms` +
      (subject === PYTHON ? "  (goal <= 30 ms)" : ""),
  );
  console.log(`  per candidate inside a batch: wall ${Math.round(repair.wall)} ms, CPU ${repair.cpu === undefined ? "-" : `${repair.cpu.toFixed(1)} ms`} (medians)`);
}
console.log("");
console.log("strong tier overhead over a plain spawn (a program that does nothing):");
for (const argv of values["repair-only"] ? [] : [PYTHON.trivial, NODE.trivial]) {
  const figures = await overhead(argv);
  console.log(`  ${argv.join(" ").padEnd(28)}${ms(figures.plain)} plain ${ms(figures.strong)} strong  (+${Math.round(figures.strong - figures.plain)} ms)`);
}
await sandbox.close();
