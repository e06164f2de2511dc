// The offline repair engine on its dev corpus (src/repair/__corpus__), from the built dist/:
// fixed/total per language and per bug class, time per bug (median, p90) and candidates run
// per fix. Cases run one at a time (the engine itself runs two candidates at once).
// Options: `--filter TEXT` (cases whose "lang/name" contains TEXT), `--budget MS` (time
// budget per bug, default the engine's), `--max-candidates N` (bound each bug by candidates
// run instead, for comparisons on a loaded machine), `--json FILE` (also write every case's result).
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describeBounds, describeEdits, describeLoad, describeMode, loadCases, openBench, quantile, root, seconds } from "./repair-cases.mjs";

const { repairOffline, createSandbox, values, options } = await openBench("bench:repair");
const corpus = join(root, "src/repair/__corpus__");

const cases = loadCases(corpus, values.filter);
const sandbox = createSandbox({ onWarning: () => {} });
const results = [];
try {
  for (const item of cases) {
    const result = await repairOffline(item.input, { ...options, sandbox });
    results.push({ ...item, result });
    const fixed = result.status === "fixed";
    const detail = fixed ? describeEdits(result) : result.reason;
    console.error(
      `${fixed ? "fixed " : "failed"} ${item.id.padEnd(34)} ${seconds(result.durationMs).padStart(8)} ` +
        `${String(result.candidatesRun).padStart(5)} cand  ${detail}`,
    );
  }
} finally {
  await sandbox.close();
}

function row(label, group) {
  const fixed = group.filter((entry) => entry.result.status === "fixed");
  const rate = group.length ? ((100 * fixed.length) / group.length).toFixed(0) : "-";
  return `${label.padEnd(24)} ${`${fixed.length}/${group.length}`.padStart(7)} ${`${rate}%`.padStart(5)}`;
}

function groupBy(key) {
  const groups = new Map();
  for (const entry of results) {
    const value = key(entry);
    groups.set(value, [...(groups.get(value) ?? []), entry]);
  }
  return [...groups].sort(([a], [b]) => String(a).localeCompare(String(b)));
}

const fixed = results.filter((entry) => entry.result.status === "fixed");
const oneLocation = results.filter((entry) => entry.spec.edits !== 2);
console.log(`offline repair on ${results.length} bugs (${describeBounds(values)})`);
console.log(`${describeMode(values)}\n${describeLoad()} (at the end of the run)`);
console.log(row("all", results));
console.log(row("one-location bugs", oneLocation));
console.log(row("two-edit bugs", results.filter((entry) => entry.spec.edits === 2)));
console.log(row("bugs that hang", results.filter((entry) => entry.spec.hangs)));
console.log("\nper language");
for (const [language, group] of groupBy((entry) => entry.spec.lang)) console.log(row(`  ${language}`, group));
console.log("\nper bug class");
for (const [bugClass, group] of groupBy((entry) => entry.spec.bugClass)) console.log(row(`  ${bugClass}`, group));
const fixedTimes = fixed.map((entry) => entry.result.durationMs);
const allTimes = results.map((entry) => entry.result.durationMs);
const candidates = fixed.map((entry) => entry.result.candidatesRun);
console.log("\ntime per bug");
console.log(`  fixed bugs: median ${seconds(quantile(fixedTimes, 0.5))}, p90 ${seconds(quantile(fixedTimes, 0.9))}`);
console.log(`  all bugs:   median ${seconds(quantile(allTimes, 0.5))}, p90 ${seconds(quantile(allTimes, 0.9))}`);
console.log("candidates run per fix");
console.log(
  `  median ${quantile(candidates, 0.5) ?? "-"}, p90 ${quantile(candidates, 0.9) ?? "-"}, ` +
    `mean ${candidates.length ? (candidates.reduce((a, b) => a + b, 0) / candidates.length).toFixed(1) : "-"}`,
);
// The engine's whole time per candidate on the Python bugs: start-ups, baselines and the
// guard included, so that it shows what a warm runner saves over a run per batch.
const python = results.filter((entry) => entry.spec.lang === "python");
const pythonCandidates = python.reduce((sum, entry) => sum + entry.result.candidatesRun, 0);
if (pythonCandidates > 0) {
  const pythonMs = python.reduce((sum, entry) => sum + entry.result.durationMs, 0);
  console.log(`Python per-candidate cost in the engine: ${(pythonMs / pythonCandidates).toFixed(1)} ms (${seconds(pythonMs)} over ${pythonCandidates} candidates of ${python.length} bugs)`);
}
if (values.json) {
  writeFileSync(
    values.json,
    JSON.stringify(
      results.map(({ id, spec, result }) => ({ id, bugClass: spec.bugClass, edits: spec.edits, ...result })),
      null,
      2,
    ),
  );
}
