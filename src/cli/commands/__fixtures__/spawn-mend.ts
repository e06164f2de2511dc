import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect } from "vitest";

/** The built CLI; the tests run it as users do (`npm test` builds first). */
export const MEND = fileURLToPath(new URL("../../../../dist/cli/main.js", import.meta.url));
const SRC = fileURLToPath(new URL("../../../../src", import.meta.url));

/**
 * Why `built` cannot stand for the source under `srcDir`, or undefined when it can: it is
 * missing, or a source file that goes into the build (what tsconfig.build.json takes: `.ts`
 * files, no tests, nothing under __fixtures__) changed after it was written. tsc rewrites every
 * output file on each build, so the entry's mtime is the build's.
 */
export function staleBuild(srcDir: string, built: string): string | undefined {
  if (!existsSync(built)) return `${built} is missing: run npm run build first`;
  const builtAt = statSync(built).mtimeMs;
  const newer = readdirSync(srcDir, { recursive: true, encoding: "utf8" })
    .filter((path) => path.endsWith(".ts") && !path.endsWith(".test.ts") && !path.split("/").includes("__fixtures__"))
    .filter((path) => statSync(join(srcDir, path)).mtimeMs > builtAt)
    .sort();
  if (newer.length === 0) return undefined;
  return `dist/ is older than src/ (${newer.length} source files changed since the build, e.g. ${newer[0]}): run npm run build first`;
}

// Once per process: walking src/ for every spawn would cost more than the check is worth, and
// a build in the middle of a test run is not something the tests should follow.
let distCheck: { problem: string | undefined } | undefined;

/** Throws unless dist/ was built from the current src/: a test must not pass or fail on yesterday's code. */
function requireCurrentDist(): void {
  distCheck ??= { problem: staleBuild(SRC, MEND) };
  if (distCheck.problem) throw new Error(distCheck.problem);
}

export interface MendExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/**
 * For tests that assert the offline engine finds a fix: the engine is bounded by candidates
 * (its clock then only a backstop), so that the outcome does not depend on how loaded the
 * machine is. The fixes these tests expect take well under this many candidates.
 */
export const BY_CANDIDATES: Readonly<Record<string, string>> = { MEND_OFFLINE_MAX_CANDIDATES: "600" };

/** Starts `node dist/cli/main.js ARGS` with only the given environment (plus PATH). */
export function spawnMend(args: string[], options: { cwd: string; env?: Record<string, string> }): {
  child: ChildProcess;
  exit: Promise<MendExit>;
} {
  requireCurrentDist();
  const data = ownDataHome();
  const child = spawn(process.execPath, [MEND, ...args], {
    cwd: options.cwd,
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: process.env.HOME ?? options.cwd, XDG_DATA_HOME: data.dir, ...options.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.on("close", data.remove);
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exit = new Promise<MendExit>((resolve) =>
    child.on("close", (code, signal) => resolve({ code, signal, stdout, stderr })),
  );
  return { child, exit };
}

/**
 * A data folder of the spawned CLI's own (its `XDG_DATA_HOME`): what one test's run remembers
 * (the error -> fix memory) must not change another test's run, nor land in the user's data
 * folder. A test about the memory names its file with --memory. Every way the tests start
 * `mend` takes one.
 */
export function ownDataHome(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), "mend-data-"));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
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
  requireCurrentDist();
  const quote = (arg: string) => `'${arg.replaceAll("'", "'\\''")}'`;
  const command = [process.execPath, MEND, ...args].map(quote).join(" ");
  const data = ownDataHome();
  // -e: exit with the CLI's exit code; -f: pass output on at once; /dev/null: keep no typescript file.
  const child = spawn("script", ["-qefc", command, "/dev/null"], {
    cwd: options.cwd,
    env: {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      HOME: process.env.HOME ?? options.cwd,
      SHELL: "/bin/sh",
      TERM: "dumb",
      XDG_DATA_HOME: data.dir,
      ...options.env,
    },
    stdio: ["pipe", "pipe", "pipe"],
  });
  child.on("close", data.remove);
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
