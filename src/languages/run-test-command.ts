import { XMLParser } from "fast-xml-parser";
import type { RawTestCase, RawTestRun } from "../diagnosis/raw-failure.js";
import type { ExecResult } from "../shared/exec-result.js";
import { resolveProgram } from "../sandbox/resolve-program.js";
import type { Sandbox } from "../shared/sandbox.js";
import { killedBy, outputTail } from "./exec-outcome.js";

/** Where a test command is asked to write its JUnit report (`$MEND_JUNIT_FILE`), and the usual names it may pick itself. */
export const JUNIT_FILE = "mend-junit.xml";
const JUNIT_NAMES = [JUNIT_FILE, "junit.xml", "report.xml", "test-results.xml", "results.xml"];

export interface TestCommandInput {
  /** A shell command line, run with `/bin/sh -c` in the work folder (the project root in a project). */
  command: string;
  files: Record<string, string>;
  timeoutMs: number;
  memoryMb?: number;
  allowNetwork?: boolean;
}

/**
 * Runs any test command in the sandbox (`--test-cmd`). Per-test results come from a JUnit XML
 * file when the command writes one; otherwise its exit status is the whole verdict.
 */
export async function runTestCommand(sandbox: Sandbox, input: TestCommandInput): Promise<{ run: RawTestRun | undefined; exec: ExecResult }> {
  // The command finds the same python3 and node mendloop runs tests with, installations included.
  const tools = await Promise.all(["python3", "node"].map((name) => resolveProgram(name).catch(() => undefined)));
  const found = tools.filter((tool) => tool !== undefined);
  const path = [...found.flatMap((tool) => tool.binDirs), "/usr/local/bin", "/usr/bin", "/bin"];
  const exec = await sandbox.run({
    command: ["/bin/sh", "-c", input.command],
    files: input.files,
    timeoutMs: input.timeoutMs,
    memoryMb: input.memoryMb,
    allowNetwork: input.allowNetwork,
    env: { MEND_JUNIT_FILE: JUNIT_FILE, CI: "1", PATH: [...new Set(path)].join(":") },
    readOnlyPaths: [...new Set(found.flatMap((tool) => tool.roots))],
    collect: JUNIT_NAMES,
  });
  const xml = JUNIT_NAMES.map((name) => exec.files?.[name]).find((text) => text?.includes("<testcase"));
  if (!xml) return { run: undefined, exec };
  const run: RawTestRun = { cases: parseJunit(xml), loadErrors: [], noTests: false, output: outputTail(exec) };
  run.noTests = run.cases.length === 0;
  if (exec.reason !== "ok" && exec.reason !== "exit") run.killed = killedBy(exec);
  return { run, exec };
}

interface JunitCase {
  "@_name"?: string;
  "@_classname"?: string;
  "@_file"?: string;
  "@_line"?: string;
  failure?: JunitProblem | JunitProblem[];
  error?: JunitProblem | JunitProblem[];
  skipped?: unknown;
}
type JunitProblem = string | { "@_message"?: string; "@_type"?: string; "#text"?: string };

/** Every `<testcase>` of a JUnit report, wherever the suites nest them. */
export function parseJunit(xml: string): RawTestCase[] {
  const parser = new XMLParser({ ignoreAttributes: false, htmlEntities: true, isArray: (name) => name === "testcase" || name === "testsuite" });
  const cases: RawTestCase[] = [];
  const visit = (node: unknown): void => {
    if (!node || typeof node !== "object") return;
    for (const [key, value] of Object.entries(node)) {
      if (key === "testcase" && Array.isArray(value)) for (const test of value as JunitCase[]) cases.push(toCase(test));
      else if (typeof value === "object") visit(value);
    }
  };
  visit(parser.parse(xml));
  return cases;
}

function toCase(test: JunitCase): RawTestCase {
  const name = [test["@_classname"], test["@_name"]].filter(Boolean).join(" > ") || "(unnamed test)";
  const problem = [test.failure, test.error].flat().find((item) => item !== undefined);
  const raw: RawTestCase = { name, outcome: problem !== undefined ? "failed" : test.skipped !== undefined ? "skipped" : "passed" };
  if (test["@_file"]) raw.file = test["@_file"];
  if (test["@_line"]) raw.line = Number(test["@_line"]);
  if (problem !== undefined) {
    const text = typeof problem === "string" ? problem : (problem["#text"] ?? "");
    const message = typeof problem === "string" ? problem.split("\n")[0] : (problem["@_message"] ?? text.split("\n")[0]);
    const type = typeof problem === "string" ? "AssertionError" : (problem["@_type"] ?? "AssertionError");
    raw.error = { type: type.split(".").at(-1) ?? type, message: message ?? "", frames: [] };
  }
  return raw;
}
