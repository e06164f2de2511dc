import type { RawTestRun } from "../diagnosis/raw-failure.js";
import { configLoader } from "../languages/javascript/run-project-runner.js";
import { InTurn } from "../shared/in-turn.js";
import { runtimeSource } from "../shared/runtime-source.js";
import type { SandboxProcess } from "../shared/sandbox.js";
import type { Baseline, BatchOutcome, CandidateBatch, CandidateRunner, CandidateVerdict, RunnerSetup } from "./candidate-runner.js";
import { createProjectRunnerCandidateRunner, fileLimitMs } from "./project-runner-candidate-runner.js";
import { isPlausible, judge } from "./project-runner-verdict.js";
import { ServerLines } from "./server-lines.js";

const SERVER_FILE = "__mend_vitest_server.mjs";
const CONFIG_FILE = "__mend_vitest_server.json";
/** The server lives for one repair and is closed after it; this is only the backstop should nobody close it. */
const LIFETIME_MS = 3_600_000;
/** vitest's start: its config loaded, vite's server up, the test files found (seconds on a loaded machine). */
const START_UP_MS = 30_000;
/** A worker's start and the test files' import, on top of the tests' own time, in one candidate's run. */
const RUN_START_MS = 5_000;
/**
 * Past a run's limit (when the server kills the run's workers), time its answer gets to arrive
 * before the server is taken to be stuck (a pool whose workers it cannot kill) and killed.
 */
const ANSWER_GRACE_MS = 3_000;

/** The server's answer for one candidate (runtime/node/vitest-server.mjs). */
interface ServerAnswer {
  id: number;
  /** The run overran its limit and the server killed its workers. */
  killed?: boolean;
  cases: { file: string; name: string; outcome: "passed" | "failed" | "skipped" }[];
  loadErrors: { file: string; message: string }[];
}

/**
 * The candidate runner for a project whose tests are written for vitest: the project's own
 * vitest, started once per repair in the sandbox (runtime/node/vitest-server.mjs, through
 * vitest's Node API), runs candidate after candidate in place: the candidate written over the
 * entry, the entry invalidated in vite's module graph, the test files run again. A candidate
 * then costs a run of the tests in fresh workers instead of a start of vitest (its config
 * bundled, vite's server, the test files found), one per candidate where the project's config
 * ties tests to their paths.
 *
 * The baseline (with per-test line coverage) is one run of the per-group runner, as before.
 * That runner also evaluates where the warm one cannot serve: a sandbox without `start`, a
 * vitest without the Node API this server uses (older than 3, or a config it cannot load), or
 * a server that failed to start. Jest has no such API: it keeps the per-group runner.
 */
export function createWarmVitestRunner(setup: RunnerSetup): CandidateRunner {
  const perRun = createProjectRunnerCandidateRunner(setup, "vitest");
  if (!setup.sandbox.start || !setup.project) return perRun;
  return new WarmVitestRunner(setup, perRun);
}

class WarmVitestRunner implements CandidateRunner {
  private server: Promise<VitestServer | undefined> | undefined;
  /** The warm server could not start: every batch goes to the per-group runner. */
  private cold = false;
  private closed = false;
  private readonly turns = new InTurn();

  constructor(
    private readonly setup: RunnerSetup,
    private readonly perRun: CandidateRunner,
  ) {}

  baseline(testTimeoutMs: number, budgetMs: number, wallLimitMs?: number): Promise<Baseline> {
    // The server starts alongside the baseline's run: the candidates that follow find it warm.
    if (!this.closed && !this.cold) this.server ??= this.startServer(testTimeoutMs);
    return this.perRun.baseline(testTimeoutMs, budgetMs, wallLimitMs);
  }

  evaluate(batch: CandidateBatch): Promise<BatchOutcome> {
    return this.turns.run(() => this.evaluateInTurn(batch));
  }

  async close(): Promise<void> {
    this.closed = true;
    const server = this.server;
    this.server = undefined;
    await (await server)?.close();
    await this.perRun.close();
  }

  private async evaluateInTurn(batch: CandidateBatch): Promise<BatchOutcome> {
    const started = Date.now();
    if (this.cold || this.closed) return this.cold ? this.perRun.evaluate(batch) : { verdicts: [], unstarted: batch.candidates.map((candidate) => candidate.id) };
    const verdicts: CandidateVerdict[] = [];
    const pending = [...batch.candidates];
    const deadline = started + Math.min(batch.budgetMs, batch.wallLimitMs ?? Infinity);
    const wallEnd = batch.wallLimitMs === undefined ? Infinity : started + batch.wallLimitMs;
    let plausibleSeen: number | undefined;
    while (pending.length > 0 && Date.now() < deadline) {
      if (plausibleSeen !== undefined && verdicts.length - plausibleSeen >= batch.extraAfterPlausible) break;
      const server = await this.warmServer(batch, wallEnd);
      if (server === "cold") {
        // Nothing ran here: the per-group runner takes the batch, with what is left of its budget.
        const rest = await this.perRun.evaluate({ ...batch, candidates: pending, budgetMs: Math.max(1, deadline - Date.now()), ...(batch.wallLimitMs !== undefined ? { wallLimitMs: Math.max(1, wallEnd - Date.now()) } : {}) });
        return { verdicts: [...verdicts, ...rest.verdicts], unstarted: rest.unstarted };
      }
      if (server === undefined) break;
      const candidate = pending.shift()!;
      const candidateStarted = Date.now();
      const limitMs = Math.min(RUN_START_MS + this.setup.tests.length * fileLimitMs(batch.cpuMs), batch.timeoutMs + RUN_START_MS);
      const answer = await server.run(candidate.code, limitMs, Math.min(candidateStarted + limitMs + ANSWER_GRACE_MS, wallEnd));
      if (answer === undefined) {
        // No answer past its limit (a pool whose workers the server cannot kill, or the server
        // died): the candidate hung, and the server goes; the next candidate starts a fresh one.
        this.server = undefined;
        await server.close();
      }
      const verdict = judge(candidate.id, rawRun(answer), batch, Date.now() - candidateStarted, true);
      verdicts.push(verdict);
      if (plausibleSeen === undefined && isPlausible(verdict)) plausibleSeen = verdicts.length;
    }
    return { verdicts, unstarted: pending.map((candidate) => candidate.id) };
  }

  /**
   * The running server, started on first use; "cold" when it cannot start (the per-group runner
   * takes over for good), undefined when `wallEnd` came before it was up (it goes on starting,
   * for the next batch).
   */
  private async warmServer(batch: CandidateBatch, wallEnd: number): Promise<VitestServer | "cold" | undefined> {
    this.server ??= this.startServer(batch.timeoutMs);
    const pending = this.server;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<"late">((resolve) => {
      if (wallEnd !== Infinity) timer = setTimeout(() => resolve("late"), Math.max(0, wallEnd - Date.now()));
    });
    const server = await Promise.race([pending, late]);
    clearTimeout(timer);
    if (server === "late") return undefined;
    if (server === undefined) {
      this.cold = true;
      this.server = undefined;
      return "cold";
    }
    return server;
  }

  /** Starts the server; undefined when it cannot start. The per-test limit it keeps is the first caller's (later ones are kept by each run's limit). */
  private async startServer(testTimeoutMs: number): Promise<VitestServer | undefined> {
    const { setup } = this;
    const project = setup.project!;
    const files: Record<string, string> = {};
    // The entry is the run's own file (writable, laid over the project), the one the server rewrites.
    for (const file of [...(setup.support ?? []), ...setup.tests]) files[file.path] = file.content;
    files[setup.entry] = setup.code;
    files[SERVER_FILE] = runtimeSource("node/vitest-server.mjs");
    files[CONFIG_FILE] = JSON.stringify({
      entry: setup.entry,
      tests: setup.tests.map((file) => file.path),
      testTimeoutMs: Math.max(100, testTimeoutMs),
      ...(configLoader(project.root).length > 0 ? { configLoader: "runner" } : {}),
    });
    let process: SandboxProcess;
    try {
      process = await setup.sandbox.start!({
        command: ["node", SERVER_FILE, CONFIG_FILE],
        files,
        projectRoot: project.root,
        timeoutMs: LIFETIME_MS,
        cpuSeconds: LIFETIME_MS / 1000,
        env: { CI: "1", NO_COLOR: "1", FORCE_COLOR: "0", NODE_NO_WARNINGS: "1" },
        outputLimitBytes: 64 * 1024,
      });
    } catch {
      return undefined;
    }
    const server = new VitestServer(process);
    if (await server.ready(START_UP_MS)) return server;
    await server.close();
    return undefined;
  }
}

/** The server's answer as the per-group runner's report reads (no answer: nothing ran, a timeout). */
function rawRun(answer: ServerAnswer | undefined): RawTestRun {
  const run: RawTestRun = { cases: [], loadErrors: [], noTests: false, output: "" };
  if (!answer || answer.killed) return run;
  run.cases = answer.cases.map((test) => ({ file: test.file, name: test.name, outcome: test.outcome }));
  run.loadErrors = answer.loadErrors.map((error) => ({ file: error.file, error: { type: "Error", message: error.message, frames: [] } }));
  return run;
}

/** One warm vitest in the sandbox, and the line protocol to it: a request on stdin, an answer on stdout. */
class VitestServer {
  private readonly queued: string[] = [];
  private readonly lines: ServerLines;
  private nextId = 1;

  constructor(private readonly process: SandboxProcess) {
    this.lines = new ServerLines(process, (line) => this.queued.push(line));
  }

  /** Whether the server said it is ready within `ms`. */
  async ready(ms: number): Promise<boolean> {
    const line = await this.next(Date.now() + ms);
    return line !== undefined && (parse(line) as { event?: string } | undefined)?.event === "ready";
  }

  /** Runs the tests on `code`; undefined when no answer came by `answerBy` (epoch ms). */
  async run(code: string, limitMs: number, answerBy: number): Promise<ServerAnswer | undefined> {
    const id = this.nextId++;
    if (this.lines.ended) return undefined;
    this.process.stdin.write(`${JSON.stringify({ id, code, limitMs })}\n`);
    for (;;) {
      const line = await this.next(answerBy);
      if (line === undefined) return undefined;
      const answer = parse(line) as ServerAnswer | undefined;
      if (answer?.id === id) return answer;
    }
  }

  close(): Promise<void> {
    return this.process.close();
  }

  /** The next line the server writes, or undefined once it ended or at `by` (epoch ms). */
  private async next(by: number): Promise<string | undefined> {
    await this.lines.wait(() => this.queued.length > 0, by);
    return this.queued.shift();
  }
}

function parse(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}
