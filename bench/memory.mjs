// The error -> fix memory on bugs of the same kinds in different programs. The repair corpora
// (src/repair/__classes__, __corpus__, __heldout__) label each bug with its kind; eight kinds
// appear in several programs of each language: an off-by-one bound, a wrong comparison operator,
// a missing base case or guard, a wrong variable, swapped arguments, a missing statement that
// mirrors a sibling one, an expression that needs widening, and bugs that need two edits. For
// each language and kind the programs are taken in name order and split in two: the memory
// learns the offline engine's verified fixes of one half, then the other half is repaired
// without and with the memory, the failure's diagnosis recalling entries as a run does
// (src/memory/run-memory.ts) and their edits, weighted by how alike each failure is
// (src/memory/offline-edits.ts), going to the engine to try first.
// Printed per language, over the bugs fixed both ways: candidates run to the first plausible
// patch (what the order of the candidates decides, so what a memory can save) and in total (the
// first figure plus the few more run after it and the overfitting guard's alternatives), time
// per fix, the fixes lost (fixed without the memory, not with it) and, where a case has hidden
// tests the engine never sees, the fixes that pass them both ways: with a memory the engine takes
// a first plausible patch of a remembered fix's kind without the overfitting guard's
// alternatives (see OfflineRepairOptions.preferredEdits), and the hidden tests say what that costs.
// Runs are bounded by candidates, not time, so that what is found does not depend on the
// machine's load (the times do): `--candidates N` (or `--max-candidates N`, or
// MEND_BENCH_MAX_CANDIDATES=N; default 600). The load average is printed at the start and the
// end. Options: `--swap` (learn on the other half), `--filter TEXT` (on "corpus/lang/name"),
// `--kinds a,b` (a subset of the kinds), `--learned FILE`: the learned memory kept in FILE, so
// that engine versions whose repairs without memory are the same measure on one memory without
// learning it again (a third of the bench's time): when FILE exists it is the memory and nothing
// is learned (it must come from a run with the same --swap, --filter and --kinds), otherwise the
// memory learned is saved to it. `--without FILE` does the same for the runs without the memory
// (each bug's result and hidden-test verdict, by id): memory changes that leave the engine
// without a memory as it was measure their with-memory runs only, against the same without-memory
// figures (half the measuring time); the without-memory runs of a kept file are not run again.
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import Database from "better-sqlite3";
import { passes } from "./judge-corpus.mjs";
import { loadCases, quantile, root, seconds } from "./repair-cases.mjs";

const { values } = parseArgs({
  options: {
    "max-candidates": { type: "string" },
    candidates: { type: "string" },
    swap: { type: "boolean", default: false },
    filter: { type: "string", default: "" },
    kinds: { type: "string", default: "" },
    learned: { type: "string" },
    without: { type: "string" },
  },
});
// MEND_BENCH_DIST runs another build of the engine (an older one, to compare), as the other repair benches do.
const dist = process.env.MEND_BENCH_DIST ?? join(root, "dist");
const { repairOffline } = await import(join(dist, "repair/repair-offline.js"));
const { createSandbox } = await import(join(dist, "sandbox/create-sandbox.js"));
const { validate } = await import(join(dist, "validation/validate.js"));
const { toDiagnosis } = await import(join(dist, "agent/to-diagnosis.js"));
const { SqliteMemoryStore } = await import(join(dist, "memory/sqlite-memory-store.js"));
const { minimalDiff } = await import(join(dist, "memory/minimal-diff.js"));
const { FOR_OFFLINE } = await import(join(dist, "memory/run-memory.js"));
const { rememberedEdits } = await import(join(dist, "memory/remembered-edits.js"));
const { offlineEdits } = await import(join(dist, "memory/offline-edits.js"));

/** The corpora's bug classes by kind: the corpora were written apart and name some kinds differently. */
const KINDS = {
  off_by_one: ["off_by_one"],
  comparison: ["comparison"],
  guard: ["guard"],
  variable: ["variable"],
  swap: ["swap", "argument"],
  statement: ["statement"],
  widen: ["widen"],
  two_edits: ["two_edits"],
};
const CORPORA = ["__classes__", "__corpus__", "__heldout__"];
const bound = values.candidates ?? values["max-candidates"] ?? process.env.MEND_BENCH_MAX_CANDIDATES ?? "600";
if (!/^[1-9]\d*$/.test(bound)) {
  console.error(`bench:memory: the candidate bound must be a positive whole number, not ${JSON.stringify(bound)}`);
  process.exit(2);
}
// The clock is only a backstop: a run ends at its candidate bound long before.
const options = { maxCandidates: Number(bound), timeBudgetMs: 600_000 };
const wanted = values.kinds ? values.kinds.split(",") : Object.keys(KINDS);
const kindOf = (bugClass) => wanted.find((kind) => KINDS[kind]?.includes(bugClass));

const cases = CORPORA.flatMap((corpus) =>
  loadCases(join(root, "src/repair", corpus)).map((item) => ({ ...item, id: `${corpus.replaceAll("_", "")}/${item.id}`, kind: kindOf(item.spec.bugClass) })),
)
  .filter((item) => item.kind && item.id.includes(values.filter))
  .sort((a, b) => a.spec.lang.localeCompare(b.spec.lang) || a.kind.localeCompare(b.kind) || a.input.entry.localeCompare(b.input.entry) || a.id.localeCompare(b.id));
const group = (item) => cases.filter((other) => other.spec.lang === item.spec.lang && other.kind === item.kind);
const learnHalf = values.swap ? 1 : 0;
const learn = cases.filter((item) => group(item).indexOf(item) % 2 === learnHalf);
const measure = cases.filter((item) => group(item).indexOf(item) % 2 !== learnHalf);

const load = () => loadavg().map((value) => value.toFixed(2)).join(" ");
const loadAtStart = load();
const dir = mkdtempSync(join(tmpdir(), "mend-bench-memory-"));
const memoryPath = join(dir, "memory.sqlite");
// A kept memory is copied: recall counts its uses, and the kept file stays as it was learned.
const reuse = values.learned !== undefined && existsSync(values.learned);
if (reuse) copyFileSync(values.learned, memoryPath);
const store = SqliteMemoryStore.open(memoryPath);
/** Kept without-memory runs by bug id (see `--without`), or undefined to run them. */
const keptWithout = values.without !== undefined && existsSync(values.without) ? JSON.parse(readFileSync(values.without, "utf8")) : undefined;
const sandbox = createSandbox({ onWarning: () => {} });

/** The case's failing validation, as the loop's diagnose step sees it. */
async function diagnose(item) {
  const check = await validate({ ...item.input }, { sandbox });
  return { check, diagnosis: check.passed ? undefined : toDiagnosis(check) };
}

try {
  let learned = 0;
  for (const item of reuse ? [] : learn) {
    const { check, diagnosis } = await diagnose(item);
    if (!diagnosis) continue;
    const result = await repairOffline({ ...item.input, check }, { ...options, sandbox });
    if (result.status !== "fixed") {
      console.error(`learn    ${item.kind.padEnd(10)} ${item.id.padEnd(44)} not fixed (${result.reason})`);
      continue;
    }
    // Only verified fixes are remembered: the fix is validated again as the loop would.
    const again = await validate({ ...item.input, code: result.code }, { sandbox });
    if (!again.passed) continue;
    const id = await store.record({
      language: item.spec.lang,
      signature: diagnosis.signature,
      errorType: diagnosis.errorType,
      summary: diagnosis.summary,
      diff: minimalDiff(item.spec.program, item.input.code, result.code),
      edits: rememberedEdits(result.edits, item.input.code),
      madeBy: `offline:${[...new Set(result.edits.map((edit) => edit.operator))].join("+")}`,
    });
    learned++;
    console.error(`learn    ${item.kind.padEnd(10)} ${item.id.padEnd(44)} ${id} ${result.edits.map((edit) => edit.operator).join("+")}`);
  }

  if (reuse) {
    learned = (await store.list()).length;
    console.error(`learned  ${learned} fixes kept in ${values.learned}`);
  } else if (values.learned !== undefined) {
    const db = new Database(memoryPath, { readonly: true });
    db.prepare("VACUUM INTO ?").run(values.learned);
    db.close();
  }

  const rows = [];
  for (const item of measure) {
    const { check, diagnosis } = await diagnose(item);
    if (!diagnosis) continue;
    const recalled = await store.recall(item.spec.lang, diagnosis, FOR_OFFLINE);
    const preferredEdits = offlineEdits(recalled);
    // The second run of a bug finds the sandbox and the file caches warm: the two orders take turns.
    const kept = keptWithout?.[item.id];
    if (keptWithout && !kept) throw new Error(`bench:memory: ${values.without} has no run of ${item.id} (it must come from a run with the same --swap, --filter and --kinds)`);
    const runWithout = async () => kept?.without ?? (await repairOffline({ ...item.input, check }, { ...options, sandbox }));
    const runWith = () => repairOffline({ ...item.input, check }, { ...options, sandbox, preferredEdits });
    let without;
    let withMemory;
    if (rows.length % 2 === 0) {
      without = await runWithout();
      withMemory = await runWith();
    } else {
      withMemory = await runWith();
      without = await runWithout();
    }
    // Where the case has hidden tests, each fix is run against them: a memory that made the
    // engine settle for a patch that only fits the visible tests would show here.
    const hidden = async (result) => (result.status === "fixed" && item.spec.hiddenTests ? passes(sandbox, item, result.code, item.spec.hiddenTests) : undefined);
    const correctWithout = kept ? kept.correctWithout : await hidden(without);
    const row = { item, recalled: recalled.length, without, withMemory, correctWithout, correctWith: await hidden(withMemory) };
    rows.push(row);
    const verdict = (correct) => (correct === undefined ? "" : correct ? " ok" : " OVERFIT");
    const show = (result, correct) =>
      result.status === "fixed"
        ? `${String(result.candidatesToFirstPlausible).padStart(4)}/${String(result.candidatesRun).padEnd(4)} cand ${seconds(result.durationMs).padStart(8)}${verdict(correct).padEnd(8)}`
        : "  not fixed                 ";
    console.error(`measure  ${item.kind.padEnd(10)} ${item.id.padEnd(44)} recalled ${String(recalled.length).padStart(2)}  without ${show(without, row.correctWithout)}  with ${show(withMemory, row.correctWith)}`);
  }

  if (values.without !== undefined && !keptWithout) {
    const slim = ({ status, candidatesToFirstPlausible, candidatesRun, durationMs }) => ({ status, candidatesToFirstPlausible, candidatesRun, durationMs });
    writeFileSync(values.without, JSON.stringify(Object.fromEntries(rows.map((row) => [row.item.id, { without: slim(row.without), correctWithout: row.correctWithout }])), null, 1));
  }
  const fixed = (result) => result.status === "fixed";
  const sum = (list, pick) => list.reduce((total, row) => total + pick(row), 0);
  const first = (result) => result.candidatesToFirstPlausible;
  const total = (result) => result.candidatesRun;
  const fewer = (list, pick) => 1 - sum(list, (row) => pick(row.withMemory)) / Math.max(1, sum(list, (row) => pick(row.without)));
  const perFix = (list, pick) => `median ${quantile(list.map(pick), 0.5)}, mean ${(sum(list, pick) / Math.max(1, list.length)).toFixed(1)}`;
  const timePerFix = (list, pick) => `median ${seconds(quantile(list.map(pick), 0.5))}, mean ${seconds(sum(list, pick) / Math.max(1, list.length))}`;
  const both = rows.filter((row) => fixed(row.without) && fixed(row.withMemory));
  const lost = rows.filter((row) => fixed(row.without) && !fixed(row.withMemory));
  const figures = (list, pick, label) =>
    `  candidates ${label} (${list.length} fixed both ways): without ${perFix(list, (row) => pick(row.without))}; with ${perFix(list, (row) => pick(row.withMemory))}; ${(100 * fewer(list, pick)).toFixed(0)}% fewer`;

  console.log(`error -> fix memory on bugs of the same kinds in other programs (${wanted.join(", ")}; at most ${options.maxCandidates} candidates per bug, ${FOR_OFFLINE} fixes recalled)`);
  console.log(`load average (1, 5, 15 min): ${loadAtStart} at the start, ${load()} at the end`);
  console.log(`learned ${learned} verified fixes from ${learn.length} bugs${reuse ? ` (kept in ${values.learned})` : ""}; measured on ${rows.length} other bugs${keptWithout ? ` (without the memory: the runs kept in ${values.without})` : ""}`);
  for (const language of [...new Set(rows.map((row) => row.item.spec.lang))]) {
    const mine = rows.filter((row) => row.item.spec.lang === language);
    const fixedBoth = both.filter((row) => row.item.spec.lang === language);
    const lostHere = lost.filter((row) => row.item.spec.lang === language);
    const gained = mine.filter((row) => !fixed(row.without) && fixed(row.withMemory));
    console.log(`${language}: ${mine.length} bugs; fixed without memory ${mine.filter((row) => fixed(row.without)).length}, with ${mine.filter((row) => fixed(row.withMemory)).length}; lost ${lostHere.length}${lostHere.length ? ` (${lostHere.map((row) => row.item.id).join(", ")})` : ""}, gained ${gained.length}`);
    console.log(figures(fixedBoth, first, "to the first plausible patch"));
    console.log(figures(fixedBoth, total, "in total"));
    console.log(`  time per fix: without ${timePerFix(fixedBoth, (row) => row.without.durationMs)}; with ${timePerFix(fixedBoth, (row) => row.withMemory.durationMs)}`);
    const judged = mine.filter((row) => row.item.spec.hiddenTests);
    const correct = (key) => judged.filter((row) => row[key] === true).length;
    const wrongWith = judged.filter((row) => row.correctWithout === true && row.correctWith !== true).map((row) => row.item.id);
    console.log(`  hidden tests pass (${judged.length} bugs that have them): without ${correct("correctWithout")}, with ${correct("correctWith")}${wrongWith.length ? `; correct without, not with: ${wrongWith.join(", ")}` : ""}`);
    const parts = wanted.map((kind) => {
      const list = fixedBoth.filter((row) => row.item.kind === kind);
      return list.length ? `${kind} ${(100 * fewer(list, first)).toFixed(0)}%/${(100 * fewer(list, total)).toFixed(0)}% (${list.length})` : undefined;
    });
    console.log(`  fewer candidates by kind (to the first plausible/in total): ${parts.filter(Boolean).join(", ")}`);
  }
  const overallFirst = fewer(both, first);
  const overall = fewer(both, total);
  const met = overall >= 0.3 && lost.length === 0;
  console.log(`candidates to the first plausible patch: ${(100 * overallFirst).toFixed(0)}% fewer with memory; in total: ${(100 * overall).toFixed(0)}% fewer; ${lost.length} fixes lost`);
  console.log(`goal (>= 30% fewer candidates in total, 0 fixes lost) ${met ? "met" : "NOT met"}${overallFirst >= 0.3 && lost.length === 0 ? "; to the first plausible patch: met" : ""}`);
} finally {
  await sandbox.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
}
