import { spawn } from "node:child_process";
import { mkdtemp, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { ExecResult } from "../shared/exec-result.js";
import type { ExecSpec, ProcessSpec, Sandbox, SandboxProcess } from "../shared/sandbox.js";
import { linkProjectEntries, planProjectOverlay } from "./project-overlay.js";
import { StartedProcess } from "./started-process.js";

const DEFAULT_OUTPUT_LIMIT = 1024 * 1024;

/**
 * The weakest tier: a fresh temporary folder, an environment built from nothing, a
 * wall-clock timeout and an output cap, with the whole process group killed at the end.
 * No namespace isolation; used where nothing stronger is available.
 */
export class ProcessSandbox implements Sandbox {
  async run(spec: ExecSpec): Promise<ExecResult> {
    const workDir = await layOut(spec);
    try {
      const result = await runProcess(spec, workDir);
      if (spec.collect?.length) {
        result.files = {};
        for (const rel of spec.collect) {
          try {
            result.files[rel] = await readFile(join(workDir, rel), "utf8");
          } catch {
            // A missing report is the caller's signal that the runner never got that far.
          }
        }
      }
      return result;
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
  }

  /** A long-lived program in a fresh folder, its process group killed on close or at its lifetime's end. */
  async start(spec: ProcessSpec): Promise<SandboxProcess> {
    const workDir = await layOut(spec);
    const child = spawn(spec.command[0], spec.command.slice(1), {
      cwd: workDir,
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: workDir, LANG: "C.UTF-8", ...spec.env },
      detached: true,
      stdio: ["pipe", "pipe", "pipe"],
    });
    const exit = new Promise<{ exitCode: number | null; signal: string | null }>((resolve) => {
      child.once("exit", (exitCode, signal) => resolve({ exitCode, signal }));
      child.once("error", () => resolve({ exitCode: null, signal: null }));
    });
    const kill = async () => {
      try {
        if (child.pid) process.kill(-child.pid, "SIGKILL");
      } catch {
        // The group is already gone.
      }
    };
    return new StartedProcess(child, {
      exit,
      kill,
      release: () => rm(workDir, { recursive: true, force: true }),
      timeoutMs: spec.timeoutMs,
      outputLimitBytes: spec.outputLimitBytes,
      warnings: ["weak sandbox: no namespace isolation, no memory or process limits"],
    });
  }

  async close(): Promise<void> {}
}

/** A fresh temporary folder holding the spec's files, with the project's entries linked in. */
async function layOut(spec: ProcessSpec): Promise<string> {
  const workDir = await mkdtemp(join(tmpdir(), "mend-exec-"));
  for (const [rel, content] of Object.entries(spec.files)) {
    const target = join(workDir, rel);
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, content);
  }
  if (spec.projectRoot) await linkProjectEntries(workDir, await planProjectOverlay(spec.projectRoot, Object.keys(spec.files)));
  return workDir;
}

function runProcess(spec: ExecSpec, cwd: string): Promise<ExecResult> {
  const limit = spec.outputLimitBytes ?? DEFAULT_OUTPUT_LIMIT;
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(spec.command[0], spec.command.slice(1), {
      cwd,
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: cwd, LANG: "C.UTF-8", ...spec.env },
      detached: true,
      stdio: ["pipe", "pipe", "pipe"],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let outBytes = 0;
    let errBytes = 0;
    let timedOut = false;
    let outputLimited = false;
    const killGroup = () => {
      try {
        if (child.pid) process.kill(-child.pid, "SIGKILL");
      } catch {
        // The group is already gone.
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup();
    }, spec.timeoutMs);
    child.once("spawn", () => spec.onSpawn?.());
    if (spec.signal?.aborted) killGroup();
    spec.signal?.addEventListener("abort", killGroup, { once: true });
    child.stdout.on("data", (chunk: Buffer) => {
      outBytes += chunk.length;
      if (outBytes > limit) {
        outputLimited = true;
        killGroup();
      } else out.push(chunk);
    });
    child.stderr.on("data", (chunk: Buffer) => {
      errBytes += chunk.length;
      if (errBytes > limit) {
        outputLimited = true;
        killGroup();
      } else err.push(chunk);
    });
    child.stdin.on("error", () => {});
    child.stdin.end(spec.stdin ?? "");
    child.on("error", (error) => {
      clearTimeout(timer);
      spec.signal?.removeEventListener("abort", killGroup);
      resolve({
        exitCode: null,
        signal: null,
        reason: "exit",
        timedOut: false,
        outputLimited: false,
        stdout: "",
        stderr: String(error.message),
        durationMs: Date.now() - started,
      });
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      spec.signal?.removeEventListener("abort", killGroup);
      killGroup();
      const reason = timedOut ? "timeout" : outputLimited ? "output" : code === 0 ? "ok" : signal ? "killed" : "exit";
      resolve({
        exitCode: code,
        signal,
        reason,
        timedOut,
        outputLimited,
        stdout: Buffer.concat(out).toString("utf8"),
        stderr: Buffer.concat(err).toString("utf8"),
        durationMs: Date.now() - started,
        warnings: ["weak sandbox: no namespace isolation, no memory or process limits"],
      });
    });
  });
}
