import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect } from "vitest";

/** The built CLI; the tests run it as users do (`npm test` builds first). */
export const MEND = fileURLToPath(new URL("../../../../dist/cli/main.js", import.meta.url));

export interface MendExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Starts `node dist/cli/main.js ARGS` with only the given environment (plus PATH). */
export function spawnMend(args: string[], options: { cwd: string; env?: Record<string, string> }): {
  child: ChildProcess;
  exit: Promise<MendExit>;
} {
  if (!existsSync(MEND)) throw new Error(`${MEND} is missing: run npm run build first`);
  const child = spawn(process.execPath, [MEND, ...args], {
    cwd: options.cwd,
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: process.env.HOME ?? options.cwd, ...options.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exit = new Promise<MendExit>((resolve) =>
    child.on("close", (code, signal) => resolve({ code, signal, stdout, stderr })),
  );
  return { child, exit };
}

/** Runs the CLI to the end. */
export function runMend(args: string[], options: { cwd: string; env?: Record<string, string> }): Promise<MendExit> {
  return spawnMend(args, options).exit;
}

/**
 * Runs the CLI on a pseudo-terminal (util-linux `script`): stdin, stdout and stderr are a TTY,
 * as in an interactive shell. Each time `prompt` shows up in the output, the next of `answers`
 * is typed, followed by Enter. The result's `stdout` is what the terminal showed (the CLI's
 * stdout and stderr interleaved, lines ending in \r\n). The CLI is killed after `timeoutMs`,
 * so a question nobody answers cannot outlive the test.
 */
export function runMendInTerminal(
  args: string[],
  options: { cwd: string; env?: Record<string, string>; prompt: string; answers: string[]; timeoutMs: number },
): Promise<MendExit> {
  if (!existsSync(MEND)) throw new Error(`${MEND} is missing: run npm run build first`);
  const quote = (arg: string) => `'${arg.replaceAll("'", "'\\''")}'`;
  const command = [process.execPath, MEND, ...args].map(quote).join(" ");
  // -e: exit with the CLI's exit code; -f: pass output on at once; /dev/null: keep no typescript file.
  const child = spawn("script", ["-qefc", command, "/dev/null"], {
    cwd: options.cwd,
    env: {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      HOME: process.env.HOME ?? options.cwd,
      SHELL: "/bin/sh",
      TERM: "dumb",
      ...options.env,
    },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  let answered = 0;
  child.stdout?.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
    const asked = stdout.split(options.prompt).length - 1;
    while (answered < asked && answered < options.answers.length) child.stdin?.write(`${options.answers[answered++]}\r`);
  });
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs);
  return new Promise<MendExit>((resolve) =>
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    }),
  );
}

/**
 * The SPEC's bad-input exit: code 2, one readable line on stderr, no stack trace, and on
 * stdout nothing, or with `json` exactly one JSON error object carrying the same message.
 */
export function expectUsageExit(result: MendExit, message: RegExp, options: { json?: boolean } = {}): void {
  expect(result.code, result.stderr).toBe(2);
  const lines = result.stderr.trim().split("\n");
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(message);
  expect(result.stderr).not.toMatch(/\n\s+at /);
  if (!options.json) {
    expect(result.stdout).toBe("");
    return;
  }
  expect(result.stdout.trim().split("\n")).toHaveLength(1);
  const json = JSON.parse(result.stdout);
  expect(json).toEqual({ error: { code: expect.any(String), message: expect.any(String) }, exitCode: 2 });
  expect(`mend: ${json.error.message}`).toBe(lines[0]);
}
