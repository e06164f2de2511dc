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
  /** The human rendering of the result for stdout (the code, or a diff). */
  render(result: RunResult): string;
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
  const onSigint = () => {
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
    output.result(result, () => input.render(result));
    output.info(describeResult(result, chosen));
    output.info(await reportLink(result.runDir));
    return exitCode(result);
  } finally {
    process.off("SIGINT", onSigint);
    await agent.close();
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
