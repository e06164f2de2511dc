import { runtimeSource } from "../shared/runtime-source.js";
import type { Sandbox } from "../shared/sandbox.js";
import type { SourceFile } from "../shared/task.js";
import { moduleTypeOf } from "./node-runner-layout.js";
import type { DerivedInput } from "./derive-inputs.js";
import type { LiteralLanguage } from "./literal-value.js";

export interface DifferentialSetup {
  language: LiteralLanguage;
  entry: string;
  tests: readonly SourceFile[];
  support?: readonly SourceFile[];
  sandbox: Sandbox;
}

/**
 * What each version did on each input, in input order: `=<result> args <arguments after>`,
 * `!<error name>`, `!timeout` (its CPU time spent), `!killed` (the version died), or `!slow`
 * (stopped by the wall clock on a starved machine: no evidence); for an object's scenario, what
 * building it and each method call did, with the object's state after each, joined by ` | `.
 */
export type DifferentialOutcome =
  | { status: "ok"; outcomes: Map<number, string[]> }
  | { status: "error"; reason: string };

const CONFIG_FILE = "__mend_differential.json";
const VERSIONS_FILE = "__mend_versions.json";
const RUNNER = { python: "__mend_differential.py", javascript: "__mend_differential.mjs" } as const;
const MARKER = "@@mend ";
/** A call is cut off after this much time: the tests' own calls take milliseconds, a mutant's loop forever. */
export const CALL_TIMEOUT_MS = 200;
/** Interpreter start and import, per version, and the wall-clock time a call may take on a busy machine. */
const VERSION_STARTUP_MS = 5_000;
const CALL_WALL_MS = 4 * CALL_TIMEOUT_MS;

/**
 * Runs each version of the program (the original and candidate fixes) on the same inputs, in
 * one sandbox run (the versions are untrusted code), and reports what each did. Stopped after
 * `wallLimitMs`; a version not reached by then is missing from the outcomes.
 */
export async function runDifferential(
  setup: DifferentialSetup,
  versions: readonly { id: number; code: string }[],
  inputs: readonly DerivedInput[],
  wallLimitMs: number,
): Promise<DifferentialOutcome> {
  const files: Record<string, string> = {};
  for (const file of setup.support ?? []) files[file.path] = file.content;
  const runner = RUNNER[setup.language];
  files[runner] = runtimeSource(setup.language === "python" ? "python/differential_runner.py" : "node/differential-runner.mjs");
  files[VERSIONS_FILE] = JSON.stringify(versions);
  files[setup.entry] = versions[0]?.code ?? "";
  const calls = inputs.reduce((sum, input) => sum + 1 + (input.kind === "object" ? input.steps.length : 0), 0);
  const versionTimeoutMs = VERSION_STARTUP_MS + calls * CALL_WALL_MS;
  files[CONFIG_FILE] = JSON.stringify({ entry: setup.entry, versions: VERSIONS_FILE, inputs, callTimeoutMs: CALL_TIMEOUT_MS, versionTimeoutMs });
  if (setup.language === "javascript") {
    files["package.json"] ??= JSON.stringify({ type: moduleTypeOf(setup.entry, [versions[0]?.code ?? "", ...setup.tests.map((file) => file.content)]) });
  }
  const result = await setup.sandbox.run({
    command: setup.language === "python" ? ["python3", "-u", runner, CONFIG_FILE] : ["node", runner, CONFIG_FILE],
    files,
    timeoutMs: Math.max(1, Math.round(wallLimitMs)),
    env: { PYTHONDONTWRITEBYTECODE: "1", PYTHONHASHSEED: "0", NODE_NO_WARNINGS: "1" },
    outputLimitBytes: 8 * 1024 * 1024,
  });
  const outcomes = new Map<number, string[]>();
  for (const line of result.stdout.split("\n")) {
    if (!line.startsWith(MARKER)) continue;
    try {
      const event = JSON.parse(line.slice(MARKER.length)) as { event?: string; id?: number; outcomes?: string[] };
      if (event.event === "version" && typeof event.id === "number" && Array.isArray(event.outcomes)) outcomes.set(event.id, event.outcomes);
    } catch {
      // A line cut by the time limit: the versions reported before it still count.
    }
  }
  if (outcomes.size === 0) return { status: "error", reason: `the differential run reported nothing (${result.reason}, exit ${result.exitCode ?? result.signal})` };
  return { status: "ok", outcomes };
}
