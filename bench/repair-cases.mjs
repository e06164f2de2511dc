// Shared by the repair benches: the engine from dist/, their options, loading corpus cases
// and summarising timings.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

/** The repository's root folder. */
export const root = join(dirname(fileURLToPath(import.meta.url)), "..");

/**
 * The engine and the sandbox from the built dist/ (exit 2 when it is missing), and the
 * options both benches take: `--filter TEXT`, `--budget MS`, `--max-candidates N` (or
 * `--candidates N`, or the environment variable `MEND_BENCH_MAX_CANDIDATES=N`), `--json FILE`.
 * `MEND_BENCH_DIST` runs another build of the engine (an older one, to compare). Prints the
 * mode the run is in (time- or candidate-bounded) on stderr before the first case.
 */
export async function openBench(name) {
  const dist = process.env.MEND_BENCH_DIST ?? join(root, "dist");
  if (!existsSync(join(dist, "repair/repair-offline.js"))) {
    console.error(`${name}: dist/ is missing: run npm run build first`);
    process.exit(2);
  }
  const { repairOffline } = await import(join(dist, "repair/repair-offline.js"));
  const { createSandbox } = await import(join(dist, "sandbox/create-sandbox.js"));
  const { values } = parseArgs({
    options: {
      filter: { type: "string", default: "" },
      budget: { type: "string" },
      "max-candidates": { type: "string" },
      candidates: { type: "string" },
      json: { type: "string" },
    },
  });
  const maxCandidates = values["max-candidates"] ?? values.candidates ?? process.env.MEND_BENCH_MAX_CANDIDATES;
  if (maxCandidates !== undefined && !/^[1-9]\d*$/.test(maxCandidates)) {
    console.error(`${name}: the candidate bound must be a positive whole number, not ${JSON.stringify(maxCandidates)}`);
    process.exit(2);
  }
  values["max-candidates"] = maxCandidates;
  console.error(`${name}: ${describeMode(values)}; ${describeLoad()}`);
  return { repairOffline, createSandbox, values, options: engineOptions(values) };
}

/**
 * The engine's options from `--budget MS` and `--max-candidates N`. A candidate limit makes a
 * run independent of the machine's load (the time budget then defaults to a 10-minute backstop),
 * so that two versions of the engine can be compared on a busy machine.
 */
function engineOptions(values) {
  const options = {};
  if (values["max-candidates"]) {
    options.maxCandidates = Number(values["max-candidates"]);
    options.timeBudgetMs = 600_000;
  }
  if (values.budget) options.timeBudgetMs = Number(values.budget);
  return options;
}

/** How the run was bounded, for the bench's headline. */
export function describeBounds(values) {
  const parts = [`budget ${values.budget ?? (values["max-candidates"] ? "600000" : "default")} ms`];
  if (values["max-candidates"]) parts.push(`at most ${values["max-candidates"]} candidates`);
  return `${parts.join(", ")} per bug`;
}

/**
 * Which mode ran: bounded by candidates (what is found does not depend on the machine's load;
 * times still do) or by the clock (under load fewer candidates run and fewer bugs are fixed).
 */
export function describeMode(values) {
  return values["max-candidates"]
    ? `mode: candidate-bounded (at most ${values["max-candidates"]} candidates per bug; the clock only as a backstop): what is found hardly depends on the machine's load, times do`
    : `mode: time-bounded (${values.budget ?? "the engine's default"} ms per bug): fixes depend on the machine's load; --candidates N (or MEND_BENCH_MAX_CANDIDATES=N) bounds by candidates instead`;
}

/**
 * Cases of a corpus folder laid out as `<language>/<name>/case.json`, whose "lang/name"
 * contains `filter`. `input` is what `repairOffline` takes; `dir` and `spec` are for the bench.
 */
export function loadCases(corpus, filter = "") {
  const cases = [];
  const languages = readdirSync(corpus, { withFileTypes: true }).filter((entry) => entry.isDirectory());
  for (const language of languages.map((entry) => entry.name).sort()) {
    for (const name of readdirSync(join(corpus, language)).sort()) {
      const dir = join(corpus, language, name);
      if (!existsSync(join(dir, "case.json")) || !`${language}/${name}`.includes(filter)) continue;
      const spec = JSON.parse(readFileSync(join(dir, "case.json"), "utf8"));
      const read = (path) => ({ path, content: readFileSync(join(dir, path), "utf8") });
      cases.push({
        id: `${language}/${name}`,
        dir,
        spec,
        input: {
          language: spec.lang,
          entry: spec.program,
          code: read(spec.program).content,
          tests: [spec.tests].flat().map(read),
          support: (spec.support ?? []).map(read),
        },
      });
    }
  }
  return cases;
}

export function quantile(values, q) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
}

export const seconds = (ms) => (Number.isNaN(ms) ? "-" : `${(ms / 1000).toFixed(2)} s`);

export function describeEdits(result) {
  return result.edits.map((edit) => `${edit.operator}@${edit.line} ${JSON.stringify(edit.before)}->${JSON.stringify(edit.after)}`).join(", ");
}

/** The machine's load average (1, 5, 15 minutes), printed with the figures it may have slowed. */
export function describeLoad() {
  return `load average ${loadavg()
    .map((value) => value.toFixed(2))
    .join(", ")}`;
}
