import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

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
