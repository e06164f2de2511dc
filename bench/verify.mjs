// Examples as tests, measured: tasks whose requirement or docstrings carry worked examples and
// whose drafts are buggy (bench/verify-tasks.mjs) go through the loop with no model and no
// tests, so only the examples can verify a fix. For each verified fix the task's hidden test
// suite says whether it is right: how often examples alone let a wrong fix through.
// Each task's reference fix is checked first against its examples and its hidden tests; a task
// whose reference fails is reported as broken and left out of the figures.
// Options: `--filter TEXT`, `--json FILE`.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { root, seconds } from "./repair-cases.mjs";
import { TASKS } from "./verify-tasks.mjs";

const dist = join(root, "dist");
if (!existsSync(join(dist, "agent/create-agent.js"))) {
  console.error("bench:verify: dist/ is missing: run npm run build first");
  process.exit(2);
}
const { createAgent } = await import(join(dist, "agent/create-agent.js"));
const { createSandbox } = await import(join(dist, "sandbox/create-sandbox.js"));
const { chooseTests } = await import(join(dist, "examples/choose-tests.js"));
const { validate } = await import(join(dist, "validation/validate.js"));
const { isVerified } = await import(join(dist, "validation/tests-run.js"));
const { values } = parseArgs({ options: { filter: { type: "string", default: "" }, json: { type: "string" } } });

const HIDDEN_TIMEOUT_MS = 60_000;

/** The task as a user gives it: a requirement and a draft, no tests. */
const taskOf = (item, draft) => ({ prompt: item.prompt, language: item.language, entry: item.entry, tests: [], draft });

/** Whether `code` passes the task's hidden suite, run apart from the loop in the sandbox. */
async function passesHidden(sandbox, item, code) {
  const testFile = item.language === "python" ? `test_hidden_${item.entry}` : "hidden.test.mjs";
  const files = { [item.entry]: code, [testFile]: item.hidden };
  const command =
    item.language === "python"
      ? ["python3", "-m", "pytest", "-q", "-p", "no:cacheprovider", "--timeout=10", testFile]
      : ["node", "--test", "--test-timeout=10000", testFile];
  const result = await sandbox.run({ command, files, timeoutMs: HIDDEN_TIMEOUT_MS });
  return result.reason === "ok" && result.exitCode === 0;
}

/** Whether `code` passes the examples the loop would verify it by. */
async function passesExamples(sandbox, item, code) {
  const chosen = chooseTests(taskOf(item, code));
  if (chosen.by !== "examples") return false;
  const check = await validate({ language: item.language, entry: item.entry, code, tests: chosen.task.tests }, { sandbox });
  return isVerified(check);
}

const tasks = TASKS.filter((item) => item.id.includes(values.filter));
const sandbox = createSandbox({ onWarning: () => {} });
const runsDir = mkdtempSync(join(tmpdir(), "mend-bench-verify-"));
const agent = createAgent({ model: "offline", sandbox, runsDir, env: {} });
const results = [];
try {
  for (const item of tasks) {
    const reference = item.draft.replace(item.fix.from, item.fix.to);
    const examples = chooseTests(taskOf(item, item.draft)).examples.length;
    if (!(await passesExamples(sandbox, item, reference)) || !(await passesHidden(sandbox, item, reference))) {
      results.push({ id: item.id, outcome: "broken", examples });
      console.error(`broken       ${item.id.padEnd(40)} the reference fix fails its examples or hidden tests`);
      continue;
    }
    const run = await agent.run(taskOf(item, item.draft), { command: "repair" });
    let outcome = "not_fixed";
    if (run.verified) {
      const fromDraft = run.attempts.at(-1)?.source === "draft";
      const hidden = await passesHidden(sandbox, item, run.code);
      outcome = fromDraft ? (hidden ? "draft_ok" : "bug_unseen") : hidden ? "correct" : "overfitted";
    }
    results.push({ id: item.id, outcome, examples, reason: run.reason, attempts: run.attempts.length, durationMs: run.durationMs, code: run.code });
    console.error(`${outcome.padEnd(12)} ${item.id.padEnd(40)} ${String(examples).padStart(2)} examples  ${seconds(run.durationMs).padStart(8)}  ${run.reason}`);
  }
} finally {
  await agent.close();
  await sandbox.close();
  rmSync(runsDir, { recursive: true, force: true });
}

const judged = results.filter((entry) => entry.outcome !== "broken");
const count = (...outcomes) => judged.filter((entry) => outcomes.includes(entry.outcome)).length;
const percent = (part, whole) => (whole ? `${((100 * part) / whole).toFixed(0)}%` : "-");
const verified = count("correct", "overfitted");
const correct = count("correct");
console.log(`bench:verify: ${judged.length} buggy drafts verified only by examples from their docstring or requirement (offline engine, no model, no tests)`);
const broken = results.filter((entry) => entry.outcome === "broken");
if (broken.length > 0) console.log(`left out (reference fix fails): ${broken.map((entry) => entry.id).join(", ")}`);
console.log(`fixed by the offline engine, verified by examples: ${verified} of ${judged.length} (${percent(verified, judged.length)})`);
console.log(`  of those, also pass the hidden tests:            ${correct} of ${verified} (${percent(correct, verified)})`);
console.log(`  wrong fixes the examples let through:            ${count("overfitted")}`);
console.log(`not fixed:                                         ${count("not_fixed")}`);
if (count("bug_unseen", "draft_ok") > 0) {
  console.log(`buggy draft already passes its examples:           ${count("bug_unseen", "draft_ok")}`);
}
for (const language of [...new Set(judged.map((entry) => entry.id.split("/")[0]))].sort()) {
  const group = judged.filter((entry) => entry.id.startsWith(`${language}/`));
  const fixed = group.filter((entry) => entry.outcome === "correct" || entry.outcome === "overfitted").length;
  const right = group.filter((entry) => entry.outcome === "correct").length;
  console.log(`  ${language.padEnd(11)} ${String(group.length).padStart(3)} tasks, ${fixed} fixed and verified, ${right} of them pass the hidden tests`);
}
const overfitted = judged.filter((entry) => entry.outcome === "overfitted");
if (overfitted.length > 0) console.log(`overfitted: ${overfitted.map((entry) => entry.id).join(", ")}`);
if (values.json) writeFileSync(values.json, JSON.stringify(results, null, 2));
