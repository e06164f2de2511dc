import type { Command } from "commander";
import { readFile, stat } from "node:fs/promises";
import { totalmem } from "node:os";
import { basename, resolve } from "node:path";
import { UsageError } from "../../errors/usage-error.js";
import type { ExecResult } from "../../shared/exec-result.js";
import { isLanguage, languageOfFile, type Language } from "../../shared/language.js";
import { createOutput } from "../output.js";

interface ExecFlags {
  timeout?: string;
  memory?: string;
  lang?: string;
  json?: boolean;
}

export const DEFAULT_TIMEOUT_S = 10;
export const MAX_TIMEOUT_S = 3600;
export const DEFAULT_MEMORY_MB = 512;
/** Below these the interpreter itself cannot start (measured resident size plus headroom). */
const MIN_MEMORY_MB: Record<Language, number> = { python: 16, javascript: 64, typescript: 64 };
/** A program file, not a data set. */
const MAX_FILE_BYTES = 10 * 1024 * 1024;

/**
 * `mend exec FILE [--timeout S] [--memory MB] [--lang L] [--json]`: one program in the
 * strongest sandbox this machine has. Exit code 0 when the program exited 0 within its
 * limits, 1 otherwise (the `reason` says why), 2 for bad usage or input.
 */
export function registerExecCommand(program: Command): void {
  program
    .command("exec")
    .summary("run one program in the sandbox and say how it ended")
    .description(
      "Runs FILE (Python, JavaScript, or TypeScript transpiled first) in the sandbox: no network, a private\n" +
        "work folder and /tmp, an environment built from nothing, an unprivileged user, limits on time, CPU,\n" +
        "memory, processes, file size and output. Standard input is empty. The result says why the program\n" +
        "ended (ok, exit, timeout, cpu, memory, output, pids, fsize, killed). Exit code 0 when the program\n" +
        "exited 0 within its limits, 1 otherwise, 2 for bad usage or input.",
    )
    .argument("<file>", "the program to run (.py, .js, .mjs, .cjs, .ts, .mts, .cts)")
    .option("--timeout <seconds>", `wall-clock limit, more than 0 and at most ${MAX_TIMEOUT_S} (default ${DEFAULT_TIMEOUT_S})`)
    .option("--memory <mb>", `memory limit in MiB (default ${DEFAULT_MEMORY_MB})`)
    .option("--lang <language>", "python, javascript or typescript (default: from the file name)")
    .option("--json", "print exactly one JSON object (the exec result) on stdout; human output goes to stderr")
    .addHelpText("after", "\nExample:\n  mend exec examples/median/median.py --timeout 5 --json")
    .action(async (file: string, flags: ExecFlags) => {
      await checkFile(file);
      const language = languageOf(file, flags.lang);
      const timeoutMs = parseTimeout(flags.timeout) * 1000;
      const memoryMb = parseMemory(flags.memory, language);
      const output = createOutput(flags.json ?? false);
      const result = await execProgram(file, language, { timeoutMs, memoryMb });
      if (output.json) {
        output.result(execJson(result), () => "");
      } else {
        // The program's own streams pass through; the verdict is ours and goes to stderr.
        process.stdout.write(result.stdout);
        process.stderr.write(result.stderr);
        output.info(summary(result, timeoutMs, memoryMb));
      }
      process.exitCode = result.reason === "ok" ? 0 : 1;
    });
}

/** Runs one program file in the strong sandbox: what `mend exec` and the MCP `exec` tool do. */
export async function execProgram(
  file: string,
  language: Language,
  limits: { timeoutMs: number; memoryMb: number },
): Promise<ExecResult> {
  const source = await readProgram(file);
  const { command, files, failed } = await prepare(basename(file), source, language);
  const { createSandbox } = await import("../../sandbox/create-sandbox.js");
  const sandbox = createSandbox();
  try {
    return failed ?? (await sandbox.run({ command, files, ...limits }));
  } finally {
    await sandbox.close();
  }
}

/**
 * The SPEC `exec` shape, plus `warnings` when the sandbox had to do without some mechanism or
 * a limit changed what a program did, and `limits`: what the program ran under.
 */
export function execJson(result: ExecResult): Record<string, unknown> {
  const json: Record<string, unknown> = {
    exitCode: result.exitCode,
    signal: result.signal,
    reason: result.reason,
    timedOut: result.timedOut,
    outputLimited: result.outputLimited,
    stdout: result.stdout,
    stderr: result.stderr,
    durationMs: result.durationMs,
  };
  const warnings = [...(result.warnings ?? []), ...(limitNote(result) ? [limitNote(result)] : [])];
  if (warnings.length) json.warnings = warnings;
  if (result.limits) json.limits = result.limits;
  return json;
}

/**
 * A clean exit stays `ok` (the program handled the refusal), but what it did may not be what
 * it meant to do: a refused fork is said, not hidden behind the exit code.
 */
function limitNote(result: ExecResult): string {
  if (result.reason !== "ok" || !result.pidsRefused) return "";
  const cap = result.limits ? ` (${result.limits.pids})` : "";
  return `the process limit${cap} refused ${result.pidsRefused} forks: the program exited 0 without the processes it tried to start`;
}

export function languageOf(file: string, lang: string | undefined): Language {
  if (lang !== undefined) {
    if (!isLanguage(lang)) throw new UsageError(`unknown language "${lang}" (python, javascript or typescript)`);
    return lang;
  }
  const language = languageOfFile(file);
  if (!language) {
    throw new UsageError(`cannot tell the language of ${file}: name it .py, .js, .mjs, .cjs, .ts, .mts or .cts, or pass --lang`);
  }
  return language;
}

export function parseTimeout(value: string | undefined): number {
  if (value === undefined) return DEFAULT_TIMEOUT_S;
  const seconds = Number(value);
  if (value.trim() === "" || !Number.isFinite(seconds)) throw new UsageError(`--timeout must be a number of seconds, not "${value}"`);
  if (seconds <= 0) throw new UsageError(`--timeout must be more than 0 seconds (got ${value})`);
  if (seconds > MAX_TIMEOUT_S) throw new UsageError(`--timeout must be at most ${MAX_TIMEOUT_S} seconds (got ${value})`);
  return seconds;
}

export function parseMemory(value: string | undefined, language: Language): number {
  if (value === undefined) return DEFAULT_MEMORY_MB;
  const mb = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(mb)) throw new UsageError(`--memory must be a whole number of MiB, not "${value}"`);
  return checkMemory(mb, language, "--memory");
}

/** Refuses a memory limit the interpreter cannot start under, or more than the machine has. */
export function checkMemory(mb: number, language: Language, name: string): number {
  const floor = MIN_MEMORY_MB[language];
  if (mb < floor) throw new UsageError(`${name} ${mb} MiB is below what ${language} needs to start (at least ${floor} MiB)`);
  const available = Math.floor(totalmem() / (1024 * 1024));
  if (mb > available) throw new UsageError(`${name} ${mb} MiB is more than this machine has (${available} MiB)`);
  return mb;
}

export async function checkFile(file: string): Promise<void> {
  const info = await stat(resolve(file)).catch(() => undefined);
  if (!info) throw new UsageError(`file not found: ${file}`, { code: "file_missing" });
  if (!info.isFile()) throw new UsageError(`not a file: ${file}`, { code: "file_missing" });
  if (info.size > MAX_FILE_BYTES) throw new UsageError(`${file} is ${Math.ceil(info.size / 1024 / 1024)} MiB: too large for a program (at most 10 MiB)`);
}

async function readProgram(file: string): Promise<string> {
  const bytes = await readFile(resolve(file));
  if (bytes.includes(0)) throw new UsageError(`${file} is a binary file, not a program`);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new UsageError(`${file} is not UTF-8 text`);
  }
}

/** The command and files for the sandbox; TypeScript is transpiled here, on the host. */
async function prepare(
  name: string,
  source: string,
  language: Language,
): Promise<{ command: string[]; files: Record<string, string>; failed?: ExecResult }> {
  if (language === "python") return { command: ["python3", name], files: { [name]: source } };
  if (language === "javascript") return { command: ["node", name], files: { [name]: source } };
  const { transpileTypeScriptFiles } = await import("../../sandbox/transpile-typescript.js");
  const started = performance.now();
  const typescriptName = /\.[cm]?ts$/.test(name) ? name : `${name}.ts`;
  const transpiled = await transpileTypeScriptFiles({ [typescriptName]: source });
  const entry = transpiled.renamed[typescriptName];
  if (transpiled.errors.length > 0) {
    // The program never ran: the compiler refused it, and that is its result.
    const failed: ExecResult = {
      exitCode: 1,
      signal: null,
      reason: "exit",
      timedOut: false,
      outputLimited: false,
      stdout: "",
      stderr: `${transpiled.errors.join("\n")}\n`,
      durationMs: Math.round(performance.now() - started),
    };
    return { command: [], files: {}, failed };
  }
  return { command: ["node", "--enable-source-maps", entry], files: transpiled.files };
}

function summary(result: ExecResult, timeoutMs: number, memoryMb: number): string {
  const how = result.signal ? `signal ${result.signal}` : `exit code ${result.exitCode}`;
  const why: Record<ExecResult["reason"], string> = {
    ok: "ok",
    exit: "exited with an error",
    timeout: `stopped at the ${timeoutMs / 1000} s timeout`,
    cpu: "stopped at the CPU-time limit",
    memory: `stopped at the ${memoryMb} MiB memory limit`,
    output: "stopped: output past the 1 MiB cap",
    pids: "hit the process limit",
    fsize: "hit the file-size limit",
    killed: "killed by a signal",
  };
  const note = limitNote(result);
  return `mend exec: ${why[result.reason]} (${how}, ${result.durationMs} ms)${note ? `, but ${note}` : ""}`;
}
