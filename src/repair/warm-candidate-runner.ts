import { InTurn } from "../shared/in-turn.js";
import type { SandboxProcess } from "../shared/sandbox.js";
import { createBatchRunner, evaluateRequest } from "./batch-candidate-runner.js";
import type { Baseline, BatchOutcome, CandidateBatch, CandidateRunner, RunnerSetup } from "./candidate-runner.js";
import { baselineOf, outcomeOf, parseEventLine, type RunnerEvent } from "./runner-events.js";
import { ServerLines } from "./server-lines.js";

/** Start-up on the first request (Python: interpreter, pytest import and collection; Node: node and its threads). */
const STARTUP_ALLOWANCE_MS = 15_000;
/**
 * Past a request's own wall limit (which the server keeps by killing the candidates still
 * running), time its answer gets to arrive before the server is taken to be stuck and killed.
 */
const ANSWER_GRACE_MS = 500;
/** Servers lost in a row (died or overran a request) after which the per-batch runner takes over. */
const MAX_LOST_SERVERS = 2;
/** The server lives for one repair and is closed after it; this is only the backstop should nobody close it. */
export const WARM_SERVER_LIFETIME_MS = 3_600_000;

/** A language's repair runner in serve mode, as a warm runner starts and talks to it. */
export interface WarmServerProgram {
  /** Starts the runner in serve mode in the setup's sandbox (which has `start`). */
  start(setup: RunnerSetup): Promise<SandboxProcess>;
  /**
   * The event the server writes once it reads requests (Python's `collected`, once the tests
   * are collected): before it, a request's deadline ends the wait at once; after it, the server
   * keeps the deadline itself and gets a short grace to say what it had.
   */
  readyEvent: string;
}

/**
 * The candidate runner of a whole repair on one warm server (a language's repair runner in
 * serve mode, see `WarmServerProgram`), started in the sandbox on the first call, which answers
 * the baseline and every batch: a batch costs its candidates' runs instead of an interpreter
 * start (and, for Python, a pytest import and a collection). A hanging candidate costs the kill
 * of its child or thread, not of the server. The verdicts are the per-batch runner's: the same
 * program judges each candidate.
 *
 * Falls back to the per-batch runner (`createBatchRunner`) where the warm path cannot serve:
 * a sandbox without `start` (one that only runs programs to the end, such as a caller's own),
 * a server the sandbox refused to start, or one bubblewrap refused to set up (stale probes,
 * which `run` probes again). A server that dies or overruns a request's limit
 * is killed, and the next call starts a fresh one.
 */
export function createWarmRunner(setup: RunnerSetup, program: WarmServerProgram): CandidateRunner {
  if (!setup.sandbox.start) return createBatchRunner(setup);
  return new WarmCandidateRunner(setup, program);
}

interface Answer {
  events: RunnerEvent[];
  /** The server was stopped or died before it answered. */
  cut: boolean;
  stderr: string;
}

class WarmCandidateRunner implements CandidateRunner {
  private server: WarmServer | undefined;
  private fallback: CandidateRunner | undefined;
  /** The tests could not be collected: every server would say so again. */
  private collectionError: RunnerEvent | undefined;
  /** Calls run one at a time: the server answers one request at a time. */
  private readonly turns = new InTurn();
  private closed = false;
  /** Servers in a row that died or overran a request instead of answering it. */
  private lostServers = 0;

  constructor(
    private readonly setup: RunnerSetup,
    private readonly program: WarmServerProgram,
  ) {}

  baseline(testTimeoutMs: number, budgetMs: number, wallLimitMs?: number): Promise<Baseline> {
    return this.turns.run(async () => {
      const started = Date.now();
      const answer = await this.ask({ mode: "baseline", testTimeoutMs, budgetMs }, budgetMs + STARTUP_ALLOWANCE_MS, wallLimitMs);
      if (answer === undefined) return this.fallback!.baseline(testTimeoutMs, budgetMs, wallLimitMs);
      return baselineOf(answer.events, Date.now() - started, () => describeCut(answer));
    });
  }

  evaluate(batch: CandidateBatch): Promise<BatchOutcome> {
    return this.turns.run(async () => {
      const allowance = batch.budgetMs + 2 * batch.timeoutMs + (this.server ? 0 : STARTUP_ALLOWANCE_MS);
      const answer = await this.ask({ ...evaluateRequest(batch), candidates: batch.candidates }, allowance, batch.wallLimitMs);
      if (answer === undefined) return this.fallback!.evaluate(batch);
      return outcomeOf(answer.events, batch);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    const server = this.server;
    this.server = undefined;
    await server?.close();
    await this.fallback?.close();
  }

  /**
   * Sends one request and waits for its answer, at most `allowanceMs` (or `wallLimitMs`, the
   * caller's deadline, when nearer), start-up included; undefined when the fallback runner
   * must answer instead.
   */
  private async ask(request: Record<string, unknown>, allowanceMs: number, wallLimitMs: number | undefined): Promise<Answer | undefined> {
    const started = Date.now();
    const limitMs = wallLimitMs === undefined ? allowanceMs : Math.max(1, Math.min(allowanceMs, wallLimitMs));
    if (this.fallback) return undefined;
    if (this.collectionError) return { events: [this.collectionError], cut: false, stderr: "" };
    if (this.closed) return { events: [], cut: true, stderr: "the runner is closed" };
    if (!this.server) {
      try {
        this.server = new WarmServer(await this.program.start(this.setup), this.program.readyEvent);
      } catch {
        // The sandbox could not start a long-lived program here: each batch gets a run of its own.
        this.fallback = createBatchRunner(this.setup);
        return undefined;
      }
    }
    const server = this.server;
    // The server keeps the caller's deadline itself (as a time on the clock it shares with this
    // process); past it, it is killed.
    const answerBy = started + limitMs;
    const answer = await server.request(wallLimitMs === undefined ? request : { ...request, answerBy }, answerBy);
    const collectionError = answer.events.find((event) => event.event === "collectionError");
    if (collectionError) this.collectionError = collectionError;
    if (answer.cut) {
      this.server = undefined;
      await server.close();
      if (!server.ready && answer.stderr.startsWith("bwrap: ")) {
        // bubblewrap refused to set the sandbox up (capabilities found by an earlier process no
        // longer hold): the sandbox's `run` probes again, so each batch gets a run of its own.
        this.fallback = createBatchRunner(this.setup);
        return undefined;
      }
      // A batch whose candidates end the server itself (a Node mutant that fills the memory
      // limit of the runner's whole tree faster than its thread's heap limit ends it) would end
      // every fresh server again: the rest of the repair gets a run per batch, as before.
      if (++this.lostServers >= MAX_LOST_SERVERS) this.fallback = createBatchRunner(this.setup);
    } else {
      this.lostServers = 0;
    }
    return answer;
  }
}

/** How a request ended without its answer, for a baseline that reported no test. */
function describeCut(answer: Answer): string {
  const tail = answer.stderr.trim().split("\n").slice(-3).join(" | ");
  return `${answer.cut ? "the runner was stopped or died" : "the runner answered"}${tail ? `: ${tail}` : ""}`;
}

/** One serve-mode runner in the sandbox, and the line protocol to it: a request on stdin, events on stdout. */
class WarmServer {
  private events: RunnerEvent[] = [];
  private readonly lines: ServerLines;
  /** The server wrote its ready event: from then on it reads requests and keeps their deadlines. */
  ready = false;
  private nextId = 1;

  constructor(
    private readonly process: SandboxProcess,
    readyEvent: string,
  ) {
    this.lines = new ServerLines(
      process,
      (line) => {
        const event = parseEventLine(line);
        if (event) this.events.push(event);
        if (event?.event === readyEvent) this.ready = true;
      },
      // A candidate's child may hold stdout open after the server itself died: its exit ends the server too.
      100,
    );
  }

  /**
   * Sends a request; its events (with those the server wrote since the last answer, its
   * start-up's on the first), once it answered or died, or at `answerBy` (epoch ms) when it
   * is still starting then; a server that is reading requests gets a short grace to
   * send what it had when it stopped at `answerBy` itself.
   */
  async request(request: Record<string, unknown>, answerBy: number): Promise<Answer> {
    const id = this.nextId++;
    const served = (event: RunnerEvent) => event.event === "served" && event.id === id;
    const answered = () => this.events.some(served);
    if (!this.lines.ended) this.process.stdin.write(`${JSON.stringify({ ...request, id })}\n`);
    await this.lines.wait(answered, answerBy);
    if (this.ready && !answered()) await this.lines.wait(answered, Date.now() + ANSWER_GRACE_MS);
    const events = this.events;
    this.events = [];
    return { events: events.filter((event) => !served(event)), cut: !events.some(served), stderr: this.process.stderr() };
  }

  close(): Promise<void> {
    return this.process.close();
  }
}
