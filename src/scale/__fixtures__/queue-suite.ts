import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { type ChildProcess } from "node:child_process";
import { fenced } from "../../testkit/index.js";
import type { RecordedRequest } from "../../testkit/index.js";
import { spawnMend, type MendExit } from "../../cli/commands/__fixtures__/spawn-mend.js";

/** A small HumanEval-style task: a one-line function, its check, its right and wrong bodies. */
export interface SuiteTask {
  id: string;
  name: string;
  right: string;
  wrong: string;
  check: string;
}

export const TASKS: SuiteTask[] = [
  { id: "Q/add", name: "add", right: "return a + b", wrong: "return a - b", check: "assert candidate(2, 3) == 5\n    assert candidate(-1, 1) == 0" },
  { id: "Q/mul", name: "mul", right: "return a * b", wrong: "return a + b", check: "assert candidate(2, 3) == 6\n    assert candidate(0, 7) == 0" },
  { id: "Q/sub", name: "sub", right: "return a - b", wrong: "return b - a", check: "assert candidate(5, 3) == 2\n    assert candidate(1, 4) == -3" },
  { id: "Q/big", name: "big", right: "return max(a, b)", wrong: "return min(a, b)", check: "assert candidate(5, 3) == 5\n    assert candidate(1, 4) == 4" },
];

/** Writes the tasks as a JSONL suite and returns its path. */
export function writeSuite(dir: string, tasks: SuiteTask[], file = "suite.jsonl"): string {
  const lines = tasks.map((task) =>
    JSON.stringify({
      task_id: task.id,
      prompt: `def ${task.name}(a: int, b: int) -> int:\n    """Task ${task.id}: see the tests."""\n`,
      entry_point: task.name,
      test: `def check(candidate):\n    ${task.check}\n`,
    }),
  );
  const path = join(dir, file);
  writeFileSync(path, `${lines.join("\n")}\n`);
  return path;
}

/** Which task a model request is about (its prompt names the function). */
export function taskOf(request: RecordedRequest, tasks: SuiteTask[] = TASKS): SuiteTask {
  const text = request.messages.map((message) => message.content).join("\n");
  const found = tasks.find((task) => text.includes(`def ${task.name}(`));
  if (!found) throw new Error(`a request about no known task:\n${text.slice(0, 400)}`);
  return found;
}

export function code(task: SuiteTask, body: "right" | "wrong"): string {
  return fenced(`def ${task.name}(a: int, b: int) -> int:\n    ${task[body]}\n`, "python");
}

/** A `mend worker` process, with its log lines as they come. */
export interface WorkerProcess {
  child: ChildProcess;
  exit: Promise<MendExit>;
  log(): string;
}

export function spawnWorker(args: string[], cwd: string, env: Record<string, string>): WorkerProcess {
  const started = spawnMend(["worker", ...args], { cwd, env });
  let log = "";
  started.child.stderr?.on("data", (chunk: Buffer) => (log += chunk.toString()));
  return { ...started, log: () => log };
}

/** Polls `condition` until true, failing after `timeoutMs`. */
export async function until(condition: () => boolean, what: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Polls an asynchronous `condition` until true, failing after `timeoutMs`. */
export async function untilAsync(condition: () => Promise<boolean>, what: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
