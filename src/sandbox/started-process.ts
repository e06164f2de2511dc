import type { ChildProcessWithoutNullStreams } from "node:child_process";
import type { Readable, Writable } from "node:stream";
import type { SandboxProcess } from "../shared/sandbox.js";
import { CappedOutput, DEFAULT_OUTPUT_LIMIT } from "./capped-output.js";

export interface StartedProcessOptions {
  /** How the first process ended, as the tier decodes it. */
  exit: Promise<{ exitCode: number | null; signal: string | null }>;
  /** Kills everything the program started. */
  kill: () => Promise<void>;
  /** Releases what the run held once it is dead (cgroups, the run folder). */
  release: () => Promise<void>;
  timeoutMs: number;
  outputLimitBytes?: number;
  warnings: string[];
}

/**
 * A program a sandbox tier started for `Sandbox.start`: its pipes, its lifetime timer, and a
 * `close` that kills the whole tree before releasing the folder, once.
 */
export class StartedProcess implements SandboxProcess {
  readonly stdin: Writable;
  readonly stdout: Readable;
  readonly exited: SandboxProcess["exited"];
  readonly warnings: string[];
  private readonly errors: CappedOutput;
  private readonly timer: NodeJS.Timeout;
  private timedOut = false;
  private closing: Promise<void> | undefined;

  constructor(
    private readonly child: ChildProcessWithoutNullStreams,
    private readonly options: StartedProcessOptions,
  ) {
    this.stdin = child.stdin;
    this.stdout = child.stdout;
    this.warnings = options.warnings;
    this.errors = new CappedOutput(options.outputLimitBytes ?? DEFAULT_OUTPUT_LIMIT);
    child.stderr.on("data", (chunk: Buffer) => this.errors.push(chunk));
    // A program that exits early closes its stdin; a write after that must not throw.
    child.stdin.on("error", () => {});
    this.timer = setTimeout(() => {
      this.timedOut = true;
      void options.kill();
    }, options.timeoutMs);
    // The lifetime timer alone must not keep the caller's process alive.
    this.timer.unref();
    this.exited = options.exit.then((exit) => ({ ...exit, timedOut: this.timedOut }));
  }

  stderr(): string {
    return this.errors.text();
  }

  close(): Promise<void> {
    return (this.closing ??= this.teardown());
  }

  private async teardown(): Promise<void> {
    clearTimeout(this.timer);
    this.child.stdin.destroy();
    await this.options.kill();
    this.child.stdout.destroy();
    this.child.stderr.destroy();
    await this.options.release();
  }
}
