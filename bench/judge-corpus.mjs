// Judges the offline engine on a corpus of bugs with reference fixes and hidden tests (shared by
// bench:repair-heldout and bench:repair-classes): a test-passing patch ("plausible") counts as
// correct when it also passes the hidden suite, as overfitted when it does not; a case whose
// reference fix fails its own suites is reported as broken and left out of the figures.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describeBounds, describeEdits, describeLoad, describeMode, loadCases, openBench, quantile, root, seconds } from "./repair-cases.mjs";

const HIDDEN_TIMEOUT_MS = 120_000;
const PER_TEST_TIMEOUT_S = 10;

/**
 * The program with the case's buggy lines replaced by the reference fix: `fix` (one line) or
 * `fixes` (several), each replacing one line by one or more.
 */
function referenceCode(code, spec) {
  const lines = code.split("\n");
  const fixes = [spec.fixes ?? [spec.fix]].flat().sort((a, b) => b.line - a.line);
  for (const fix of fixes) {
    if (lines[fix.line - 1] !== fix.buggy) throw new Error(`case.json fix does not match line ${fix.line}`);
    lines.splice(fix.line - 1, 1, ...fix.fixed.split("\n"));
  }
  return lines.join("\n");
}

/** Whitespace-insensitive equality, so a patch that re-spaces the reference counts as equal. */
const sameText = (a, b) => a.replace(/\s+/g, "") === b.replace(/\s+/g, "");

/** Runs one test file against `code` in the sandbox; true when every test passes. */
export async function passes(sandbox, item, code, testFile) {
  const files = { [item.spec.program]: code, [testFile]: readFileSync(join(item.dir, testFile), "utf8") };
  for (const file of item.input.support) files[file.path] = file.content;
  const command =
    item.spec.lang === "python"
      ? ["python3", "-m", "pytest", "-q", "-p", "no:cacheprovider", `--timeout=${PER_TEST_TIMEOUT_S}`, testFile]
      : ["node", "--test", `--test-timeout=${PER_TEST_TIMEOUT_S * 1000}`, testFile];
  const result = await sandbox.run({ command, files, timeoutMs: HIDDEN_TIMEOUT_MS });
  return result.reason === "ok" && result.exitCode === 0;
}

/**
 * Runs the engine on every case of `corpus` (a folder under the repository's root) and prints
 * the figures; `byClass` adds a row per language and bug class.
 */
export async function judgeCorpus({ name, corpus, title, byClass = false }) {
  const { repairOffline, createSandbox, values, options } = await openBench(name);
  const cases = loadCases(join(root, corpus), values.filter);
  const sandbox = createSandbox({ onWarning: () => {} });
  const results = [];
  try {
    for (const item of cases) {
      const reference = referenceCode(item.input.code, item.spec);
      const referenceOk =
        (await passes(sandbox, item, reference, item.spec.tests)) && (await passes(sandbox, item, reference, item.spec.hiddenTests));
      if (!referenceOk) {
        results.push({ ...item, outcome: "broken" });
        console.error(`broken     ${item.id.padEnd(40)} the reference fix fails its own tests`);
        continue;
      }
      const result = await repairOffline(item.input, { ...options, sandbox });
      let outcome = "not_fixed";
      let equalsReference = false;
      if (result.status === "fixed") {
        outcome = (await passes(sandbox, item, result.code, item.spec.hiddenTests)) ? "correct" : "overfitted";
        equalsReference = sameText(result.code, reference);
      }
      results.push({ ...item, result, outcome, equalsReference });
      const detail = result.status === "fixed" ? `${describeEdits(result)}${equalsReference ? "  (= reference)" : ""}` : result.reason;
      console.error(
        `${outcome.padEnd(10)} ${item.id.padEnd(40)} ${seconds(result.durationMs).padStart(8)} ` +
          `${String(result.candidatesRun).padStart(5)} cand  ${detail}`,
      );
    }
  } finally {
    await sandbox.close();
  }

  const judged = results.filter((entry) => entry.outcome !== "broken");
  const count = (group, ...outcomes) => group.filter((entry) => outcomes.includes(entry.outcome)).length;
  const percent = (part, whole) => (whole ? `${((100 * part) / whole).toFixed(0)}%` : "-");

  function row(label, group) {
    const plausible = count(group, "correct", "overfitted");
    const correct = count(group, "correct");
    return (
      `${label.padEnd(14)} ${String(group.length).padStart(5)} ` +
      `${`${plausible} (${percent(plausible, group.length)})`.padStart(11)} ` +
      `${`${correct} (${percent(correct, group.length)})`.padStart(11)} ` +
      `${String(count(group, "overfitted")).padStart(10)} ${String(count(group, "not_fixed")).padStart(9)} ` +
      `${String(group.filter((entry) => entry.equalsReference).length).padStart(9)}`
    );
  }

  console.log(`offline repair on ${judged.length} ${title} (${describeBounds(values)})`);
  console.log(`${describeMode(values)}\n${describeLoad()} (at the end of the run)`);
  const broken = results.filter((entry) => entry.outcome === "broken");
  if (broken.length > 0) console.log(`left out (reference fix fails its tests): ${broken.map((entry) => entry.id).join(", ")}`);
  console.log(`${"".padEnd(14)} ${"bugs".padStart(5)} ${"plausible".padStart(11)} ${"correct".padStart(11)} ${"overfitted".padStart(10)} ${"not fixed".padStart(9)} ${"= ref".padStart(9)}`);
  console.log(row("all", judged));
  for (const language of [...new Set(judged.map((entry) => entry.spec.lang))].sort()) {
    console.log(row(language, judged.filter((entry) => entry.spec.lang === language)));
  }
  if (byClass) {
    for (const language of [...new Set(judged.map((entry) => entry.spec.lang))].sort()) {
      for (const bugClass of [...new Set(judged.map((entry) => entry.spec.bugClass))].sort()) {
        const group = judged.filter((entry) => entry.spec.lang === language && entry.spec.bugClass === bugClass);
        if (group.length > 0) console.log(row(`  ${language.slice(0, 2)} ${bugClass}`, group));
      }
    }
  }
  const fixed = judged.filter((entry) => entry.result.status === "fixed");
  const times = fixed.map((entry) => entry.result.durationMs);
  const candidates = fixed.map((entry) => entry.result.candidatesRun);
  const correctTimes = judged.filter((entry) => entry.outcome === "correct").map((entry) => entry.result.durationMs);
  console.log(`\ntime per bug (all):     median ${seconds(quantile(judged.map((entry) => entry.result.durationMs), 0.5))}`);
  console.log(`time per plausible fix: median ${seconds(quantile(times, 0.5))}, p90 ${seconds(quantile(times, 0.9))}`);
  console.log(`time per correct fix:   median ${seconds(quantile(correctTimes, 0.5))}, p90 ${seconds(quantile(correctTimes, 0.9))}`);
  console.log(`candidates run per plausible fix: median ${quantile(candidates, 0.5) ?? "-"}, p90 ${quantile(candidates, 0.9) ?? "-"}`);
  const overfitted = judged.filter((entry) => entry.outcome === "overfitted");
  if (overfitted.length > 0) {
    console.log("\noverfitted patches (pass the visible tests, fail the hidden ones)");
    for (const entry of overfitted) console.log(`  ${entry.id}: ${describeEdits(entry.result)}`);
  }
  if (values.json) {
    writeFileSync(
      values.json,
      JSON.stringify(
        results.map(({ id, spec, outcome, equalsReference, result }) => ({ id, bugClass: spec.bugClass, outcome, equalsReference, ...result })),
        null,
        2,
      ),
    );
  }
}
