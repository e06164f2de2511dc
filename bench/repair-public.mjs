// The offline repair engine on public benchmarks it never saw, run the way a user runs it:
// `mend repair <buggy program> --tests <its test file> --model offline` (no model, no memory,
// the product's default offline budget) through the built CLI, one bug at a time.
//
// `--quixbugs DIR`: a checkout of jkoppel/QuixBugs (`git clone https://github.com/jkoppel/QuixBugs`).
// Each of the 40 Python programs is repaired with the checkout as the project root and its
// pytest file (python_testcases/test_NAME.py) as the tests. A test-passing patch ("plausible")
// is judged by bench/repair-public-judge.py in the sandbox, independently of the engine's run:
// every upstream JSON case (the two the upstream tests skip as taking minutes excepted) and a
// differential run against correct_python_programs/NAME.py on inputs derived from those cases
// (or, for the 9 graph programs, on 200 seeded random graphs). It counts as correct when every
// case passes and no derived input shows a difference; "= ref" means it is the reference fix.
//
// `--humanevalfix DIR`: DIR/python/<task>/{main.py,test_main.py,reference.py} and
// DIR/javascript/<task>/{main.js,main.test.js,reference.js} (HumanEvalFix tasks: the buggy
// program, the task's HumanEval test as pytest / node:test, the canonical solution). A Python
// patch is judged like a QuixBugs one, against reference.py on the test's literal inputs and inputs
// derived from them. A JavaScript patch is judged in the sandbox too: against reference.js on the
// literal arguments of the test file's calls of the program's functions and on inputs derived
// from them (numbers ±1, collections emptied or cut to one element), through the engine's own
// differential runner (the reference and the patch are two versions of main.js); correct when
// the task's tests pass (plausible) and no input shows a difference.
//
// Options: `--offline-seconds S` (the engine's budget per bug, default the product's 10),
// `--candidates N` (bound each bug by candidates instead, MEND_OFFLINE_MAX_CANDIDATES: what is
// found then hardly depends on the machine's load), `--filter TEXT`, `--json FILE`;
// MEND_BENCH_DIST=DIR runs another build of mend (an older one, to compare).
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { quantile, root, seconds } from "./repair-cases.mjs";

const NAME = "bench:repair-public";
const RUN_BACKSTOP_MS = 15 * 60_000;
const JUDGE_TIMEOUT_MS = 15 * 60_000;

const { values } = parseArgs({
  options: {
    quixbugs: { type: "string" },
    humanevalfix: { type: "string" },
    candidates: { type: "string" },
    "offline-seconds": { type: "string" },
    filter: { type: "string", default: "" },
    json: { type: "string" },
  },
});
function usage(message) {
  console.error(`${NAME}: ${message}`);
  process.exit(2);
}
if (!values.quixbugs && !values.humanevalfix) usage("give --quixbugs DIR (a checkout of jkoppel/QuixBugs) and/or --humanevalfix DIR");
if (values.candidates !== undefined && !/^[1-9]\d*$/.test(values.candidates)) usage(`--candidates takes a positive whole number, not ${values.candidates}`);
if (values["offline-seconds"] !== undefined && !(Number(values["offline-seconds"]) > 0)) usage(`--offline-seconds takes a positive number, not ${values["offline-seconds"]}`);
// MEND_BENCH_DIST runs another build (an older one, to compare), as the other repair benches do.
const dist = process.env.MEND_BENCH_DIST ?? join(root, "dist");
const cli = join(dist, "cli/main.js");
if (!existsSync(cli)) usage("dist/ is missing: run npm run build first");
const { createSandbox } = await import(join(dist, "sandbox/create-sandbox.js"));
const { testCalls, topLevelFunctions } = await import(join(dist, "repair/derive-inputs.js"));
const { renderLiteral } = await import(join(dist, "repair/literal-value.js"));
const { runDifferential } = await import(join(dist, "repair/differential-run.js"));
const { normalizedText, parseSource } = await import(join(dist, "repair/syntax-tree.js"));

const load = () => loadavg().map((value) => value.toFixed(2)).join(", ");
const mode = values.candidates
  ? `candidate-bounded (at most ${values.candidates} candidates per bug, MEND_OFFLINE_MAX_CANDIDATES): what is found hardly depends on the machine's load, times do`
  : `time-bounded (--offline-seconds ${values["offline-seconds"] ?? "10, the product default"}): under load fewer candidates run and fewer bugs are fixed`;
console.error(`${NAME}: ${mode}; load average ${load()}`);

/** Runs `mend repair` as a user would; resolves with its JSON result and the wall time. */
function mendRepair(program, tests, projectRoot) {
  const runsDir = mkdtempSync(join(tmpdir(), "mend-public-runs-"));
  const args = [cli, "repair", program, "--tests", tests, "--root", projectRoot, "--json", "--model", "offline", "--no-memory", "--no-review", "--runs-dir", runsDir];
  if (values["offline-seconds"]) args.push("--offline-seconds", values["offline-seconds"]);
  const env = { ...process.env };
  delete env.MEND_MODEL;
  if (values.candidates) env.MEND_OFFLINE_MAX_CANDIDATES = values.candidates;
  const started = Date.now();
  return new Promise((resolvePromise) => {
    const child = spawn(process.execPath, args, { cwd: runsDir, env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.resume();
    const timer = setTimeout(() => child.kill("SIGKILL"), RUN_BACKSTOP_MS);
    child.on("close", () => {
      clearTimeout(timer);
      let result = null;
      try {
        result = JSON.parse(stdout);
      } catch {
        result = null;
      }
      const engine = result?.runDir ? offlineEvent(join(result.runDir, "events.jsonl")) : null;
      rmSync(runsDir, { recursive: true, force: true });
      resolvePromise({ result, engine, wallMs: Date.now() - started });
    });
  });
}

/** The run's offline_repair event (the engine's search, found or not), from its event log. */
function offlineEvent(path) {
  if (!existsSync(path)) return null;
  const events = readFileSync(path, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line))
    .filter((event) => event.type === "offline_repair");
  return events.at(-1) ?? null;
}

function describeRun(result, engine) {
  return { offlineMs: engine?.durationMs ?? null, candidatesRun: engine?.candidatesRun ?? null, passed: result?.status === "passed" };
}

function notFixedReason(result, engine) {
  if (!result) return "no JSON from mend";
  if (engine?.reason) return `engine: ${engine.reason}`;
  if (!engine) return `engine did not run (${result.attempts?.[0]?.stage ?? "?"}: ${(result.attempts?.[0]?.summary ?? "").slice(0, 80)})`;
  return result.reason;
}

/** The changed lines of a patch, as `-old +new`, for the per-bug line. */
/**
 * A plausible patch is correct when every reference case passes and it is the reference fix, or
 * behaves as the reference on the derived inputs (at least one: with none derived, as when the
 * arguments are dicts, passing the cases alone proves nothing beyond the tests).
 */
function judgedCorrect(j) {
  return !j.error && j.testsPassed === j.testsTotal && (j.sameAsReference === true || (j.derivedInputs > 0 && j.derivedMismatches === 0));
}

function changedLines(before, after) {
  const a = before.split("\n");
  const b = after.split("\n");
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length - 1;
  let endB = b.length - 1;
  while (endA >= start && endB >= start && a[endA] === b[endB]) {
    endA--;
    endB--;
  }
  const removed = a.slice(start, endA + 1).map((line) => `-${line.trim()}`);
  const added = b.slice(start, endB + 1).map((line) => `+${line.trim()}`);
  return `@${start + 1} ${[...removed, ...added].join(" ")}`.slice(0, 160);
}

const results = [];
const sandbox = createSandbox({ onWarning: () => {} });
const judgeScript = readFileSync(join(root, "bench/repair-public-judge.py"), "utf8");

async function judgeQuixBugs(dir, name, code) {
  const files = {
    "judge.py": judgeScript,
    "candidate.py": code,
    "correct.py": readFileSync(join(dir, "correct_python_programs", `${name}.py`), "utf8"),
    "node.py": readFileSync(join(dir, "python_programs/node.py"), "utf8"),
  };
  const command = ["python3", "judge.py", name, "candidate.py", "correct.py"];
  const cases = join(dir, "json_testcases", `${name}.json`);
  if (existsSync(cases)) {
    files["cases.json"] = readFileSync(cases, "utf8");
    command.push("cases.json");
  }
  const run = await sandbox.run({ command, files, timeoutMs: JUDGE_TIMEOUT_MS, cpuSeconds: JUDGE_TIMEOUT_MS / 1000 });
  try {
    return JSON.parse(run.stdout.trim().split("\n").pop());
  } catch {
    return { error: `${run.reason}: ${(run.stderr ?? "").trim().split("\n").pop()}` };
  }
}

/** HumanEvalFix (Python): the patch against the task's reference solution on the test's own inputs and inputs derived from them. */
async function judgeHumanEvalFix(taskDir, name, code) {
  const files = {
    "judge.py": judgeScript,
    "candidate.py": code,
    "reference.py": readFileSync(join(taskDir, "reference.py"), "utf8"),
    "cases.py": readFileSync(join(taskDir, "test_main.py"), "utf8"),
  };
  const run = await sandbox.run({ command: ["python3", "judge.py", name, "candidate.py", "reference.py", "cases.py"], files, timeoutMs: JUDGE_TIMEOUT_MS, cpuSeconds: JUDGE_TIMEOUT_MS / 1000 });
  try {
    return JSON.parse(run.stdout.trim().split("\n").pop());
  } catch {
    return { error: `${run.reason}: ${(run.stderr ?? "").trim().split("\n").pop()}` };
  }
}

/**
 * The inputs the JavaScript judge derives from a test's call, as bench/repair-public-judge.py
 * derives them for Python: one argument changed at a time, integers by -1, +1 and to 0, floats
 * by +0.5 and x2, booleans negated, arrays and strings without their first or last element, cut
 * to their first and emptied.
 */
function variantsOf(value) {
  switch (value.kind) {
    case "bool":
      return [{ kind: "bool", value: !value.value }];
    case "int":
      return [value.digits - 1n, value.digits + 1n, 0n].map((digits) => ({ kind: "int", digits }));
    case "float":
      return [value.value + 0.5, value.value * 2].map((number) => ({ kind: "float", value: number }));
    case "string": {
      const chars = [...value.value];
      if (chars.length === 0) return [];
      return [chars.slice(1), chars.slice(0, -1), chars.slice(0, 1), []].map((part) => ({ kind: "string", value: part.join("") }));
    }
    case "list":
    case "tuple": {
      const items = value.items;
      if (items.length === 0) return [];
      return [items.slice(1), items.slice(0, -1), items.slice(0, 1), []].map((part) => ({ kind: value.kind, items: part }));
    }
    default:
      return [];
  }
}

/**
 * HumanEvalFix (JavaScript): the patch against reference.js on the test file's literal calls of
 * the program's functions and on inputs derived from them, in the sandbox, through the engine's
 * differential runner (each version written over main.js in turn). An input on which the
 * reference throws or runs out of time breaks a precondition and is left out, as in the Python
 * judge. `testsPassed`/`testsTotal` count the literal calls that behave as the reference's.
 */
async function judgeJavaScript(taskDir, code) {
  const reference = readFileSync(join(taskDir, "reference.js"), "utf8");
  const tests = [{ path: "main.test.js", content: readFileSync(join(taskDir, "main.test.js"), "utf8") }];
  const functions = await topLevelFunctions("javascript", reference);
  const calls = await testCalls("javascript", tests, functions);
  const render = (name, args) => ({ name, args: `[${args.map((arg) => renderLiteral(arg, "javascript")).join(", ")}]` });
  const seen = new Set();
  const inputs = [];
  const add = (input, own) => {
    const key = `${input.name}\u0000${input.args}`;
    if (seen.has(key)) return;
    seen.add(key);
    inputs.push({ ...input, own });
  };
  for (const call of calls) add(render(call.name, call.args), true);
  for (const call of calls) {
    call.args.forEach((arg, index) => {
      for (const variant of variantsOf(arg)) add(render(call.name, call.args.map((other, at) => (at === index ? variant : other))), false);
    });
  }
  if (inputs.length === 0) return { error: "no literal call of the program's functions in the tests" };
  const versions = [{ id: 0, code: reference }, { id: 1, code }];
  const run = await runDifferential({ language: "javascript", entry: "main.js", tests, sandbox }, versions, inputs.map(({ name, args }) => ({ name, args })), JUDGE_TIMEOUT_MS);
  if (run.status !== "ok") return { error: run.reason };
  const want = run.outcomes.get(0);
  const got = run.outcomes.get(1);
  if (!want || !got) return { error: "the differential run did not reach both versions" };
  // The reference's own failure (a throw, a timeout) or a starved call says nothing.
  const judged = inputs.map((input, index) => ({ ...input, index })).filter(({ index }) => want[index].startsWith("=") && got[index] !== "!slow");
  const differs = ({ index }) => got[index] !== want[index];
  const normalize = async (text) => {
    const tree = await parseSource("javascript", text);
    try {
      return normalizedText(tree, text);
    } finally {
      tree.delete();
    }
  };
  const own = judged.filter((input) => input.own);
  const derived = judged.filter((input) => !input.own);
  const example = derived.find(differs);
  return {
    testsPassed: own.filter((input) => !differs(input)).length,
    testsTotal: own.length,
    derivedInputs: derived.length,
    derivedMismatches: derived.filter(differs).length,
    mismatchExample: example ? `${example.name}(${example.args.slice(1, -1)}): ${got[example.index]} for ${want[example.index]}` : null,
    sameAsReference: (await normalize(code)) === (await normalize(reference)),
  };
}

function printLine(entry) {
  const time = entry.offlineMs === null ? "-" : seconds(entry.offlineMs);
  const verdict = entry.outcome.padEnd(10);
  const judge = entry.judge
    ? entry.judge.error
      ? `judge failed: ${entry.judge.error}`
      : `cases ${entry.judge.testsPassed}/${entry.judge.testsTotal}, derived ${entry.judge.derivedInputs - entry.judge.derivedMismatches}/${entry.judge.derivedInputs}${entry.judge.sameAsReference ? " (= ref)" : ""}`
    : "";
  const cand = entry.candidatesRun === null ? "-" : String(entry.candidatesRun);
  console.log(`${verdict} ${entry.id.padEnd(42)} ${time.padStart(8)} ${cand.padStart(5)} cand ${seconds(entry.wallMs).padStart(8)}  ${judge}  ${entry.patch ?? entry.reason ?? ""}`);
}

try {
  if (values.quixbugs) {
    const dir = resolve(values.quixbugs);
    if (!existsSync(join(dir, "python_programs")) || !existsSync(join(dir, "python_testcases"))) usage(`${dir} is not a checkout of jkoppel/QuixBugs (no python_programs/ and python_testcases/)`);
    const names = readdirSync(join(dir, "python_programs"))
      .filter((file) => file.endsWith(".py") && file !== "node.py" && !file.endsWith("_test.py"))
      .map((file) => file.slice(0, -3))
      .filter((name) => `quixbugs/${name}`.includes(values.filter) && existsSync(join(dir, "python_testcases", `test_${name}.py`)))
      .sort();
    for (const name of names) {
      const program = join(dir, "python_programs", `${name}.py`);
      const { result, engine, wallMs } = await mendRepair(program, join(dir, "python_testcases", `test_${name}.py`), dir);
      const { offlineMs, candidatesRun, passed } = describeRun(result, engine);
      const entry = { id: `quixbugs/${name}`, suite: "quixbugs-python", offlineMs, candidatesRun, wallMs, outcome: "not_fixed", reason: notFixedReason(result, engine) };
      if (passed) {
        entry.patch = changedLines(readFileSync(program, "utf8"), result.code);
        entry.judge = await judgeQuixBugs(dir, name, result.code);
        const j = entry.judge;
        entry.outcome = judgedCorrect(j) ? "correct" : "overfitted";
        entry.sameAsReference = Boolean(j.sameAsReference);
      }
      results.push(entry);
      printLine(entry);
    }
  }
  if (values.humanevalfix) {
    const dir = resolve(values.humanevalfix);
    for (const [language, program, tests] of [
      ["python", "main.py", "test_main.py"],
      ["javascript", "main.js", "main.test.js"],
    ]) {
      if (!existsSync(join(dir, language))) continue;
      for (const task of readdirSync(join(dir, language)).sort()) {
        const id = `humanevalfix-${language}/${task}`;
        if (!id.includes(values.filter)) continue;
        const taskDir = join(dir, language, task);
        const { result, engine, wallMs } = await mendRepair(join(taskDir, program), join(taskDir, tests), taskDir);
        const { offlineMs, candidatesRun, passed } = describeRun(result, engine);
        const entry = { id, suite: `humanevalfix-${language}`, offlineMs, candidatesRun, wallMs, outcome: "not_fixed", reason: notFixedReason(result, engine) };
        if (passed) {
          entry.patch = changedLines(readFileSync(join(taskDir, program), "utf8"), result.code);
          entry.outcome = "plausible";
          if (language === "python" && existsSync(join(taskDir, "reference.py"))) {
            entry.judge = await judgeHumanEvalFix(taskDir, task.replace(/^\d+_/, ""), result.code);
            const j = entry.judge;
            entry.outcome = judgedCorrect(j) ? "correct" : "overfitted";
            entry.sameAsReference = Boolean(j.sameAsReference);
          }
          if (language === "javascript" && existsSync(join(taskDir, "reference.js"))) {
            entry.judge = await judgeJavaScript(taskDir, result.code);
            const j = entry.judge;
            entry.outcome = judgedCorrect(j) ? "correct" : "overfitted";
            entry.sameAsReference = Boolean(j.sameAsReference);
          }
        }
        results.push(entry);
        printLine(entry);
      }
    }
  }
} finally {
  await sandbox.close();
}

const percent = (part, whole) => (whole ? `${((100 * part) / whole).toFixed(0)}%` : "-");
console.log(`\noffline repair on public bugs (${mode})`);
console.log(`load average ${load()} (at the end of the run)`);
console.log(`${"".padEnd(22)} ${"bugs".padStart(5)} ${"plausible".padStart(11)} ${"correct".padStart(11)} ${"overfitted".padStart(10)} ${"= ref".padStart(6)} ${"median".padStart(8)} ${"median run".padStart(10)}`);
for (const suite of [...new Set(results.map((entry) => entry.suite))]) {
  const group = results.filter((entry) => entry.suite === suite);
  const plausible = group.filter((entry) => entry.outcome !== "not_fixed").length;
  const judged = group.some((entry) => entry.judge);
  const correct = group.filter((entry) => entry.outcome === "correct").length;
  const overfitted = group.filter((entry) => entry.outcome === "overfitted").length;
  const same = group.filter((entry) => entry.sameAsReference).length;
  const offline = group.map((entry) => entry.offlineMs).filter((ms) => ms !== null);
  console.log(
    `${suite.padEnd(22)} ${String(group.length).padStart(5)} ${`${plausible} (${percent(plausible, group.length)})`.padStart(11)} ` +
      `${judged ? `${correct} (${percent(correct, plausible)})`.padStart(11) : "-".padStart(11)} ${judged ? String(overfitted).padStart(10) : "-".padStart(10)} ` +
      `${judged ? String(same).padStart(6) : "-".padStart(6)} ${seconds(quantile(offline, 0.5)).padStart(8)} ${seconds(quantile(group.map((entry) => entry.wallMs), 0.5)).padStart(10)}`,
  );
}
console.log("correct: % of the plausible patches; median: the offline engine's search per bug (its offline_repair event); median run: the whole `mend repair`");
if (values.json) writeFileSync(values.json, JSON.stringify(results, null, 2));
