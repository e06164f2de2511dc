import { chmod, mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { SandboxError } from "../errors/sandbox-error.js";
import type { FastRunner, FastRunOptions, FastRunResult, TestCaseResult } from "../shared/fast-runner.js";
import { InTurn } from "../shared/in-turn.js";
import type { Language } from "../shared/language.js";
import { announceWarnings } from "./announce-warnings.js";
import { CappedOutput, DEFAULT_OUTPUT_LIMIT } from "./capped-output.js";
import { detectCapabilities } from "./detect-capabilities.js";
import { decideReason } from "./exec-reason.js";
import { folderOwner, type SandboxCapabilities } from "./isolation-command.js";
import { IsolatedProcess } from "./isolated-process.js";
import { nodeTestServerSources } from "./node-test-server-source.js";
import { pythonForkServerFiles } from "./python-fork-server-source.js";
import type { CgroupCounters, CgroupParents } from "./run-cgroup.js";
import { RunFolder } from "./run-folder.js";
import { DEFAULT_LIMITS, limitsOf } from "./strong-sandbox.js";
import { transpileTypeScriptFiles } from "./transpile-typescript.js";

export interface CreateFastRunnerOptions {
  language: Language;
  /** Memory of a candidate when `runTests` does not say, in MiB. */
  memoryMb?: number;
  /** Create the runner's cgroups under these folders instead of the caller's own. */
  cgroupParents?: CgroupParents;
  /** Where the once-per-process notice about missing mechanisms goes (default: stderr). */
  onWarning?: (line: string) => void;
  /**
   * JavaScript and TypeScript: how `node:test` files run. `"node-test"`: node:test itself, in a
   * fresh worker thread per candidate. `"stand-in"`: mendloop's node:test stand-in, many
   * candidates per worker (about ten times faster). `"auto"` (default): node:test until one
   * candidate of the suite has run under both and every test agreed, then the stand-in.
   */
  nodeTestRunner?: "auto" | "stand-in" | "node-test";
}

/** Where the runner's own files are mounted, read-only, inside the sandbox. */
const RUNNER_DIR = "/mend/runner";
/** Memory the warm process itself needs on top of a candidate's (pytest and its plugins, or V8 and a booted worker). */
const RUNNER_BASE_MB = 256;
/** Disk the runner's own files and reports need on top of a candidate's quota. */
const RUNNER_DISK_MB = 64;
/** The runner lives for many candidates: its CPU limit is the backstop, each candidate has its own timer. */
const RUNNER_CPU_SECONDS = 24 * 3600;
/** Time the warm process may take to start (import pytest, boot a worker) on a busy machine. */
const START_TIMEOUT_MS = 120_000;
/**
 * Beyond a candidate's own timeout, time the runner gets to reply before it is presumed stuck and
 * killed. It covers the runner's sweep of the candidate's leftovers (at most 6 s, after which the
 * runner ends itself rather than reply) with room to spare on a loaded machine.
 */
const REPLY_GRACE_MS = 10_000;
/** A reply carries two capped streams in base64 plus reports. */
const MAX_REPLY_BYTES = 64 * 1024 * 1024;

interface Reply {
  id: number;
  error?: string;
  exitCode: number | null;
  signal: string | null;
  timedOut: boolean;
  outputLimited: boolean;
  stdout: string;
  stderr: string;
  durationMs: number;
  fileSizeHit: boolean;
  heapExhausted: boolean;
  tests: TestCaseResult[];
  junitXml?: string | null;
  standIn?: boolean;
}

/**
 * The fast tier, for the repair engine's many candidates of one program:
 *
 * ```ts
 * const runner = createFastRunner({ language: "python" });
 * const result = await runner.runTests(
 *   { "median.py": candidate, "test_median.py": tests },
 *   { testFiles: ["test_median.py"], timeoutMs: 5_000 },
 * );
 * result.reason;  // "ok" | "exit" | "timeout" | "memory" | ... as for Sandbox.run
 * result.tests;   // [{ name: "test_median.py::test_odd", outcome: "passed", durationMs: 1 }, ...]
 * await runner.close();
 * ```
 *
 * One warm process per runner lives inside the strong tier's isolation (bubblewrap,
 * cgroups, rlimits, unprivileged user): for Python a fork server with pytest loaded, which
 * collects a suite once and forks each of its candidates from the collected session (the
 * candidate's program modules re-imported; a suite of plain test functions called directly, its
 * report written from their results; a full pytest session where the collected one cannot stand in), for
 * JavaScript and TypeScript a Node process that runs each candidate's `node:test` files in a
 * worker thread: a fresh one per candidate under node:test itself, or, once a suite's
 * candidate gave the same results both ways, one worker for many candidates under
 * mendloop's node:test stand-in (see `nodeTestRunner`; a worker that a candidate changed —
 * built-ins, core modules, environment, timers left running, `process.exit` — is replaced
 * before the next candidate). Each candidate gets a fresh working copy in the runner's
 * private /tmp, its own timeout, CPU and memory limit (the runner's cgroup is resized per
 * candidate; Node workers also get a heap limit and their thread's CPU time watched; Python
 * children a CPU and file-size rlimit), an output cap, and afterwards every process it left
 * behind is killed. Calls are served one at a time; create several runners to use several
 * cores.
 *
 * The warm process is started on the first call and restarted after a candidate kills it
 * (for example by killing its parent): that candidate gets reason `killed` (or the limit it
 * hit) and the next one a fresh runner. A candidate runs inside the test tool's process, so
 * it can falsify its own test results: the fast tier contains candidates, it does not
 * certify them. Verify the chosen repair with the strong tier (`createSandbox().run`).
 */
export function createFastRunner(options: CreateFastRunnerOptions): FastRunner {
  return new WarmRunner(options);
}

class WarmRunner implements FastRunner {
  readonly language: Language;
  private server: Promise<RunnerProcess> | undefined;
  private readonly turns = new InTurn();
  private closed = false;

  constructor(private readonly options: CreateFastRunnerOptions) {
    this.language = options.language;
  }

  runTests(files: Record<string, string>, options: FastRunOptions): Promise<FastRunResult> {
    return this.turns.run(() => this.runOne(files, options));
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.turns.idle();
    const server = this.server;
    this.server = undefined;
    if (server) await (await server.catch(() => undefined))?.dispose();
  }

  private async runOne(files: Record<string, string>, options: FastRunOptions): Promise<FastRunResult> {
    if (this.closed) throw new SandboxError("fast runner is closed");
    const { memoryMb, cpuSeconds } = limitsOf({
      timeoutMs: options.timeoutMs,
      memoryMb: options.memoryMb ?? this.options.memoryMb,
      cpuSeconds: options.cpuSeconds,
    });
    if (options.testFiles.length === 0) throw new SandboxError("no test files to run");
    let testFiles = options.testFiles;
    if (this.language === "typescript") {
      const transpiled = await transpileTypeScriptFiles(files);
      files = transpiled.files;
      testFiles = testFiles.map((file) => transpiled.renamed[file] ?? file);
    }
    this.server ??= RunnerProcess.start(this.options);
    let server: RunnerProcess;
    try {
      server = await this.server;
    } catch (error) {
      // Not started (pytest missing, say): the next call tries again.
      this.server = undefined;
      throw error;
    }
    const outcome = await server.run({
      files,
      testFiles,
      args: this.language === "python" ? (options.args ?? []) : [],
      timeoutMs: options.timeoutMs,
      memoryMb,
      cpuSeconds,
      fileSizeBytes: DEFAULT_LIMITS.fileSizeBytes,
      outputLimitBytes: options.outputLimitBytes ?? DEFAULT_OUTPUT_LIMIT,
    });
    if (outcome.runnerDied) this.server = undefined;
    const { reply, counters } = outcome;
    const result: FastRunResult = {
      exitCode: reply.exitCode,
      signal: reply.signal,
      reason: decideReason({ ...reply, oomKills: counters.oomKills, pidsRefused: counters.pidsRefused }),
      timedOut: reply.timedOut,
      outputLimited: reply.outputLimited,
      stdout: decode(reply.stdout),
      stderr: decode(reply.stderr),
      durationMs: reply.durationMs,
      tests: reply.tests,
    };
    if (reply.junitXml) result.junitXml = reply.junitXml;
    if (reply.standIn) result.standIn = true;
    const warnings = [...server.caps.warnings, ...server.warnings];
    if (warnings.length > 0) result.warnings = warnings;
    return result;
  }
}

interface Outcome {
  reply: Reply;
  /** Kernel counters of this candidate alone (differences across its run). */
  counters: CgroupCounters;
  runnerDied: boolean;
}

/** The warm process inside the sandbox, and the line protocol to it. */
class RunnerProcess {
  private buffer = "";
  private waiting: ((line: string | undefined) => void) | undefined;
  private readonly lines: string[] = [];
  private ended = false;
  private readonly stderr = new CappedOutput(64 * 1024);
  private nextId = 1;
  /** Bytes the runner's own stdout and stderr carried during the current candidate, and their cap. */
  private stray = 0;
  private strayCap = Number.POSITIVE_INFINITY;
  private strayExceeded = false;

  private constructor(
    readonly caps: SandboxCapabilities,
    private readonly server: IsolatedProcess,
    private readonly folder: RunFolder,
  ) {
    const { child } = server;
    const protocol = server.protocol;
    protocol.setEncoding("utf8");
    protocol.on("data", (chunk: string) => this.take(chunk));
    protocol.on("end", () => this.finish());
    child.stdout.on("data", (chunk: Buffer) => this.strayOutput(chunk));
    child.stderr.on("data", (chunk: Buffer) => {
      this.stderr.push(chunk);
      this.strayOutput(chunk);
    });
    child.stdin.on("error", () => {});
  }

  static async start(options: CreateFastRunnerOptions): Promise<RunnerProcess> {
    const caps = await detectCapabilities({ cgroupParents: options.cgroupParents });
    announceWarnings(caps.warnings, options.onWarning);
    // One quota for the runner's files and every candidate's working copy (each is removed after its run).
    const folder = await RunFolder.create(folderOwner(caps), { diskBytes: (DEFAULT_LIMITS.diskMb + RUNNER_DISK_MB) * 1024 * 1024 });
    try {
      const hostRunner = join(folder.root, "runner");
      await mkdir(hostRunner, { mode: 0o755 });
      const python = options.language === "python";
      const sources = python ? pythonForkServerFiles() : nodeTestServerSources();
      for (const [name, source] of Object.entries(sources)) {
        await writeFile(join(hostRunner, name), source);
        await chmod(join(hostRunner, name), 0o644);
      }
      const server = await IsolatedProcess.start(caps, {
        command: python ? ["python3", "-u", `${RUNNER_DIR}/server.py`] : ["node", `${RUNNER_DIR}/server.mjs`],
        folder,
        env: {
          // The sweep that kills a candidate's leftovers is only safe where /proc shows nothing but the sandbox.
          MEND_OWN_PID_NAMESPACE: caps.bwrap ? "1" : "0",
          MEND_NODE_TEST_MODE: options.nodeTestRunner ?? "auto",
          PYTHONDONTWRITEBYTECODE: "1",
          NODE_NO_WARNINGS: "1",
        },
        limits: {
          memoryMb: RUNNER_BASE_MB + (options.memoryMb ?? DEFAULT_LIMITS.memoryMb),
          pids: DEFAULT_LIMITS.pids + 32,
          cpuSeconds: RUNNER_CPU_SECONDS,
          fileSizeBytes: DEFAULT_LIMITS.fileSizeBytes,
          openFiles: DEFAULT_LIMITS.openFiles,
        },
        readOnly: [{ host: hostRunner, dest: RUNNER_DIR }],
        protocolPipe: true,
      });
      const runner = new RunnerProcess(caps, server, folder);
      const ready = await runner.nextLine(START_TIMEOUT_MS);
      if (!ready || !ready.includes('"ready"')) {
        const why = runner.stderr.text().trim().split("\n").slice(-3).join(" | ") || "no reply";
        await runner.dispose();
        throw new SandboxError(`fast runner for ${options.language} did not start: ${why}`);
      }
      return runner;
    } catch (error) {
      await folder.remove();
      throw error;
    }
  }

  async run(request: Omit<RequestBody, "id">): Promise<Outcome> {
    const id = this.nextId++;
    await this.server.cgroup?.setMemoryLimit((RUNNER_BASE_MB + request.memoryMb) * 1024 * 1024);
    const before = await this.counters();
    this.stray = 0;
    this.strayCap = request.outputLimitBytes;
    this.server.child.stdin.write(`${JSON.stringify({ id, ...request })}\n`);
    const deadline = Date.now() + request.timeoutMs + REPLY_GRACE_MS;
    for (;;) {
      const line = await this.nextLine(deadline - Date.now());
      if (line === undefined) return this.died(id, before, Date.now() >= deadline);
      const reply = parseReply(line);
      // Anything else on the line is noise (a candidate can write to the runner's descriptors); only our reply counts.
      if (reply?.id !== id) continue;
      this.strayCap = Number.POSITIVE_INFINITY;
      if (reply.error) throw new SandboxError(`fast runner failed: ${reply.error}`);
      return { reply, counters: difference(await this.counters(), before), runnerDied: false };
    }
  }

  /** The runner died or stopped answering during a candidate: kill it all and report what the kernel saw. */
  private async died(id: number, before: CgroupCounters, stuck: boolean): Promise<Outcome> {
    const after = await this.counters();
    const exit = await Promise.race([this.server.exited, sleep(100, undefined, { ref: false }).then(() => undefined)]);
    await this.dispose();
    const note = this.strayExceeded
      ? "the candidate wrote past the output cap on the runner's own descriptors; the runner was killed and will be restarted"
      : stuck
        ? "the fast runner stopped answering; it was killed and will be restarted"
        : "the fast runner died during this candidate (a candidate can kill it); it will be restarted";
    return {
      reply: {
        id,
        exitCode: exit?.exitCode ?? null,
        signal: exit?.signal ?? "SIGKILL",
        timedOut: stuck && !this.strayExceeded,
        outputLimited: this.strayExceeded,
        stdout: "",
        stderr: Buffer.from(`mend: ${note}\n${this.stderr.text()}`).toString("base64"),
        durationMs: 0,
        fileSizeHit: false,
        heapExhausted: false,
        tests: [],
      },
      counters: difference(after, before),
      runnerDied: true,
    };
  }

  get warnings(): string[] {
    return this.server.warnings;
  }

  async dispose(): Promise<void> {
    this.server.child.stdin.destroy();
    await this.server.dispose();
    await this.folder.remove();
  }

  private async counters(): Promise<CgroupCounters> {
    return (await this.server.counters().catch(() => undefined)) ?? { oomKills: 0, pidsRefused: 0 };
  }

  /** Output that bypassed the candidate's captured streams (a worker writing to fd 1 or 2) still counts against its cap. */
  private strayOutput(chunk: Buffer): void {
    this.stray += chunk.length;
    if (this.stray > this.strayCap && !this.strayExceeded) {
      this.strayExceeded = true;
      void this.server.killTree();
    }
  }

  private take(chunk: string): void {
    this.buffer += chunk;
    if (this.buffer.length > MAX_REPLY_BYTES) this.buffer = "";
    let newline: number;
    while ((newline = this.buffer.indexOf("\n")) >= 0) {
      this.lines.push(this.buffer.slice(0, newline));
      this.buffer = this.buffer.slice(newline + 1);
    }
    this.wake();
  }

  private finish(): void {
    this.ended = true;
    this.wake();
  }

  private wake(): void {
    const waiting = this.waiting;
    if (!waiting) return;
    if (this.lines.length > 0) {
      this.waiting = undefined;
      waiting(this.lines.shift());
    } else if (this.ended) {
      this.waiting = undefined;
      waiting(undefined);
    }
  }

  /** The next protocol line, or undefined when the runner ended or `timeoutMs` passed. */
  private nextLine(timeoutMs: number): Promise<string | undefined> {
    if (this.lines.length > 0) return Promise.resolve(this.lines.shift());
    if (this.ended || timeoutMs <= 0) return Promise.resolve(undefined);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiting = undefined;
        resolve(undefined);
      }, timeoutMs);
      this.waiting = (line) => {
        clearTimeout(timer);
        resolve(line);
      };
    });
  }
}

interface RequestBody {
  id: number;
  files: Record<string, string>;
  testFiles: string[];
  args: string[];
  timeoutMs: number;
  memoryMb: number;
  cpuSeconds: number;
  fileSizeBytes: number;
  outputLimitBytes: number;
}

function parseReply(line: string): Reply | undefined {
  try {
    const value = JSON.parse(line) as Reply;
    return typeof value === "object" && value !== null && typeof value.id === "number" ? value : undefined;
  } catch {
    return undefined;
  }
}

function difference(after: CgroupCounters, before: CgroupCounters): CgroupCounters {
  return { oomKills: after.oomKills - before.oomKills, pidsRefused: after.pidsRefused - before.pidsRefused };
}

function decode(base64: string): string {
  return Buffer.from(base64, "base64").toString("utf8");
}
