import { readdirSync, readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { type ProjectTestRunner, runProjectRunner } from "../languages/javascript/run-project-runner.js";
import type { Baseline, BatchOutcome, CandidateBatch, CandidateRunner, CandidateVerdict, RunnerSetup } from "./candidate-runner.js";
import { baselineFiles, baselineOf, COVERAGE_FILE } from "./project-runner-baseline.js";
import { copyPrefix, isPlausible, judge } from "./project-runner-verdict.js";

/** Candidates per run of the runner: its start-up is paid once per group, and one that hangs loses only its group. */
const GROUP_SIZE = 8;
/** The project's files a candidate's copy needs: modules the tests import and data they read. */
const COPIED = /\.(?:[cm]?[jt]sx?|json)$/;
const START_UP_MS = 20_000;
/** The longest one copy's test file may run before its watchdog kills it (a looping candidate). */
const MAX_FILE_MS = 10_000;
const MIN_FILE_MS = 2_000;

/** How long one test file of a candidate may run: the candidate's CPU limit, within MIN_FILE_MS..MAX_FILE_MS. */
export function fileLimitMs(cpuMs: number): number {
  return Math.min(MAX_FILE_MS, Math.max(MIN_FILE_MS, cpuMs));
}

/**
 * The candidate runner for a project whose tests are written for vitest or jest. The batch
 * runner's node:test stand-in cannot load them: vitest's test functions need the state its
 * own runner sets up (imported alone they throw), and jest's globals come from jest-circus.
 * So the project's own runner runs them: each candidate gets a copy of the project's source
 * tree of its own (`__mend_cN/`, tests included, resolving packages from the root's
 * node_modules), and one run of the runner takes a group of copies. Each copy's test files
 * carry a watchdog that kills their own process when they run too long: a candidate that
 * loops (which no test timeout interrupts) loses only itself, its group's others still report.
 * Per-test coverage comes from the baseline run with the entry instrumented and a recorder
 * before each test file (see `baselineFiles`).
 */
export function createProjectRunnerCandidateRunner(setup: RunnerSetup, runner: ProjectTestRunner): CandidateRunner {
  const project = setup.project;
  if (!project) throw new Error("a project runner needs the project");
  const testPaths = setup.tests.map((file) => file.path);
  let tree: Promise<Record<string, string>> | undefined;
  // The project's sources and data as they are, read once: every copy starts from them.
  const projectTree = () =>
    (tree ??= (async () => {
      const files: Record<string, string> = {};
      for (const path of project.files) {
        if (COPIED.test(path) && path !== "package.json" && !path.endsWith("package-lock.json")) {
          files[path] = await readFile(join(project.root, path), "utf8").catch(() => "");
        }
      }
      for (const file of [...(setup.support ?? []), ...setup.tests]) files[file.path] = file.content;
      return files;
    })());

  // Copies under __mend_cN/ run as the root does only when the runner's config and the
  // tsconfig do not tie tests and sources to their paths (an include glob, an alias to src/):
  // otherwise each candidate runs in place, laid over the project, one run each (slower, right).
  const inPlace = !copiesResolveAsRoot(project.root);
  const run = (files: Record<string, string>, testFiles: string[], perTestTimeoutMs: number, timeoutMs: number, workers = false, collect: string[] = []) =>
    runProjectRunner(setup.sandbox, { runner, root: project.root, files, testFiles, timeoutMs, perTestTimeoutMs, workers, collect });

  return {
    async baseline(testTimeoutMs, budgetMs, wallLimitMs): Promise<Baseline> {
      const started = Date.now();
      const files = { ...(await projectTree()), ...(await baselineFiles(setup, runner)) };
      const { run: result, exec } = await run(files, testPaths, Math.max(testTimeoutMs, 1_000), Math.min(wallLimitMs ?? Infinity, budgetMs + START_UP_MS), false, [COVERAGE_FILE]);
      return baselineOf(setup, runner, result, exec.files?.[COVERAGE_FILE], Date.now() - started);
    },

    async evaluate(batch: CandidateBatch): Promise<BatchOutcome> {
      const started = Date.now();
      const base = await projectTree();
      const verdicts: CandidateVerdict[] = [];
      const pending = [...batch.candidates];
      let plausibleSeen: number | undefined;
      // The engine's deadline: no run of the project's runner may end past it.
      const wallEnd = batch.wallLimitMs === undefined ? Infinity : started + batch.wallLimitMs;
      while (pending.length > 0) {
        if (Date.now() - started >= batch.budgetMs || Date.now() >= wallEnd) break;
        if (plausibleSeen !== undefined && verdicts.length - plausibleSeen >= batch.extraAfterPlausible) break;
        const group = pending.splice(0, inPlace ? 1 : GROUP_SIZE);
        const files: Record<string, string> = {};
        const groupTests: string[] = [];
        const guard = watchdog(runner, fileLimitMs(batch.cpuMs));
        for (const candidate of group) {
          const prefix = inPlace ? "" : copyPrefix(candidate.id);
          if (inPlace) for (const file of setup.support ?? []) files[file.path] = file.content;
          else for (const [path, content] of Object.entries(base)) files[prefix + path] = content;
          for (const path of testPaths) files[prefix + path] = guard + (base[path] ?? "");
          files[prefix + setup.entry] = candidate.code;
          groupTests.push(...testPaths.map((path) => prefix + path));
        }
        const left = batch.budgetMs - (Date.now() - started);
        const groupStarted = Date.now();
        // The runner's start-up comes on top of the tests' time, but never past the deadline.
        const limit = Math.max(1, Math.min(Math.max(1_000, Math.min(left, batch.timeoutMs * group.length) + START_UP_MS), wallEnd - Date.now()));
        // jest runs a group in its own process (its workers cost half as much again), where a
        // watchdog's kill ends the whole run; only then is the group run again in workers, where
        // the kill ends the looping copy's file alone (measured: 4.1 s in band, 6.4 s in workers).
        let { run: result } = await run(files, groupTests, batch.timeoutMs, limit, false);
        if (runner === "jest" && result.cases.length === 0 && result.loadErrors.length === 0 && group.length > 1 && Date.now() - started < batch.budgetMs && Date.now() < wallEnd) {
          ({ run: result } = await run(files, groupTests, batch.timeoutMs, Math.min(limit, wallEnd - Date.now()), true));
        }
        const each = Math.round((Date.now() - groupStarted) / group.length);
        for (const candidate of group) {
          const verdict = judge(candidate.id, result, batch, each, inPlace);
          verdicts.push(verdict);
          if (plausibleSeen === undefined && isPlausible(verdict)) plausibleSeen = verdicts.length;
        }
      }
      return { verdicts, unstarted: pending.map((candidate) => candidate.id) };
    },

    // Every run is a run of the project's own test tool to its end: nothing outlives a call.
    async close() {},
  };
}

/**
 * A line put before each copy's test file: a watchdog thread that kills the file's process
 * once the file has run `ms` (a looping candidate blocks its own thread, so no timer there
 * could), stopped when the file's tests are done. vitest then reports that file's tests as
 * not run and jest the file as failed to run, and both go on with the other files. One line,
 * so the test file's own line numbers shift by one only.
 */
function watchdog(runner: ProjectTestRunner, ms: number): string {
  const start =
    `const { Worker: MendWorker } = process.getBuiltinModule("node:worker_threads"); ` +
    `const mendWatchdog = new MendWorker("setTimeout(() => process.kill(process.pid, 'SIGKILL'), ${Math.round(ms)})", { eval: true }); ` +
    `mendWatchdog.unref();`;
  return runner === "vitest"
    ? `import { afterAll as mendAfterAll } from "vitest"; { ${start} mendAfterAll(() => mendWatchdog.terminate()); }\n`
    : `{ ${start} afterAll(() => mendWatchdog.terminate()); }\n`;
}

/** Runner and TypeScript configs whose path-bound settings a copy of the tree would not follow. */
const CONFIGS = /^(?:vite|vitest|jest)\.config\.[cm]?[jt]s$|^vitest\.workspace\.[cm]?[jt]s$/;
const PATH_BOUND = /\b(?:alias|include|dir|root|roots|testMatch|testRegex|moduleNameMapper|modulePaths|moduleDirectories)\b/;

/**
 * Whether a candidate's copy of the source tree under `__mend_cN/` runs as the project does: no
 * runner config (vite/vitest/jest config file, or package.json's `jest`) with path-bound settings,
 * and no tsconfig/jsconfig `paths`.
 */
function copiesResolveAsRoot(root: string): boolean {
  let names: string[];
  try {
    names = readdirSync(root);
  } catch {
    return true;
  }
  for (const name of names) {
    if (CONFIGS.test(name) && PATH_BOUND.test(readText(join(root, name)))) return false;
    if ((name === "tsconfig.json" || name === "jsconfig.json") && /"paths"\s*:/.test(readText(join(root, name)))) return false;
  }
  const manifest = readText(join(root, "package.json"));
  const jest = manifest.search(/"jest"\s*:\s*\{/);
  return jest < 0 || !PATH_BOUND.test(manifest.slice(jest));
}

function readText(path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return "";
  }
}
