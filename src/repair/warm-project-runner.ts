import type { RawTestRun } from "../diagnosis/raw-failure.js";
import { configLoader, type ProjectTestRunner, runOfReport } from "../languages/javascript/run-project-runner.js";
import { InTurn } from "../shared/in-turn.js";
import { runtimeSource } from "../shared/runtime-source.js";
import type { SandboxProcess } from "../shared/sandbox.js";
import type { Baseline, BatchOutcome, CandidateBatch, CandidateRunner, CandidateVerdict, RunnerSetup } from "./candidate-runner.js";
import { baselineFiles, baselineOf, COVERAGE_FILE } from "./project-runner-baseline.js";
import { createProjectRunnerCandidateRunner, fileLimitMs } from "./project-runner-candidate-runner.js";
import { isPlausible, judge } from "./project-runner-verdict.js";
import { ServerLines } from "./server-lines.js";

/** Each runner's server (runtime/node/), written beside its config at the project root. */
const SERVERS: Record<ProjectTestRunner, string> = { vitest: "vitest-server.mjs", jest: "jest-server.mjs" };
const CONFIG_FILE = "__mend_runner_server.json";
/** The server lives for one repair and is closed after it; this is only the backstop should nobody close it. */
const LIFETIME_MS = 3_600_000;
/** The server's start: vitest's config loaded, vite's server up, the test files found; jest's modules loaded (seconds on a loaded machine). */
const START_UP_MS = 30_000;
/**
 * A run's own cost on top of the tests' time: vitest starts a worker per test file and imports
 * it there; jest runs in the server's process (its config read, the files transformed), no
 * start, but its first run in a server loads jest's runtime and babel.
 */
const RUN_START_MS: Record<ProjectTestRunner, { first: number; next: number }> = { vitest: { first: 5_000, next: 5_000 }, jest: { first: 5_000, next: 1_500 } };
/**
 * Past a run's limit, time its answer gets to arrive before the server is taken to be stuck and
 * killed: vitest's server answers once it killed the run's workers (stuck: a pool whose workers
 * it cannot kill); jest's, running in band, cannot answer while a loop blocks it, so a short
 * wait, and a loop costs its limit and a new server rather than most of a 10 s budget.
 */
const ANSWER_GRACE_MS: Record<ProjectTestRunner, number> = { vitest: 3_000, jest: 1_000 };
/** The baseline's per-test limit, at the least (the per-group runner's floor too). */
const MIN_BASELINE_TEST_MS = 1_000;

/** The server's answer for one request (runtime/node/vitest-server.mjs, jest-server.mjs). */
interface ServerAnswer {
  id: number;
  /** The run overran its limit and the server killed its workers. */
  killed?: boolean;
  /** The run itself failed (the runner threw): nothing ran. */
  error?: string;
  /** The run in jest's JSON layout. */
  report: unknown;
  /** The request's `collect` files as the run left them. */
  collected?: Record<string, string>;
}

interface ServerRequest {
  code: string;
  limitMs: number;
  files?: Record<string, string>;
  collect?: string[];
}

/**
 * The candidate runner for a project whose tests are written for vitest or jest: the project's
 * own runner, started once per repair in the sandbox (runtime/node/vitest-server.mjs through
 * vitest's Node API, jest-server.mjs through jest's `runCLI`), runs the baseline and then
 * candidate after candidate in place: the candidate written over the entry, the test files
 * run again. The server's start (vitest's config bundled, vite's server, the test files found;
 * jest's and babel's modules loaded) is paid once per repair instead of once per run, which
 * is what leaves the default budget time for candidates: the baseline, with per-test line
 * coverage, is the server's first request (its test files with their recorder for that run).
 *
 * The per-group runner runs where the warm one cannot serve: a sandbox without `start`, a
 * runner without the API its server uses (a vitest older than 3, a config it cannot load; a
 * jest without `runCLI`), or a server that failed to start.
 */
export function createWarmProjectRunner(setup: RunnerSetup, runner: ProjectTestRunner): CandidateRunner {
  const perRun = createProjectRunnerCandidateRunner(setup, runner);
  if (!setup.sandbox.start || !setup.project) return perRun;
  return new WarmProjectRunner(setup, runner, perRun);
}

class WarmProjectRunner implements CandidateRunner {
  private server: Promise<RunnerServer | undefined> | undefined;
  /** The warm server could not start: every call goes to the per-group runner. */
  private cold = false;
  private closed = false;
  private readonly turns = new InTurn();

  constructor(
    private readonly setup: RunnerSetup,
    private readonly runner: ProjectTestRunner,
    private readonly perRun: CandidateRunner,
  ) {}

  baseline(testTimeoutMs: number, budgetMs: number, wallLimitMs?: number): Promise<Baseline> {
    return this.turns.run(() => this.baselineInTurn(testTimeoutMs, budgetMs, wallLimitMs));
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

  private async baselineInTurn(testTimeoutMs: number, budgetMs: number, wallLimitMs?: number): Promise<Baseline> {
    const started = Date.now();
    const wallEnd = wallLimitMs === undefined ? Infinity : started + wallLimitMs;
    const wallLeft = () => (wallEnd === Infinity ? undefined : Math.max(1, wallEnd - Date.now()));
    if (this.cold || this.closed) return this.perRun.baseline(testTimeoutMs, budgetMs, wallLimitMs);
    // The server keeps the first caller's per-test limit: the baseline's, at its floor.
    this.server ??= this.startServer(Math.max(testTimeoutMs, MIN_BASELINE_TEST_MS));
    const server = await this.warmServer(wallEnd);
    // Nothing ran here: the per-group runner takes the baseline, with what is left of its time.
    if (server === "cold") return this.perRun.baseline(testTimeoutMs, Math.max(0, budgetMs - (Date.now() - started)), wallLeft());
    if (server === undefined) return { status: "error", reason: `time spent before ${this.runner} started (${this.serverName()} in the sandbox)`, durationMs: Date.now() - started };
    const runStarted = Date.now();
    const { [this.setup.entry]: code, ...tests } = await baselineFiles(this.setup, this.runner);
    const limitMs = Math.max(MIN_BASELINE_TEST_MS, Math.min(budgetMs + RUN_START_MS[this.runner].first, wallLeft() ?? Infinity));
    const answer = await server.run({ code: code!, limitMs, files: tests, collect: [COVERAGE_FILE] }, Math.min(runStarted + limitMs + ANSWER_GRACE_MS[this.runner], wallEnd));
    if (answer === undefined) await this.drop(server);
    if (answer === undefined || answer.killed) {
      return { status: "error", reason: `the tests did not finish under ${this.runner} within ${Math.round(limitMs / 1000)} s`, durationMs: Date.now() - started };
    }
    if (answer.error) return { status: "error", reason: `${this.runner} failed to run the tests: ${answer.error.split("\n")[0]}`, durationMs: Date.now() - started };
    // The run's own time: the server's start is paid once, not by each test.
    return baselineOf(this.setup, this.runner, this.rawRun(answer), answer.collected?.[COVERAGE_FILE], Date.now() - runStarted);
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
      this.server ??= this.startServer(batch.timeoutMs);
      const server = await this.warmServer(wallEnd);
      if (server === "cold") {
        // Nothing ran here: the per-group runner takes the batch, with what is left of its budget.
        const rest = await this.perRun.evaluate({ ...batch, candidates: pending, budgetMs: Math.max(1, deadline - Date.now()), ...(batch.wallLimitMs !== undefined ? { wallLimitMs: Math.max(1, wallEnd - Date.now()) } : {}) });
        return { verdicts: [...verdicts, ...rest.verdicts], unstarted: rest.unstarted };
      }
      if (server === undefined) break;
      const candidate = pending.shift()!;
      const candidateStarted = Date.now();
      const runStart = server.served === 0 ? RUN_START_MS[this.runner].first : RUN_START_MS[this.runner].next;
      const limitMs = Math.min(runStart + this.setup.tests.length * fileLimitMs(batch.cpuMs), batch.timeoutMs + runStart);
      const answer = await server.run({ code: candidate.code, limitMs }, Math.min(candidateStarted + limitMs + ANSWER_GRACE_MS[this.runner], wallEnd));
      // No answer past its limit (a loop in jest's band, a pool whose workers the server cannot
      // kill, or the server died): the candidate hung, and the server goes; the next candidate starts a fresh one.
      if (answer === undefined) await this.drop(server);
      const verdict = judge(candidate.id, this.rawRun(answer), batch, Date.now() - candidateStarted, true);
      verdicts.push(verdict);
      if (plausibleSeen === undefined && isPlausible(verdict)) plausibleSeen = verdicts.length;
    }
    return { verdicts, unstarted: pending.map((candidate) => candidate.id) };
  }

  private async drop(server: RunnerServer): Promise<void> {
    this.server = undefined;
    await server.close();
  }

  private serverName(): string {
    return `runtime/node/${SERVERS[this.runner]}`;
  }

  /**
   * The running server (started by the caller); "cold" when it cannot start (the per-group
   * runner takes over for good), undefined when `wallEnd` came before it was up (it goes on
   * starting, for the next call).
   */
  private async warmServer(wallEnd: number): Promise<RunnerServer | "cold" | undefined> {
    const pending = this.server!;
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

  /** Starts the server; undefined when it cannot start. */
  private async startServer(testTimeoutMs: number): Promise<RunnerServer | undefined> {
    const { setup } = this;
    const project = setup.project!;
    const files: Record<string, string> = {};
    // The entry and the tests are the run's own files (writable, laid over the project), which
    // the server rewrites; the recorder's file is there for the baseline's run to append to.
    for (const file of [...(setup.support ?? []), ...setup.tests]) files[file.path] = file.content;
    files[setup.entry] = setup.code;
    files[COVERAGE_FILE] = "";
    const serverFile = `__mend_${SERVERS[this.runner]}`;
    files[serverFile] = runtimeSource(`node/${SERVERS[this.runner]}`);
    files[CONFIG_FILE] = JSON.stringify({
      entry: setup.entry,
      tests: setup.tests.map((file) => file.path),
      testTimeoutMs: Math.max(100, testTimeoutMs),
      ...(this.runner === "vitest" && configLoader(project.root).length > 0 ? { configLoader: "runner" } : {}),
    });
    let process: SandboxProcess;
    try {
      process = await setup.sandbox.start!({
        command: ["node", serverFile, CONFIG_FILE],
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
    const server = new RunnerServer(process);
    if (await server.ready(START_UP_MS)) return server;
    await server.close();
    return undefined;
  }

  /** The server's answer as the per-group runner's report reads (no answer: nothing ran, a timeout). */
  private rawRun(answer: ServerAnswer | undefined): RawTestRun {
    const empty: RawTestRun = { cases: [], loadErrors: [], noTests: false, output: "" };
    if (!answer || answer.killed) return empty;
    return runOfReport(answer.report, this.setup.project!.root) ?? empty;
  }
}

/** One warm vitest or jest in the sandbox, and the line protocol to it: a request on stdin, an answer on stdout. */
class RunnerServer {
  private readonly queued: string[] = [];
  private readonly lines: ServerLines;
  private nextId = 1;
  /** Requests sent so far. */
  get served(): number {
    return this.nextId - 1;
  }

  constructor(private readonly process: SandboxProcess) {
    this.lines = new ServerLines(process, (line) => this.queued.push(line));
  }

  /** Whether the server said it is ready within `ms`. */
  async ready(ms: number): Promise<boolean> {
    const line = await this.next(Date.now() + ms);
    return line !== undefined && (parse(line) as { event?: string } | undefined)?.event === "ready";
  }

  /** Runs the tests on the request's code; undefined when no answer came by `answerBy` (epoch ms). */
  async run(request: ServerRequest, answerBy: number): Promise<ServerAnswer | undefined> {
    const id = this.nextId++;
    if (this.lines.ended) return undefined;
    this.process.stdin.write(`${JSON.stringify({ id, ...request })}\n`);
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
