// Median time per validation layer on the diagnosis corpus (test/corpus), from the built
// dist/. Cases run one at a time so layers do not compete for the CPU; pass
// `--concurrency N` to trade accuracy for speed, `--filter TEXT` to run matching cases.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const dist = join(root, "dist");
if (!existsSync(join(dist, "validation/validate.js"))) {
  console.error("bench:check: dist/ is missing: run npm run build first");
  process.exit(2);
}
const { validate, LAYER_ORDER } = await import(join(dist, "validation/validate.js"));
const { createSandbox } = await import(join(dist, "sandbox/create-sandbox.js"));

const { values } = parseArgs({
  options: { concurrency: { type: "string", default: "1" }, filter: { type: "string", default: "" } },
});
const corpus = join(root, "test/corpus");
const names = readdirSync(corpus).filter((name) => !name.startsWith(".") && name.includes(values.filter)).sort();

function load(name) {
  const dir = join(corpus, name);
  const spec = JSON.parse(readFileSync(join(dir, "case.json"), "utf8"));
  const read = (path) => ({ path, content: readFileSync(join(dir, path), "utf8") });
  return {
    language: spec.lang,
    entry: spec.program,
    code: read(spec.program).content,
    tests: [spec.tests].flat().map(read),
    support: (spec.support ?? []).map(read),
    ...(spec.typeCheck !== undefined ? { typeCheck: spec.typeCheck } : {}),
    ...(spec.allowNetwork !== undefined ? { allowNetwork: spec.allowNetwork } : {}),
  };
}

const sandbox = createSandbox({ onWarning: () => {} });
const samples = new Map(); // "language layer" -> durations of runs that passed or failed
const totals = [];
const queue = [...names];
const started = performance.now();
async function worker() {
  for (let name = queue.shift(); name; name = queue.shift()) {
    const input = load(name);
    const t = performance.now();
    const result = await validate(input, { sandbox, perTestTimeoutMs: 3000 });
    totals.push(performance.now() - t);
    const family = input.language === "python" ? "python" : "js/ts";
    for (const layer of result.layers) {
      if (layer.status === "skipped") continue;
      for (const key of [`${family} ${layer.name}`, `all ${layer.name}`]) {
        if (!samples.has(key)) samples.set(key, []);
        samples.get(key).push(layer.durationMs);
      }
    }
  }
}
await Promise.all(Array.from({ length: Math.max(1, Number(values.concurrency)) }, worker));
await sandbox.close();

const median = (xs) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const p90 = (xs) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.9))];

console.log(`mend check on ${names.length} corpus cases (concurrency ${values.concurrency}), ${((performance.now() - started) / 1000).toFixed(1)} s`);
console.log("");
console.log(`${"layer".padEnd(16)}${"runs".padStart(6)}${"median ms".padStart(12)}${"p90 ms".padStart(10)}`);
for (const family of ["all", "python", "js/ts"]) {
  for (const layer of LAYER_ORDER) {
    const xs = samples.get(`${family} ${layer}`);
    if (!xs?.length) continue;
    console.log(`${`${family} ${layer}`.padEnd(16)}${String(xs.length).padStart(6)}${median(xs).toFixed(0).padStart(12)}${String(p90(xs)).padStart(10)}`);
  }
  console.log("");
}
console.log(`whole check: median ${median(totals).toFixed(0)} ms, p90 ${p90(totals).toFixed(0)} ms`);
