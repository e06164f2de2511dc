// The error -> fix memory on the held-out repair corpus (src/repair/__heldout__): learn on one
// half of the bugs (every other case of each language), measure on the other half (different
// programs, bugs of the same kinds): candidates run and time per fix of the offline engine with
// and without the fixes remembered from the first half, and the fixes lost (fixed without the
// memory, not with it). The memory is used as a run uses it: the failure's diagnosis recalls
// entries, whose edits the engine tries first. Runs are bounded by candidates, not time, so that
// the figures do not depend on the machine's load.
// Options: `--max-candidates N` (default 600), `--swap` (learn on the other half), `--filter TEXT`.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { loadCases, quantile, root, seconds } from "./repair-cases.mjs";

const { values } = parseArgs({
  options: {
    "max-candidates": { type: "string", default: "600" },
    swap: { type: "boolean", default: false },
    filter: { type: "string", default: "" },
  },
});
const dist = join(root, "dist");
const { repairOffline } = await import(join(dist, "repair/repair-offline.js"));
const { createSandbox } = await import(join(dist, "sandbox/create-sandbox.js"));
const { validate } = await import(join(dist, "validation/validate.js"));
const { toDiagnosis } = await import(join(dist, "agent/to-diagnosis.js"));
const { MemoryStore } = await import(join(dist, "memory/memory-store.js"));
const { minimalDiff } = await import(join(dist, "memory/minimal-diff.js"));

/** As many remembered fixes as a run hands the offline engine (src/memory/run-memory.ts). */
const FOR_OFFLINE = 3;
const options = { maxCandidates: Number(values["max-candidates"]), timeBudgetMs: 600_000 };

const cases = loadCases(join(root, "src/repair/__heldout__"), values.filter);
const half = (item) => cases.filter((other) => other.spec.lang === item.spec.lang).indexOf(item) % 2;
const learnHalf = values.swap ? 1 : 0;
const learn = cases.filter((item) => half(item) === learnHalf);
const measure = cases.filter((item) => half(item) !== learnHalf);

const dir = mkdtempSync(join(tmpdir(), "mend-bench-memory-"));
const store = MemoryStore.open(join(dir, "memory.sqlite"));
const sandbox = createSandbox({ onWarning: () => {} });

/** The case's failing validation, as the loop's diagnose step sees it. */
async function diagnose(item) {
  const check = await validate({ ...item.input }, { sandbox });
  return { check, diagnosis: check.passed ? undefined : toDiagnosis(check) };
}

try {
  let learned = 0;
  for (const item of learn) {
    const { check, diagnosis } = await diagnose(item);
    if (!diagnosis) continue;
    const result = await repairOffline({ ...item.input, check }, { ...options, sandbox });
    if (result.status !== "fixed") {
      console.error(`learn    ${item.id.padEnd(36)} not fixed (${result.reason})`);
      continue;
    }
    // Only verified fixes are remembered: the fix is validated again as the loop would.
    const again = await validate({ ...item.input, code: result.code }, { sandbox });
    if (!again.passed) continue;
    const id = store.record({
      language: item.spec.lang,
      signature: diagnosis.signature,
      errorType: diagnosis.errorType,
      summary: diagnosis.summary,
      diff: minimalDiff(item.spec.program, item.input.code, result.code),
      edits: result.edits.map(({ operator, before, after }) => ({ operator, before, after })),
      madeBy: `offline:${[...new Set(result.edits.map((edit) => edit.operator))].join("+")}`,
    });
    learned++;
    console.error(`learn    ${item.id.padEnd(36)} ${id} ${result.edits.map((edit) => edit.operator).join("+")}`);
  }

  const rows = [];
  for (const item of measure) {
    const { check, diagnosis } = await diagnose(item);
    if (!diagnosis) continue;
    const recalled = store.recall(item.spec.lang, diagnosis, FOR_OFFLINE).map((ranked) => ranked.entry);
    const preferredEdits = recalled.flatMap((entry) => entry.edits);
    const without = await repairOffline({ ...item.input, check }, { ...options, sandbox });
    const withMemory = await repairOffline({ ...item.input, check }, { ...options, sandbox, preferredEdits });
    rows.push({ item, recalled: recalled.length, without, withMemory });
    const show = (result) => (result.status === "fixed" ? `${String(result.candidatesRun).padStart(5)} cand ${seconds(result.durationMs).padStart(8)}` : "    not fixed      ");
    console.error(`measure  ${item.id.padEnd(36)} recalled ${recalled.length}  without ${show(without)}  with ${show(withMemory)}`);
  }

  const fixedWithout = rows.filter((row) => row.without.status === "fixed");
  const fixedWith = rows.filter((row) => row.withMemory.status === "fixed");
  const lost = fixedWithout.filter((row) => row.withMemory.status !== "fixed");
  const gained = fixedWith.filter((row) => row.without.status !== "fixed");
  const both = rows.filter((row) => row.without.status === "fixed" && row.withMemory.status === "fixed");
  const sum = (list, pick) => list.reduce((total, row) => total + pick(row), 0);
  const candidatesWithout = both.map((row) => row.without.candidatesRun);
  const candidatesWith = both.map((row) => row.withMemory.candidatesRun);
  const fewer = 1 - sum(both, (row) => row.withMemory.candidatesRun) / Math.max(1, sum(both, (row) => row.without.candidatesRun));
  const recalledRows = both.filter((row) => row.recalled > 0);
  const fewerWhenRecalled =
    1 - sum(recalledRows, (row) => row.withMemory.candidatesRun) / Math.max(1, sum(recalledRows, (row) => row.without.candidatesRun));

  console.log(`error -> fix memory on the held-out corpus (at most ${options.maxCandidates} candidates per bug)`);
  console.log(`learned ${learned} verified fixes from ${learn.length} bugs; measured on ${rows.length} other bugs, ${rows.filter((row) => row.recalled > 0).length} of them with a remembered fix recalled`);
  console.log(`fixes: without memory ${fixedWithout.length}, with memory ${fixedWith.length}; lost ${lost.length}${lost.length ? ` (${lost.map((row) => row.item.id).join(", ")})` : ""}, gained ${gained.length}`);
  console.log(`candidates per fix (${both.length} bugs fixed both ways): without median ${quantile(candidatesWithout, 0.5)}, mean ${(sum(both, (row) => row.without.candidatesRun) / Math.max(1, both.length)).toFixed(1)}; with median ${quantile(candidatesWith, 0.5)}, mean ${(sum(both, (row) => row.withMemory.candidatesRun) / Math.max(1, both.length)).toFixed(1)}`);
  console.log(`candidates run in total: ${(100 * fewer).toFixed(0)}% fewer with memory (goal >= 30%); on the bugs where a fix was recalled: ${(100 * fewerWhenRecalled).toFixed(0)}% fewer`);
  console.log(`time per fix: without median ${seconds(quantile(both.map((row) => row.without.durationMs), 0.5))}, with median ${seconds(quantile(both.map((row) => row.withMemory.durationMs), 0.5))}; total ${seconds(sum(both, (row) => row.without.durationMs))} vs ${seconds(sum(both, (row) => row.withMemory.durationMs))}`);
} finally {
  await sandbox.close();
  store.close();
  rmSync(dir, { recursive: true, force: true });
}
