// bench:projects: small multi-file projects (Python packages with conftest fixtures and data
// files; JavaScript and TypeScript with ESM and CommonJS, JSON imports, node:test, vitest and
// jest), one bug each, repaired from the project root with no model: the offline engine's
// fix, verified by a fresh validation. Prints fixed/total and the median time per fix.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
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
const { values } = parseArgs({ options: { filter: { type: "string", default: "" }, budget: { type: "string", default: "20000" } } });

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
    try {
      const { task } = await loadTask({ draft: project.program, tests: [project.tests], project: true, cwd: dir });
      const input = { language: task.language, entry: task.entry, tests: task.tests, project: task.project };
      const before = await validate({ ...input, code: task.draft }, { sandbox });
      const result = await repairOffline({ ...input, code: task.draft, check: before }, { sandbox, timeBudgetMs: Number(values.budget) });
      if (result.status === "fixed") {
        const after = await validate({ ...input, code: result.code }, { sandbox });
        status = after.passed ? "fixed" : "unverified";
        detail = after.passed ? result.edits.map((edit) => `${edit.operator} at line ${edit.line}: ${edit.after.trim()}`).join("; ") : after.summary;
      } else {
        status = "not fixed";
        detail = `${before.stage}/${before.errorType ?? "-"}: ${result.reason}`;
      }
    } catch (error) {
      status = "error";
      detail = String(error?.message ?? error).split("\n")[0];
    }
    const ms = Date.now() - started;
    rows.push({ name: project.name, lang: project.lang, status, ms });
    console.log(`${project.name.padEnd(24)} ${project.lang.padEnd(10)} ${status.padEnd(10)} ${(ms / 1000).toFixed(1).padStart(6)} s  ${detail.slice(0, 100)}`);
  }
} finally {
  await sandbox.close();
  rmSync(work, { recursive: true, force: true });
}
const fixed = rows.filter((row) => row.status === "fixed");
const times = fixed.map((row) => row.ms).sort((a, b) => a - b);
const median = times.length ? times[Math.floor((times.length - 1) / 2)] : NaN;
console.log(`\nfixed ${fixed.length}/${rows.length} with no model; median time per fix ${(median / 1000).toFixed(1)} s`);

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
