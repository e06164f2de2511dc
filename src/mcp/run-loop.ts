import { createAgent, DEFAULT_MAX_ATTEMPTS } from "../agent/create-agent.js";
import { agentOptionsFrom } from "../cli/loop-options.js";
import { createProgress } from "../cli/progress.js";
import { UsageError } from "../errors/usage-error.js";
import type { RunResult } from "../shared/run-result.js";
import type { LoadedTask } from "../tasks/load-task.js";
import type { ToolCall } from "./mcp-tool.js";

/**
 * Runs the loop on a loaded task under the server's limits: its model, its attempt cap (a task
 * file may lower it, never raise it), its budgets, no network. Progress goes to the client as
 * the CLI prints it; cancelling the request stops the run at the next step, checkpointed.
 */
export async function runLoop(loaded: LoadedTask, command: "run" | "repair", { settings, signal, progress }: ToolCall): Promise<RunResult> {
  if (loaded.task.allowNetwork) {
    throw new UsageError("the task asks for network access (allowNetwork), which this server does not give to programs");
  }
  const maxAttempts = Math.min(settings.loop.maxAttempts ?? DEFAULT_MAX_ATTEMPTS, loaded.maxAttempts ?? Infinity);
  const agentOptions = agentOptionsFrom({ ...settings.loop, maxAttempts, approve: false }, loaded);
  const agent = createAgent({ ...agentOptions, onEvent: createProgress(progress) });
  try {
    return await agent.run(loaded.task, { command, signal });
  } finally {
    await agent.close();
  }
}
