// Wall time of the `mend` commands agents and scripts call in loops, against the least the
// same work can cost here. Medians of alternating runs (mend, baseline, mend, ...), so that a
// change in machine load hits both sides:
//   mend exec on a one-line program  vs  a bare bubblewrap namespace running that program
//   mend check on a tiny program with one test  vs  plain pytest on the same files
//   mend check on real project folders (bench/cli-projects: jest with CommonJS, vitest with ESM,
//   TypeScript with vitest and a tsconfig, a Python package with pytest), their npm packages
//   installed from the registry  vs  the project's own runner alone (npx jest, npx vitest run,
//   python3 -m pytest), as its author runs it
// Both baselines use the interpreter's real path: a pyenv shim would add its own start-up.
// pytest is timed twice: as a user runs it (every installed plugin loads itself) and with
// plugin autoloading off, as mend runs it in the sandbox (the stricter comparison).
// Options: `--runs N` per side and command (default 7); `--only TEXT` keeps the rows whose label
// has TEXT. MEND_BENCH_BASE=DIR adds another build's dist (an older one) to the alternation.
import { execFileSync, spawn } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const mend = join(root, "dist/cli/main.js");
if (!existsSync(mend)) {
  console.error("bench:cli: dist/ is missing: run npm run build first");
  process.exit(2);
}
const { values } = parseArgs({ options: { runs: { type: "string", default: "7" }, only: { type: "string", default: "" } } });
const runs = Math.max(1, Number(values.runs));
const baseMend = process.env.MEND_BENCH_BASE ? join(process.env.MEND_BENCH_BASE, "cli/main.js") : undefined;

const dir = mkdtempSync(join(tmpdir(), "mend-bench-cli-"));
writeFileSync(join(dir, "one.py"), "print(1)\n");
writeFileSync(join(dir, "inc.py"), "def inc(x):\n    return x + 1\n");
writeFileSync(join(dir, "test_inc.py"), "from inc import inc\n\n\ndef test_inc():\n    assert inc(1) == 2\n");

const python = execFileSync("python3", ["-c", "import os, sys; print(os.path.realpath(sys.executable))"]).toString().trim();
const shim = execFileSync("sh", ["-c", "command -v python3"]).toString().trim();

/** Runs argv to its end (exit of the process, not just of its output) and returns ms and exit code. */
function time(argv, expectedCode, env = {}, cwd = dir) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(argv[0], argv.slice(1), { cwd, stdio: ["ignore", "ignore", "pipe"], env: { ...process.env, ...env } });
    let stderr = "";
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code) => {
      const ms = performance.now() - started;
      if (code !== expectedCode) reject(new Error(`${argv.join(" ")}: exit ${code}, expected ${expectedCode}\n${stderr}`));
      else resolve(ms);
    });
  });
}

const bareBwrap = [
  "bwrap", "--unshare-all", "--die-with-parent", "--new-session",
  "--ro-bind", "/usr", "/usr", "--symlink", "usr/lib", "/lib", "--symlink", "usr/lib64", "/lib64", "--symlink", "usr/bin", "/bin",
  "--ro-bind", dirname(dirname(python)), dirname(dirname(python)),
  "--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp", "--ro-bind", dir, "/work", "--chdir", "/work",
  python, "one.py",
];

const rows = [
  {
    label: "mend exec one.py",
    mend: ["node", mend, "exec", "one.py"],
    baselines: [{ label: "bare bwrap: python3 one.py", argv: bareBwrap }],
    code: 0,
    goal: 6,
  },
  {
    label: "mend check inc.py --tests test_inc.py",
    mend: ["node", mend, "check", "inc.py", "--tests", "test_inc.py"],
    baselines: [
      { label: "python3 -m pytest test_inc.py", argv: [python, "-m", "pytest", "-q", "-p", "no:cacheprovider", "test_inc.py"] },
      {
        label: "  the same, no plugin autoload",
        argv: [python, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "pytest_timeout", "test_inc.py"],
        env: { PYTEST_DISABLE_PLUGIN_AUTOLOAD: "1" },
      },
    ],
    code: 0,
    goal: 2,
  },
  ...projectRows(),
].filter((row) => row.label.includes(values.only));

/** The project folders, copied out and their packages installed as their authors would. */
function projectRows() {
  const projects = [
    { name: "jest-cjs", check: ["lib", "--tests", "__tests__"], runner: ["npx", "jest"] },
    { name: "vitest-esm", check: ["src", "--tests", "test"], runner: ["npx", "vitest", "run"] },
    { name: "ts-vitest", check: ["src", "--tests", "test"], runner: ["npx", "vitest", "run"] },
    { name: "py-pytest", check: ["src/ledger", "--tests", "tests"], runner: [python, "-m", "pytest", "-q", "-p", "no:cacheprovider"] },
  ].filter((project) => `mend check ${project.name}`.includes(values.only));
  for (const project of projects) {
    project.cwd = join(dir, project.name);
    cpSync(join(root, "bench/cli-projects", project.name), project.cwd, { recursive: true });
  }
  const npm = projects.filter((project) => existsSync(join(project.cwd, "package.json")));
  if (npm.length > 0) console.error(`bench:cli: npm install in ${npm.map((project) => project.name).join(", ")}`);
  try {
    for (const project of npm) execFileSync("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error"], { cwd: project.cwd, stdio: "ignore" });
  } catch (error) {
    // Before the measuring try/finally: the copied projects would outlive a failed install.
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return projects.map((project) => ({
    label: `mend check ${project.name} ${project.check.join(" ")}`,
    mend: ["node", mend, "check", ...project.check],
    cwd: project.cwd,
    baselines: [{ label: `  ${project.runner.map((arg) => (arg === python ? "python3" : arg)).join(" ")}`, argv: project.runner }],
    code: 0,
    goal: 2,
  }));
}

const median = (xs) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const ms = (x) => `${Math.round(x)} ms`.padStart(9);

console.log(`bench:cli  ${runs} alternating runs per side, medians; load average ${loadavg().map((x) => x.toFixed(1)).join(" ")}`);
console.log(`python3 on PATH: ${shim}${shim === python ? "" : ` -> ${python}`}`);
console.log("");
try {
  // One unmeasured run each: the first run fills caches (the page cache, mend's own) that
  // every later call finds filled.
  const older = (row) => (baseMend ? row.mend.map((arg) => (arg === mend ? baseMend : arg)) : undefined);
  for (const row of rows) {
    await time(row.mend, row.code, {}, row.cwd);
    if (baseMend) await time(older(row), row.code, {}, row.cwd);
    for (const base of row.baselines) await time(base.argv, row.code, base.env, row.cwd);
  }
  for (const row of rows) {
    const mine = [];
    const before = [];
    const bases = row.baselines.map(() => []);
    for (let i = 0; i < runs; i++) {
      mine.push(await time(row.mend, row.code, {}, row.cwd));
      if (baseMend) before.push(await time(older(row), row.code, {}, row.cwd));
      for (const [k, base] of row.baselines.entries()) bases[k].push(await time(base.argv, row.code, base.env, row.cwd));
    }
    const spread = (xs) => `(min ${Math.round(Math.min(...xs))}, max ${Math.round(Math.max(...xs))})`;
    console.log(`${row.label.padEnd(40)}${ms(median(mine))}   ${spread(mine)}`);
    if (baseMend) console.log(`${"  the base build (MEND_BENCH_BASE)".padEnd(40)}${ms(median(before))}   ${spread(before)}`);
    for (const [k, base] of row.baselines.entries()) {
      const ratio = median(mine) / median(bases[k]);
      console.log(`${base.label.padEnd(40)}${ms(median(bases[k]))}   ${spread(bases[k])}`);
      const was = baseMend ? `   (base build ${(median(before) / median(bases[k])).toFixed(1)}x)` : "";
      console.log(`${"  ratio".padEnd(40)}${`${ratio.toFixed(1)}x`.padStart(9)}   goal <= ${row.goal}x: ${ratio <= row.goal ? "met" : "NOT met"}${was}`);
    }
    console.log("");
  }
  console.log(`load average at the end ${loadavg().map((x) => x.toFixed(1)).join(" ")}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
