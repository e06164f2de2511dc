// bench:projects: small multi-file projects (Python packages with conftest fixtures and data
// files; JavaScript and TypeScript with ESM and CommonJS, JSON imports, node:test, vitest and
// jest), one bug each, repaired from the project root with no model: the offline engine's
// fix, verified by a fresh validation. Prints fixed/total, the median time and candidates per fix.
//
// --mode named (default): the engine is given the file the bug is in.
// --mode across: the engine is given every source file of that file's folder (as `mend repair
//   FOLDER` gives them), the first one as the entry, and must find the file at fault itself.
// --mode walk: the same files searched one at a time, the entry first, each search with the
//   an equal share of the budget left (the file-by-file walk the engine used before it ranked
//   lines across files).
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { parseArgs } from "node:util";
import { root } from "./repair-cases.mjs";

const dist = join(root, "dist");
if (!existsSync(join(dist, "repair/repair-offline.js"))) {
  console.error("bench:projects: dist/ is missing: run npm run build first");
  process.exit(2);
}
const { repairOffline } = await import(join(dist, "repair/repair-offline.js"));
const { validate } = await import(join(dist, "validation/validate.js"));
const { createSandbox } = await import(join(dist, "sandbox/create-sandbox.js"));
const { loadTask } = await import(join(dist, "tasks/load-task.js"));
const { values } = parseArgs({
  options: { filter: { type: "string", default: "" }, budget: { type: "string", default: "20000" }, mode: { type: "string", default: "named" } },
});
if (!["named", "across", "walk"].includes(values.mode)) {
  console.error(`bench:projects: --mode is named, across or walk, not ${values.mode}`);
  process.exit(2);
}
const EXTENSIONS = { python: /\.py$/, javascript: /\.[cm]?js$/, typescript: /\.[cm]?ts$/ };

const corpus = join(root, "bench", "projects");
const { projects } = JSON.parse(readFileSync(join(corpus, "projects.json"), "utf8"));
const work = mkdtempSync(join(tmpdir(), "mend-bench-projects-"));
const sandbox = createSandbox();
const rows = [];
try {
  for (const project of projects.filter((entry) => entry.name.includes(values.filter))) {
    const dir = join(work, project.name);
    cpSync(join(corpus, project.name), dir, { recursive: true });
    // Each project is a clone, as people have them (QuixBugs has no other marker at its root).
    mkdirSync(join(dir, ".git"));
    linkPackages(dir);
    const started = Date.now();
    let status;
    let detail = "";
    let candidates = NaN;
    try {
      const { task } = await loadTask({ draft: project.program, tests: [project.tests], project: true, cwd: dir });
      const input = { language: task.language, entry: task.entry, tests: task.tests, project: task.project };
      const before = await validate({ ...input, code: task.draft }, { sandbox });
      const result = await search(task, input, before, dir);
      candidates = result.candidatesRun;
      if (result.status === "fixed") {
        const after = await validate({ ...input, entry: result.entry, code: result.code, support: result.support }, { sandbox });
        status = after.passed ? "fixed" : "unverified";
        detail = after.passed ? result.edits.map((edit) => `${edit.operator} at ${edit.file ?? result.entry}:${edit.line}: ${edit.after.trim()}`).join("; ") : after.summary;
      } else {
        status = "not fixed";
        detail = `${before.stage}/${before.errorType ?? "-"}: ${result.reason}`;
      }
    } catch (error) {
      status = "error";
      detail = String(error?.message ?? error).split("\n")[0];
    }
    const ms = Date.now() - started;
    rows.push({ name: project.name, lang: project.lang, status, ms, candidates });
    console.log(`${project.name.padEnd(24)} ${project.lang.padEnd(10)} ${status.padEnd(10)} ${(ms / 1000).toFixed(1).padStart(6)} s ${String(candidates).padStart(5)} cand  ${detail.slice(0, 100)}`);
  }
} finally {
  await sandbox.close();
  rmSync(work, { recursive: true, force: true });
}
const fixed = rows.filter((row) => row.status === "fixed");
const times = fixed.map((row) => row.ms).sort((a, b) => a - b);
const median = (values) => (values.length ? values[Math.floor((values.length - 1) / 2)] : NaN);
const counts = fixed.map((row) => row.candidates).sort((a, b) => a - b);
console.log(
  `\nmode ${values.mode}: fixed ${fixed.length}/${rows.length} with no model; median time per fix ${(median(times) / 1000).toFixed(1)} s; ` +
    `median candidates per fix ${median(counts)}`,
);

/**
 * The engine's search in the chosen mode. The result carries the entry and support the fix
 * is validated with: the changed file as the entry, the program's other files beside it.
 */
async function search(task, input, before, dir) {
  const options = { sandbox, timeBudgetMs: Number(values.budget) };
  if (values.mode === "named") {
    const result = await repairOffline({ ...input, code: task.draft, check: before }, options);
    return { ...result, entry: task.entry, support: input.support };
  }
  const files = folderFiles(task, dir);
  const [entry, ...rest] = files;
  if (values.mode === "across") {
    const result = await repairOffline({ ...input, entry: entry.path, code: entry.content, editable: rest, check: undefined }, options);
    if (result.status !== "fixed") return result;
    const changed = Object.keys(result.files)[0];
    return { ...result, entry: changed, code: result.files[changed], support: files.filter((file) => file.path !== changed) };
  }
  const started = Date.now();
  let candidatesRun = 0;
  let last;
  for (const [i, file] of files.entries()) {
    const left = Math.floor((Number(values.budget) - (Date.now() - started)) / (files.length - i));
    if (left <= 0) break;
    const others = files.filter((other) => other.path !== file.path);
    last = await repairOffline({ ...input, entry: file.path, code: file.content, support: others, check: undefined }, { ...options, timeBudgetMs: left });
    candidatesRun += last.candidatesRun;
    if (last.status === "fixed") return { ...last, candidatesRun, entry: file.path, support: others };
  }
  return { ...(last ?? { status: "not_fixed", reason: "no time left" }), candidatesRun };
}

/** The program's source files: those of the buggy file's folder in the program's language, sorted, non-empty. */
function folderFiles(task, dir) {
  const folder = dirname(task.entry);
  return task.project.files
    .filter((path) => dirname(path) === folder && EXTENSIONS[task.language].test(path) && !task.tests.some((test) => test.path === path))
    .sort()
    .map((path) => ({ path, content: readFileSync(join(dir, path), "utf8") }))
    .filter((file) => file.content.trim());
}

/** The runners a project's package.json asks for, linked from this checkout's node_modules (no network in a bench). */
function linkPackages(dir) {
  const manifest = join(dir, "package.json");
  if (!existsSync(manifest)) return;
  const wanted = Object.keys(JSON.parse(readFileSync(manifest, "utf8")).devDependencies ?? {});
  for (const name of wanted) {
    const from = join(root, "node_modules", name);
    if (!existsSync(from)) continue;
    mkdirSync(join(dir, "node_modules"), { recursive: true });
    symlinkSync(from, join(dir, "node_modules", name));
  }
}
