import { existsSync } from "node:fs";
import { join } from "node:path";
import { inProject } from "../languages/in-project.js";
import { ASSERT_SCRIPT_FILE, assertScriptSource } from "../languages/python/assert-script-source.js";
import { nodeTestStandInSource } from "../sandbox/node-test-stand-in-source.js";
import { PROGRAM_MODULES_FILE, programModulesSource } from "../sandbox/program-modules-source.js";
import type { ExecResult } from "../shared/exec-result.js";
import type { CandidateRunner, CandidateVerdict, RunnerSetup, TestObservation } from "./candidate-runner.js";
import { nodeRunnerScripts } from "./node-runner-scripts.js";
import { pythonRunnerScript } from "./python-runner-script.js";

const CONFIG_FILE = "__mend_config.json";
const CANDIDATES_FILE = "__mend_candidates.json";
const MARKER = "@@mend ";
/** Interpreter start, pytest import and collection happen once per batch. */
const STARTUP_ALLOWANCE_MS = 15_000;

interface RunnerEvent {
  event: string;
  [key: string]: unknown;
}

/**
 * The batch runner for Python or JavaScript: one sandboxed process per batch, which
 * evaluates many candidates, each in its own child (Python: a fork after pytest collected
 * the tests once; Node: a worker thread) with its own timeout, since mutants often loop forever.
 */
export function createBatchRunner(setup: RunnerSetup): CandidateRunner {
  const isPython = setup.language === "python";
  const testPaths = setup.tests.map((file) => file.path);
  const supportPaths = (setup.support ?? []).map((file) => file.path);
  // Node runs each candidate in a folder of its own: a project's other files are copied there, its packages linked.
  if (!isPython && setup.project) {
    const own = new Set([setup.entry, ...testPaths, ...supportPaths]);
    supportPaths.push(...setup.project.files.filter((path) => !own.has(path) && path !== "package.json"));
  }
  const links = !isPython && setup.project && existsSync(join(setup.project.root, "node_modules")) ? ["node_modules"] : [];

  const baseFiles = (): Record<string, string> => {
    const files: Record<string, string> = {};
    for (const file of [...(setup.support ?? []), ...setup.tests]) files[file.path] = file.content;
    files[setup.entry] = setup.code;
    if (isPython) {
      files["__mend_runner.py"] = pythonRunnerScript();
      files[ASSERT_SCRIPT_FILE] = assertScriptSource();
      files[PROGRAM_MODULES_FILE] = programModulesSource();
    } else {
      Object.assign(files, nodeRunnerScripts());
      files["__mend_shim.cjs"] = nodeTestStandInSource();
      // A project's own package.json says how its files load; only a bare task needs one made up.
      if (!setup.project?.files.includes("package.json")) files["package.json"] ??= JSON.stringify({ type: moduleTypeOf(setup.entry, [setup.code, ...setup.tests.map((file) => file.content)]) });
    }
    return files;
  };

  const run = async (files: Record<string, string>, config: Record<string, unknown>, timeoutMs: number) => {
    files[CONFIG_FILE] = JSON.stringify({ entry: setup.entry, tests: testPaths, support: supportPaths, links, jobs: setup.jobs, ...config });
    const command = isPython
      ? ["python3", "-u", "__mend_runner.py", CONFIG_FILE]
      : ["node", "__mend_runner.mjs", CONFIG_FILE];
    const result = await setup.sandbox.run(
      inProject(
        {
          command,
          files,
          timeoutMs,
          env: { PYTHONDONTWRITEBYTECODE: "1", PYTHONHASHSEED: "0", NODE_NO_WARNINGS: "1" },
          outputLimitBytes: 32 * 1024 * 1024,
        },
        setup.project,
      ),
    );
    return { result, events: parseEvents(result) };
  };

  return {
    async baseline(testTimeoutMs, budgetMs, wallLimitMs) {
      const started = Date.now();
      const { result, events } = await run(
        baseFiles(),
        { mode: "baseline", testTimeoutMs, budgetMs },
        capped(budgetMs + STARTUP_ALLOWANCE_MS, wallLimitMs),
      );
      const durationMs = Date.now() - started;
      const collectionError = events.find((event) => event.event === "collectionError");
      if (collectionError) return { status: "error", reason: "the tests could not be collected", durationMs };
      const tests: TestObservation[] = events
        .filter((event) => event.event === "test")
        .map((event) => ({
          id: String(event.id),
          outcome: event.outcome as TestObservation["outcome"],
          durationMs: Number(event.ms ?? 0),
          lines: Array.isArray(event.lines) ? (event.lines as number[]) : [],
          failLine: typeof event.failLine === "number" ? event.failLine : undefined,
        }));
      if (tests.length === 0) {
        return { status: "error", reason: `the test runner reported no tests (${describeExit(result)})`, durationMs };
      }
      const importError = events.find((event) => event.event === "importError");
      return { status: "ok", tests, durationMs, importError: importError ? String(importError.message) : undefined };
    },

    async evaluate(batch) {
      const files = baseFiles();
      files[CANDIDATES_FILE] = JSON.stringify(batch.candidates);
      const { events } = await run(
        files,
        {
          mode: "evaluate",
          candidates: CANDIDATES_FILE,
          failing: batch.failing,
          passing: batch.passing,
          timeoutMs: batch.timeoutMs,
          cpuMs: batch.cpuMs,
          budgetMs: batch.budgetMs,
          extraAfterPlausible: batch.extraAfterPlausible,
          baselineHung: batch.originalHangs,
          testTimeoutMs: batch.timeoutMs,
        },
        capped(batch.budgetMs + 2 * batch.timeoutMs + STARTUP_ALLOWANCE_MS, batch.wallLimitMs),
      );
      const verdicts: CandidateVerdict[] = events
        .filter((event) => event.event === "candidate")
        .map((event) => ({
          id: Number(event.id),
          invalid: event.invalid === true,
          timedOut: event.timedOut === true || event.aborted === true,
          failingPassed: Number(event.failingPassed ?? 0),
          failingTotal: Number(event.failingTotal ?? batch.failing.length),
          restPassed: typeof event.restPassed === "number" ? event.restPassed : null,
          restTotal: Number(event.restTotal ?? batch.passing.length),
          unknownFailed: Number(event.unknownFailed ?? 0),
          durationMs: Number(event.ms ?? 0),
          ...(typeof event.cpuMs === "number" ? { cpuMs: event.cpuMs } : {}),
        }));
      const done = events.find((event) => event.event === "done");
      const evaluated = new Set(verdicts.map((verdict) => verdict.id));
      const unstarted = done
        ? (done.unstarted as number[])
        : batch.candidates.map((candidate) => candidate.id).filter((id) => !evaluated.has(id));
      return { verdicts, unstarted };
    },
  };
}

/** The sandbox's limit for a runner process: its own allowance, or less when the caller's deadline is nearer. */
function capped(allowanceMs: number, wallLimitMs: number | undefined): number {
  return wallLimitMs === undefined ? allowanceMs : Math.max(1, Math.min(allowanceMs, Math.round(wallLimitMs)));
}

function parseEvents(result: ExecResult): RunnerEvent[] {
  const events: RunnerEvent[] = [];
  for (const line of result.stdout.split("\n")) {
    if (!line.startsWith(MARKER)) continue;
    try {
      events.push(JSON.parse(line.slice(MARKER.length)) as RunnerEvent);
    } catch {
      // A line cut by the output limit or a kill: the events before it still count.
    }
  }
  return events;
}

function describeExit(result: ExecResult): string {
  const tail = result.stderr.trim().split("\n").slice(-3).join(" | ");
  return `exit ${result.exitCode ?? result.signal ?? result.reason}${tail ? `: ${tail}` : ""}`;
}

/**
 * How `.js` files of a task without a package.json should load: CommonJS when the sources
 * use `require`/`module.exports` and no `import`/`export` statement, else ES modules.
 */
export function moduleTypeOf(entry: string, sources: string[]): "module" | "commonjs" {
  if (entry.endsWith(".cjs")) return "commonjs";
  if (entry.endsWith(".mjs")) return "module";
  const esm = sources.some((source) => /^\s*(import|export)\b/m.test(source));
  const cjs = sources.some((source) => /\brequire\(|\bmodule\.exports\b|\bexports\.\w+\s*=/.test(source));
  return cjs && !esm ? "commonjs" : "module";
}
