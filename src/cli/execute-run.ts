import { createInterface } from "node:readline/promises";
import { pathToFileURL } from "node:url";
import { type Agent, type AgentOptions, createAgent } from "../agent/create-agent.js";
import type { RunEvent } from "../runs/run-event.js";
import type { RunResult } from "../shared/run-result.js";
import { createOutput } from "./output.js";
import { createProgress, describeResult, type TestsChosen } from "./progress.js";

export interface ExecuteRunInput {
  json: boolean;
  agentOptions: AgentOptions;
  /** Starts (or resumes) the run on the agent. */
  start(agent: Agent, signal: AbortSignal): Promise<RunResult>;
  /** The human rendering of the result for stdout (the code, or a diff); undefined prints nothing there. */
  render(result: RunResult): string | undefined;
  /** After the result: files the command keeps, and the lines on stderr that say so. */
  afterResult?(result: RunResult): string[];
  /** Shown with the approval question: what would change. */
  describeChange(result: RunResult): string;
}

/**
 * Runs the loop for a command: progress on stderr, Ctrl-C stops at the next step with the
 * checkpoint kept (a second Ctrl-C quits at once), a pending approval is asked for on a
 * terminal (else left for `mend resume`), and the result goes to stdout. Returns the exit
 * code: 0 verified, 1 stopped without verified code, 130 interrupted or paused.
 */
export async function executeRun(input: ExecuteRunInput): Promise<number> {
  const output = createOutput(input.json);
  const controller = new AbortController();
  // Set once the result is final: a Ctrl-C after it only cuts the report and the clean-up short.
  let finished: { result: RunResult; code: number } | undefined;
  const onSigint = () => {
    if (finished) {
      const what = finished.result.verified ? "the verified result above stands" : "the result above stands";
      output.info(`mend: Ctrl-C after the run had finished: ${what} (exit ${finished.code}); only the report and the clean-up were cut short`);
      process.exit(finished.code);
    }
    if (controller.signal.aborted) process.exit(130);
    output.info("mend: interrupting at the next step (Ctrl-C again to quit at once)");
    controller.abort();
  };
  process.on("SIGINT", onSigint);
  const progress: ((event: RunEvent) => void) | undefined = input.json ? undefined : createProgress(output.info);
  // The closing line says what verified the code, which only the run's start knows in full.
  let chosen: TestsChosen | undefined;
  const onEvent = (event: RunEvent) => {
    if (event.type === "tests_chosen") chosen = event;
    progress?.(event);
  };
  const agent = createAgent({ ...input.agentOptions, onEvent });
  try {
    let result = await input.start(agent, controller.signal);
    while (result.pending === "approval" && canAsk(input.json) && !controller.signal.aborted) {
      const approved = await askApproval(input.describeChange(result));
      result = await agent.resume(result.runId, { approve: approved, signal: controller.signal });
    }
    finished = { result, code: exitCode(result) };
    const rendered = input.json ? undefined : input.render(result);
    if (input.json || rendered !== undefined) output.result(result, () => rendered ?? "");
    output.info(describeResult(result, chosen));
    for (const line of input.afterResult?.(result) ?? []) output.info(line);
    output.info(await reportLink(result.runDir));
    return finished.code;
  } finally {
    await agent.close();
    // With a result, the handler stays until the process ends: a Ctrl-C then keeps the result's exit code.
    if (!finished) process.off("SIGINT", onSigint);
  }
}

export function exitCode(result: RunResult): number {
  if (result.status === "passed") return 0;
  return result.reason === "interrupted" ? 130 : 1;
}

/** Writes the run's HTML report and names it; a report that fails never changes the outcome. */
async function reportLink(runDir: string): Promise<string> {
  try {
    // Loaded on demand: the report renderer is not needed to run the loop.
    const { writeRunReport } = await import("../report/write-run-report.js");
    return `  report ${pathToFileURL(await writeRunReport(runDir)).href}`;
  } catch (error) {
    return `  (no report: ${error instanceof Error ? error.message : String(error)})`;
  }
}

function canAsk(json: boolean): boolean {
  return !json && Boolean(process.stdin.isTTY) && Boolean(process.stderr.isTTY);
}

async function askApproval(change: string): Promise<boolean> {
  process.stderr.write(`${change}\n`);
  const prompt = createInterface({ input: process.stdin, output: process.stderr });
  try {
    const answer = await prompt.question("mend: approve this verified code? [y/N] ");
    return /^y(es)?$/i.test(answer.trim());
  } finally {
    prompt.close();
  }
}
