import { createTwoFilesPatch } from "diff";
import { createSandbox } from "../sandbox/create-sandbox.js";
import type { CheckResult } from "../shared/check-result.js";
import type { Language } from "../shared/language.js";
import type { Sandbox } from "../shared/sandbox.js";
import type { ProjectContext, SourceFile } from "../shared/task.js";
import { CandidatePool, type Candidate } from "./candidate-pool.js";
import type { CandidateRunner, CandidateVerdict, TestObservation } from "./candidate-runner.js";
import { createCandidateRunner } from "./create-candidate-runner.js";
import { programFilesOf, rankFiles, runBaseline, supportFor, type SuspiciousLine } from "./localize-faults.js";
import { favourTailShape, tailShapeOf } from "./failure-tail.js";
import { generateMutations } from "./mutation-operators.js";
import { operatorTableFor } from "./operator-tables.js";
import { linesLost } from "./lines-lost.js";
import { OverfittingGuard } from "./overfitting-guard.js";
import { expectsPairs, OWN_TURNS, preferEdits, rememberedMatcher, takeTurns, type RememberedMatch, type WeightedEdit } from "./prefer-edits.js";
import { rankPlausible, tiedBeforeCoverage, type PlausibleEvidence } from "./rank-plausible.js";
import { describeMutation, type EditDescription, type Mutation } from "./source-edit.js";
import { grammarOf, hasSyntaxError, parseSource, type SyntaxTree } from "./syntax-tree.js";
import { DEFAULT_OFFLINE_BUDGET_MS } from "./offline-budget.js";
import { trustedHelperLines } from "./test-helpers.js";
import { testTimeLimits } from "./test-time-limits.js";

export type { EditDescription } from "./source-edit.js";

export interface OfflineRepairInput {
  language: Language;
  /** File name of the program, e.g. `median.py`. */
  entry: string;
  code: string;
  tests: SourceFile[];
  support?: SourceFile[];
  /** The failing validation of `code`, if known: its location is strong evidence. */
  check?: CheckResult;
  /** The project the program lives in: every candidate runs inside it (see `ExecSpec.projectRoot`). */
  project?: ProjectContext;
  /**
   * The program's other files the engine may edit (a multi-file program): faults are localized
   * across all of them and the entry by per-test coverage of each. Test files are never edited.
   */
  editable?: SourceFile[];
}

/** An edit of the fix, with the file it changed. */
export interface FileEdit extends EditDescription {
  file: string;
}

export interface OfflineRepairOptions {
  sandbox?: Sandbox;
  /** Wall-clock budget for the whole search (default `DEFAULT_OFFLINE_BUDGET_MS`, 10 s). */
  timeBudgetMs?: number;
  /** Most candidates to run (default 3000). */
  maxCandidates?: number;
  signal?: AbortSignal;
  /**
   * Edits that fixed similar failures before (the error -> fix memory), each weighted by how
   * alike its failure is: mutations like them are tried earlier, the more so the more suspicious
   * their line (see `preferEdits`); those repeating one (the same kind and core change on a
   * like line) on the most suspicious lines run first, taking turns with the search's own; and a first
   * plausible patch of the same kind as one (the same operator on a like line) is taken without
   * the overfitting guard's search for alternatives.
   */
  preferredEdits?: readonly WeightedEdit[];
  onProgress?: (progress: { candidatesRun: number; bestPassed: number; total: number }) => void;
}

export type OfflineRepairResult =
  | {
      status: "fixed";
      /** The entry's content after the fix (as it was when the fix changed only other files). */
      code: string;
      /** Every file the fix changed, path -> new content. */
      files: Record<string, string>;
      /** Unified diff from the original to the repaired program, over every changed file. */
      diff: string;
      edits: FileEdit[];
      /** Candidates found that pass every test (the likeliest one is returned). */
      plausible: number;
      /**
       * The overfitting guard's count for the returned patch: inputs near the passing tests'
       * own on which it behaves unlike the original; absent when the guard did not run.
       */
      behaviourChanges?: number;
      /** Why `behaviourChanges` is absent: no guard for this program, its run failed, or no time was left for it. */
      guardSkipped?: string;
      candidatesRun: number;
      /**
       * Candidates run up to and including the first that passed every test: what a better
       * order of the candidates saves. `candidatesRun` adds the few more run after it and the
       * overfitting guard's alternatives.
       */
      candidatesToFirstPlausible: number;
      durationMs: number;
      /**
       * Results the tests gave, counted as the search saw them: where the runner splits a test
       * into its asserts (Python and node:test, see runtime/python/mend_assertions.py), each assert and the
       * test's own ending count as one.
       */
      testsPassed: number;
      testsTotal: number;
      /** The budget the search had; `durationMs` is what it took of it. */
      timeBudgetMs: number;
    }
  | {
      status: "not_fixed";
      reason: string;
      /** The entry's content in the candidate that passed the most tests, when it beats the original and changed the entry. */
      bestCode?: string;
      /** Results, as `testsPassed` of a fix counts them. */
      bestPassed?: number;
      testsTotal?: number;
      candidatesRun: number;
      durationMs: number;
      /** The budget the search had; `durationMs` is what it took of it. */
      timeBudgetMs: number;
    };

const DEFAULT_MAX_CANDIDATES = 3_000;
/** After the first plausible patch, a few more candidates may find a smaller one. */
const EXTRA_AFTER_PLAUSIBLE = 12;
/** The other rewrites of the first plausible patch's spot run right after it, at most this many (see `runSameSpot`). */
const SAME_SPOT_MAX = 8;
/**
 * With the overfitting guard on, the search first runs the same few more candidates as without
 * it, then the guard measures the plausible patches in hand (the checkpoint). When one of them
 * behaves as the original on every derived input, no later candidate can rank above it (one
 * found later wins only by changing less), so the search ends there. Otherwise it goes on, so
 * that the guard has alternatives to compare (a patch that only fits the tests is often found
 * first: it is often smaller), for up to GUARD_EXTRA_CANDIDATES past the first plausible patch
 * or GUARD_MAX_PLAUSIBLE plausible ones; each plausible patch found on the way is measured when
 * its batch ends, and the first one that changes nothing ends the search too.
 */
const GUARD_EXTRA_CANDIDATES = 60;
const GUARD_MAX_PLAUSIBLE = 6;
/**
 * Mutations that repeat a remembered fix (the same kind and core change on a like line, see
 * `rememberedMatcher`) run first, at most this many, taking turns with the search's own first
 * `OWN_TURNS` mutations; a plausible patch among the repeats ends the search at once (see `trusted`).
 */
const REPLAY_MAX = 20;
/**
 * The replay takes mutations of the most suspicious lines only (relative to the top line, see
 * `CandidatePool.suspicionOf`): run ahead of the whole search, a repeat elsewhere costs every
 * bug whose fix is where the tests point.
 */
const REPLAY_SUSPICION = 0.75;
/** Plausible candidates the guard runs (the likeliest by size and kind), and the time it needs left to run them. */
const GUARD_MAX_COMPARED = 8;
const GUARD_MIN_MS = 1_500;
/** Tied candidates whose coverage is measured (one test run each), and the time that needs left. */
const COVERAGE_MAX_COMPARED = 3;
const COVERAGE_MIN_MS = 3_000;
const BATCH_SIZE = 250;
/**
 * Building a candidate parses it (to drop those that do not parse, no-ops and duplicates):
 * under load 250 of them cost seconds before the first one ran, and most were never run once
 * the budget ended. The first batch is this small; each later one holds what the runner got
 * through in a batch's time so far, with room to spare (BATCH_HEADROOM), within BATCH_SIZE.
 */
const FIRST_BATCH_SIZE = 16;
const BATCH_HEADROOM = 2;
const BATCH_BUDGET_MS = 5_000;
/** Pairs of edits come only after every single edit (but see EARLY_PAIRS_AFTER), and only this many. */
const MAX_PAIRS = 2_000;
const PAIR_TOP_SINGLES = 30;
const PAIR_PARTNERS = 80;
/**
 * Once a candidate makes more tests pass without breaking any, the singles go on for at most
 * this many more candidates (a full fix may still come); then that partial fix becomes the
 * program of a second round, with its own fault localization and edits.
 */
const SINGLES_AFTER_PARTIAL = 250;
/**
 * When the failure is most like one whose remembered fix took two edits (see `expectsPairs`),
 * the pairs of the singles run so far are tried once this many singles have run, at most
 * EARLY_PAIRS of them, instead of only after every single edit: the halves of a two-edit fix are
 * usually cheap edits of the lines the tests point at, among the first singles.
 */
const EARLY_PAIRS_AFTER = 40;
const EARLY_PAIRS = 40;
/** Singles that helped on their own whose pairs are tried before a second round. */
const HELPING_SINGLES = 10;
/** The original program is round 1; a partial fix of it may be the base of round 2, and no further. */
const MAX_ROUNDS = 2;
const JOBS = 2;
/**
 * A baseline test that runs this long (CPU time for Python, wall clock for Node) is taken to
 * hang. For Python, this is the limit until a first test hangs (the runner judges later tests
 * by the tests that ended, see runtime/python/mend_time_limits.py), and a small share of the
 * budget: a program that hangs on most of its tests must leave the search most of its time.
 */
const BASELINE_TEST_TIMEOUT_MS = { python: 600, node: 2_000 };
const BASELINE_SHARE_OF_BUDGET = 0.03;
const BASELINE_PYTHON_MIN_MS = 150;
/** A candidate's own cost beside its tests (a fork, compiling and importing it), in CPU time. */
const CANDIDATE_IMPORT_CPU_MS = 150;
const MIN_CANDIDATE_CPU_MS = 200;
const MAX_CANDIDATE_TIMEOUT_MS = 10_000;
const MIN_WALL_MS = 3_000;
/**
 * A runner process still going this long after the deadline is stopped, whatever it is
 * doing (collecting the tests, waiting on a hanging candidate): what it reported by then
 * still counts. The search thus ends within its budget plus this and the sandbox's teardown.
 */
const DEADLINE_GRACE_MS = 500;

/**
 * Repairs a program without a language model: localizes the fault from per-test coverage,
 * then tries small edits of the syntax tree (operator swaps, off-by-one bounds, swapped
 * names, guards...) in order of suspiciousness and cost, running the tests in the sandbox,
 * until a candidate passes every test or the budget is spent.
 */
export async function repairOffline(
  input: OfflineRepairInput,
  options: OfflineRepairOptions = {},
): Promise<OfflineRepairResult> {
  const started = Date.now();
  const sandbox = options.sandbox ?? createSandbox();
  try {
    return await new RepairSearch(input, options, sandbox, started).run();
  } finally {
    if (!options.sandbox) await sandbox.close();
  }
}

type Fixed = Extract<OfflineRepairResult, { status: "fixed" }>;

interface Evaluated {
  candidate: Candidate;
  verdict: CandidateVerdict;
}

/** A candidate's place in the search: the pool that built it knows its file. */
interface Planned {
  pool: CandidatePool;
  mutation: Mutation;
}

class RepairSearch {
  private readonly deadline: number;
  private readonly budgetMs: number;
  private readonly maxCandidates: number;
  /** The program's files the search may edit, path -> content, the entry first. */
  private readonly program: Map<string, string>;
  private readonly runners = new Map<string, CandidateRunner>();
  private readonly pools = new Map<string, CandidatePool>();
  private readonly evaluated: Evaluated[] = [];
  private readonly plausible: Candidate[] = [];
  private failing: string[] = [];
  private passing: string[] = [];
  private total = 0;
  private originalHangs = false;
  private best: { file: string; code: string; passed: number } | undefined;
  /** The best partial fix so far: more tests pass, none that passed before fails. */
  private partial: { candidate: Candidate; passed: number; at: number } | undefined;
  /** A later round's fix, built on `partial`. */
  private followUp: { base: Candidate; result: Fixed } | undefined;
  private laterRoundRun = false;
  private laterRoundCandidates = 0;
  private guard: OverfittingGuard | undefined;
  /** Why the guard is off or its last run said nothing (see `guardSkipped` in the result). */
  private guardNote = "the guard did not measure the returned patch";
  /** Candidates run when the first plausible patch was found. */
  private firstPlausibleAt: number | undefined;
  /** The guard's counts so far (see `OverfittingGuard.changes`), by candidate id, merged over its runs. */
  private readonly guardCounts = new Map<number, number>();
  /** Plausible candidates the guard was asked about, measured or not (a failed run is not retried). */
  private readonly guardAsked = new Set<number>();
  /** The guard's checkpoint ran (see GUARD_EXTRA_CANDIDATES). */
  private checkpointDone = false;
  /** Plausible candidates found after the few more a search without the guard runs. */
  private readonly latePlausible = new Set<number>();
  /** The other rewrites of the first plausible patch's spot (see `runSameSpot`): run, or running now. */
  private sameSpotRun = false;
  private sameSpotRunning = false;
  private baselineTests: TestObservation[] = [];
  /** Time spent waiting on the runners' batches, and the verdicts they gave (see batchSize). */
  private runnerMs = 0;
  private runnerCandidates = 0;
  /**
   * The first plausible patch is the same kind of edit as a remembered, verified fix on a like
   * line (see `RememberedMatch.sameKind`), or repeats one (the replay): the search takes it
   * without the overfitting guard's alternatives, trusting a like fix of a like failure that
   * was verified before.
   */
  private trusted = false;
  /**
   * The first plausible patch, not trusted, is still the same kind of edit as a remembered fix
   * on some line (see `RememberedMatch.kindAnywhere`): the guard measures it at once (see
   * `guardCheckpoint`) instead of after the few more candidates a search without a memory runs.
   */
  private rememberedKind = false;
  /** The early pairs of a failure like a remembered two-edit one have run (see EARLY_PAIRS_AFTER). */
  private earlyPairsRun = false;
  /** Per program file, how its mutations compare with the remembered edits (none without a memory). */
  private readonly matchers = new Map<string, (mutation: Mutation) => RememberedMatch>();

  constructor(
    private readonly input: OfflineRepairInput,
    private readonly options: OfflineRepairOptions,
    private readonly sandbox: Sandbox,
    private readonly started: number,
    private readonly round = 1,
    budgetMs?: number,
  ) {
    this.budgetMs = budgetMs ?? options.timeBudgetMs ?? DEFAULT_OFFLINE_BUDGET_MS;
    this.deadline = started + this.budgetMs;
    this.maxCandidates = options.maxCandidates ?? DEFAULT_MAX_CANDIDATES;
    this.program = programFilesOf(input);
  }

  async run(): Promise<OfflineRepairResult> {
    try {
      return await this.search();
    } finally {
      // The runners' warm servers end with the search (a later round's search closes its own).
      await Promise.all([...this.runners.values()].map((runner) => runner.close()));
    }
  }

  private async search(): Promise<OfflineRepairResult> {
    const { input } = this;
    const trees = new Map<string, SyntaxTree>();
    try {
      for (const [path, code] of this.program) {
        const tree = await parseSource(grammarOf(input.language, path), code);
        if (!hasSyntaxError(tree)) trees.set(path, tree);
        else if (path === input.entry) return this.notFixed("the program does not parse; offline repair changes behaviour, not syntax");
        // Another file that does not parse is left as it is: its mutants would not parse either.
        else tree.delete();
      }
      const testTimeoutMs = this.baselineTestTimeoutMs();
      // Every file's per-test coverage: the runner traces its subject, so each file gets a run
      // as the subject, the others laid over the project as they are. The entry's run is the
      // verdict on each test; the runs go JOBS at a time (mostly start-up: interpreter, collection).
      const coverage = new Map<string, TestObservation[]>();
      const baselines = await inTurns([...trees.keys()], JOBS, async (path) => {
        const result = await runBaseline(this.runnerFor(path), {
          testTimeoutMs,
          timeBudgetMs: Math.max(0, this.remaining()),
          wallLimitMs: this.remaining() + DEADLINE_GRACE_MS,
        });
        if (result.status === "ok") coverage.set(path, result.tests);
        return result;
      });
      const baseline = baselines[0];
      // A baseline stopped at the deadline may lack the tests that hang: it says nothing then.
      if (this.remaining() <= 0) return this.notFixed("time budget spent before the tests' first run finished");
      if (baseline.status !== "ok") return this.notFixed(baseline.reason);
      this.observe(baseline.tests);
      this.baselineTests = baseline.tests;
      if (this.failing.length === 0 && !baseline.tests.some((test) => test.outcome === "timeout")) {
        return this.notFixed("every test already passes", { bestPassed: this.total });
      }
      // The guard compares the entry's behaviour, so it watches a one-file program only; and a
      // later round's program is already a partial fix, not the behaviour to keep.
      const created =
        this.round === 1 && this.program.size === 1
          ? await OverfittingGuard.create(input, this.failing, this.passing)
          : { status: "none" as const, reason: "the guard watches a one-file program's first round only" };
      if (created.status === "ready") this.guard = created.guard;
      else this.guardNote = created.reason;
      const ranking = withoutTrustedHelpers(rankFiles(input, coverage, baseline.tests), input, trees, this.failing);
      // What the failed assertions' values show (a list cut short, one too long) moves the edits that make that mistake forward.
      const tailShape = tailShapeOf(input.check?.tests?.failures ?? []);
      const top = ranking[0]?.score;
      const ids = { next: 0 };
      const lists: Planned[][] = [];
      const ownLists: Planned[][] = [];
      const repeats: { planned: Planned; key: number }[] = [];
      for (const [path, tree] of trees) {
        if (!coverage.has(path)) continue;
        const own = ranking.filter((line) => line.file === path);
        // Of several files, one no failing test reaches holds no fault the tests can see.
        if (coverage.size > 1 && own.length === 0 && ranking.length > 0) continue;
        const code = this.program.get(path) ?? "";
        const grammar = grammarOf(input.language, path);
        const pool = await CandidatePool.create(grammar, code, own, { file: path, top, ids });
        this.pools.set(path, pool);
        const mutations = favourTailShape(generateMutations(tree, code, operatorTableFor(grammar)), tailShape);
        const suspicionOf = (line: number) => pool.suspicionOf(line);
        const searchOrder = pool.order(mutations);
        const ordered = preferEdits(searchOrder, (mutation) => pool.keyOf(mutation), code, this.options.preferredEdits, suspicionOf);
        lists.push(ordered.map((mutation) => ({ pool, mutation })));
        ownLists.push(searchOrder.map((mutation) => ({ pool, mutation })));
        const match = rememberedMatcher(code, this.options.preferredEdits);
        if (match) this.matchers.set(path, match);
        for (const mutation of match ? ordered : []) {
          const key = pool.keyOf(mutation);
          // Only on the lines the failing tests point at most: a remembered fix says what, the tests say where.
          if (key === undefined || (suspicionOf(mutation.line) ?? 0) < REPLAY_SUSPICION) continue;
          const found = match?.(mutation);
          if (found?.repeats) repeats.push({ planned: { pool, mutation }, key: key - found.bonus });
        }
      }
      const repeated = repeats.sort((a, b) => a.key - b.key).slice(0, REPLAY_MAX).map((entry) => entry.planned);
      // The repeats take turns with the search's own first mutations, as the memory's order does
      // (see `preferEdits`): a bug the search finds in a candidate or two costs a memory of
      // other fixes no more than as many again.
      const replay = repeated.length ? takeTurns(repeated, mergeByKey(ownLists).slice(0, OWN_TURNS), (planned) => planned.mutation) : [];
      await this.searchSingles(mergeByKey(lists), await this.replay(replay));
    } finally {
      for (const tree of trees.values()) tree.delete();
    }
    if (this.plausible.length === 0 && !this.followUp && !this.stopped()) await this.searchPairs();
    return await this.result();
  }

  /** The runner whose subject is `path`: the program's other files run beside it as they are. */
  private runnerFor(path: string): CandidateRunner {
    let runner = this.runners.get(path);
    if (!runner) {
      runner = createCandidateRunner({
        ...this.input,
        entry: path,
        code: this.program.get(path) ?? "",
        support: supportFor(this.input, this.program, path),
        sandbox: this.sandbox,
        jobs: JOBS,
      });
      this.runners.set(path, runner);
    }
    return runner;
  }

  /** Splits the baseline into the tests a repair must fix and those it must keep passing. */
  private observe(tests: TestObservation[]): void {
    const real = tests.filter((test) => !test.id.startsWith("("));
    this.failing = real.filter((test) => test.outcome === "failed" || test.outcome === "timeout").map((test) => test.id);
    this.passing = real.filter((test) => test.outcome === "passed").map((test) => test.id);
    this.total = this.failing.length + this.passing.length + (tests.length - real.length);
    this.originalHangs = tests.some((test) => test.outcome === "timeout");
    // Each kind runs its quickest tests first: a candidate's run ends at its first test over its
    // limit, and at the first passing test it breaks.
    const limits = testTimeLimits(tests, this.failing, this.passing, this.remaining()).perTest;
    const quickestFirst = (ids: string[]) =>
      ids
        .map((id, at) => ({ id, at }))
        .sort((a, b) => limits[a.id] - limits[b.id] || a.at - b.at)
        .map(({ id }) => id);
    this.failing = quickestFirst(this.failing);
    this.passing = quickestFirst(this.passing);
  }

  /**
   * Runs the mutations that repeat a remembered fix, taking turns with the search's own first
   * ones, with no candidate more after a plausible one; returns those the runner did not get
   * to, which the search runs first.
   */
  private async replay(replay: readonly Planned[]): Promise<Candidate[]> {
    const batch = replay.flatMap(({ pool, mutation }) => pool.build([mutation]) ?? []).slice(0, this.batchLimit());
    if (batch.length === 0) return [];
    return await this.evaluate(batch, 0);
  }

  private async searchSingles(ordered: Planned[], carriedIn: Candidate[] = []): Promise<void> {
    let index = 0;
    let carried = carriedIn;
    while (!this.stopped() && !this.settled() && !this.followUp) {
      if (this.plausible.length === 0 && this.partial && this.candidatesRun() - this.partial.at >= SINGLES_AFTER_PARTIAL) await this.laterRound();
      if (this.plausible.length === 0 && !this.earlyPairsRun && this.candidatesRun() >= EARLY_PAIRS_AFTER && expectsPairs(this.options.preferredEdits)) await this.earlyPairs();
      if (this.followUp || this.stopped()) break;
      if (await this.guardCheckpoint()) continue;
      const limit =
        this.firstPlausibleAt !== undefined
          ? Math.min(this.batchLimit(), this.firstPlausibleAt + this.extraAllowed() - this.candidatesRun())
          : this.partial && !this.laterRoundRun
            ? Math.min(this.batchLimit(), this.partial.at + SINGLES_AFTER_PARTIAL - this.candidatesRun())
            : this.batchLimit();
      // A batch ends where the early pairs are due, so that they come after that many singles.
      const pairsDue = this.plausible.length === 0 && !this.earlyPairsRun && expectsPairs(this.options.preferredEdits);
      const size = pairsDue && this.candidatesRun() < EARLY_PAIRS_AFTER ? Math.min(limit, EARLY_PAIRS_AFTER - this.candidatesRun()) : limit;
      const batch = carried.slice(0, size);
      while (index < ordered.length && batch.length < size) {
        const { pool, mutation } = ordered[index++];
        const candidate = pool.build([mutation]);
        if (candidate) batch.push(candidate);
      }
      if (batch.length === 0) break;
      carried = [...(await this.evaluate(batch)), ...carried.slice(batch.length)];
      carried = await this.runSameSpot(ordered, index, batch, carried);
    }
    // Every single tried: the partial fix, if any, gets its round now.
    if (this.plausible.length === 0 && !this.followUp && !this.stopped()) await this.laterRound();
  }

  /**
   * Once the first plausible patch is found, the other rewrites of the same text by the same
   * operator that the search has not run yet run at once, whatever their place in its order (a handful: the other
   * comparisons for a comparison, the other operators for an operator). A flipped comparison's
   * fix is often plausible both as the mirror and as the negation (`>` -> `<` and `>` -> `<=`
   * differ only on ties the tests may not hold), and the search's order would stop at whichever
   * comes first; run side by side, the ranking chooses between them (`rankPlausible`: the fewer
   * characters, the mirror). Those of the batch just run that the runner did not start (it
   * stops soon after a plausible patch) count as not run. Returns the carried candidates
   * without those run here.
   */
  private async runSameSpot(ordered: Planned[], index: number, batch: readonly Candidate[], carried: Candidate[]): Promise<Candidate[]> {
    const first = this.plausible[0];
    if (this.sameSpotRun || !first || first.mutations.length !== 1 || this.stopped()) return carried;
    this.sameSpotRun = true;
    const spot = first.mutations[0].edit;
    // Of the same operator only: another kind of edit there (`1` -> `-1` beside `1` -> `0`) is
    // no sibling of the fix but a new patch, which the search's order reaches in its turn.
    const kind = first.mutations[0].operator;
    const same = (file: string, mutation: Mutation) =>
      file === first.file && mutation.operator === kind && mutation.edit.start === spot.start && mutation.edit.end === spot.end;
    const ran = new Set(this.evaluated.map(({ candidate }) => candidate.id));
    const unrun = [...batch.filter((candidate) => !ran.has(candidate.id)), ...carried.filter((candidate) => !batch.includes(candidate))];
    const waiting = unrun.filter((candidate) => candidate.mutations.length === 1 && same(candidate.file, candidate.mutations[0]));
    const later: Candidate[] = [];
    for (let at = ordered.length - 1; at >= index; at--) {
      const { pool, mutation } = ordered[at];
      const candidate = same(first.file, mutation) ? pool.build([mutation]) : undefined;
      if (!candidate || candidate.file !== first.file) continue;
      later.unshift(candidate);
      ordered.splice(at, 1);
    }
    const siblings = [...waiting, ...later];
    const run = siblings.slice(0, SAME_SPOT_MAX);
    if (run.length > 0 && this.batchLimit() >= run.length) {
      this.sameSpotRunning = true;
      await this.evaluate(run, run.length).finally(() => (this.sameSpotRunning = false));
    }
    return carried.filter((candidate) => !waiting.includes(candidate));
  }

  /**
   * The second round: the best partial fix becomes the program, localized again by its own
   * test run (the tests it still fails point elsewhere now) and searched with the time and
   * candidates left. A fix found there passes every test, the originally passing ones included.
   */
  private async laterRound(): Promise<void> {
    if (this.laterRoundRun || !this.partial || this.round >= MAX_ROUNDS) return;
    this.laterRoundRun = true;
    // Edits that each fixed some tests and broke none may fix the rest together (`low < x and
    // x < high`, each `<` one edge): a few such pairs come before a round built on one of them.
    const helping = this.improvingSingles(true).slice(0, HELPING_SINGLES);
    await this.runPairs([[helping, helping]], (HELPING_SINGLES * (HELPING_SINGLES - 1)) / 2);
    if (this.plausible.length > 0 || this.stopped()) return;
    const base = this.partial.candidate;
    // Half of what is left, time and candidates: the partial fix may be the wrong half of a
    // pair, which the remaining singles and the pairs of this round still find.
    const search = new RepairSearch(
      withFile(this.input, base.file, base.code),
      { ...this.options, maxCandidates: Math.floor((this.maxCandidates - this.candidatesRun()) / 2), onProgress: undefined },
      this.sandbox,
      this.started,
      this.round + 1,
      Date.now() - this.started + Math.floor(this.remaining() / 2),
    );
    const result = await search.run();
    this.laterRoundCandidates = result.candidatesRun;
    if (result.status === "fixed") this.followUp = { base, result };
    else if (result.bestCode && result.bestPassed !== undefined && (!this.best || result.bestPassed > this.best.passed)) {
      this.best = { file: this.input.entry, code: result.bestCode, passed: result.bestPassed };
    }
  }

  /**
   * Two edits: first combinations of singles that fixed some failing test, then those
   * partnered with the top-ranked singles, then pairs among the top singles.
   */
  /** See EARLY_PAIRS_AFTER: the pairs of the singles run so far, the likeliest halves first. */
  private async earlyPairs(): Promise<void> {
    this.earlyPairsRun = true;
    const improving = this.improvingSingles(false);
    const partners = this.evaluated
      .filter(({ candidate, verdict }) => candidate.mutations.length === 1 && !verdict.timedOut && !verdict.invalid)
      .slice(0, PAIR_PARTNERS)
      .map(({ candidate }) => candidate);
    // One group, cheapest pair first: the helping singles paired among themselves as a group
    // of their own would take the few pairs there are room for.
    await this.runPairs([[improving, partners]], EARLY_PAIRS);
  }

  private async searchPairs(): Promise<void> {
    const usable = this.evaluated.filter(({ verdict }) => !verdict.timedOut && !verdict.invalid);
    const improving = this.improvingSingles(false);
    const partners = usable.slice(0, PAIR_PARTNERS).map(({ candidate }) => candidate);
    const top = partners.slice(0, PAIR_TOP_SINGLES);
    await this.runPairs(
      [
        [improving, improving],
        [improving, partners],
        [top, top],
      ],
      MAX_PAIRS,
    );
  }

  /**
   * Singles that made some failing test pass, those that broke no other test first (the
   * likeliest halves of a two-location fix), then by tests passed and search order.
   */
  private improvingSingles(keepingRestOnly: boolean): Candidate[] {
    const keepsRest = (verdict: CandidateVerdict) => (verdict.restPassed === verdict.restTotal ? 0 : 1);
    return this.evaluated
      .filter(({ candidate, verdict }) => candidate.mutations.length === 1 && !verdict.timedOut && !verdict.invalid && verdict.failingPassed > 0)
      .filter(({ verdict }) => !keepingRestOnly || keepsRest(verdict) === 0)
      .sort(
        (a, b) =>
          keepsRest(a.verdict) - keepsRest(b.verdict) || passedBy(b.verdict) - passedBy(a.verdict) || a.candidate.key - b.candidate.key,
      )
      .map(({ candidate }) => candidate);
  }

  /**
   * Builds the pairs of each group (cheapest key first within a group) and runs them, at most
   * `max`. Both edits of a pair are in one file: a fix across two files takes a later round.
   */
  private async runPairs(groups: [Candidate[], Candidate[]][], max: number): Promise<void> {
    const pairs: Candidate[] = [];
    const tried = new Set<string>();
    for (const [firsts, seconds] of groups) {
      const group: { pool: CandidatePool; mutations: Mutation[]; key: number }[] = [];
      for (const a of firsts) {
        for (const b of seconds) {
          const pool = this.pools.get(a.file);
          if (a.id === b.id || a.file !== b.file || !pool) continue;
          const label = a.id < b.id ? `${a.id}:${b.id}` : `${b.id}:${a.id}`;
          if (tried.has(label)) continue;
          tried.add(label);
          group.push({ pool, mutations: [...a.mutations, ...b.mutations], key: a.key + b.key });
        }
      }
      group.sort((x, y) => x.key - y.key);
      for (const entry of group) {
        if (pairs.length >= max) break;
        const candidate = entry.pool.build(entry.mutations);
        if (candidate) pairs.push(candidate);
      }
    }
    let queue = pairs;
    while (queue.length > 0 && !this.stopped() && !this.settled()) {
      if (await this.guardCheckpoint()) continue;
      const batch = queue.slice(0, this.afterPlausibleLimit());
      if (batch.length === 0) break;
      queue = [...(await this.evaluate(batch)), ...queue.slice(batch.length)];
    }
  }

  /**
   * Runs a batch, each file's candidates through that file's runner, in the order the batch
   * first names the files; returns the candidates no runner got to, in order.
   */
  private async evaluate(batch: Candidate[], extraAfterPlausible = this.extraInBatch()): Promise<Candidate[]> {
    const byFile = new Map<string, Candidate[]>();
    for (const candidate of batch) {
      if (!this.program.has(candidate.file)) throw new Error(`offline repair: a candidate edits ${candidate.file}, which is not a program file it may change`);
      byFile.set(candidate.file, [...(byFile.get(candidate.file) ?? []), candidate]);
    }
    const unstarted = new Set<number>();
    for (const [file, group] of byFile) {
      if (this.searchDone() || this.remaining() <= 0 || this.options.signal?.aborted) {
        for (const candidate of group) unstarted.add(candidate.id);
        continue;
      }
      for (const id of await this.evaluateFile(file, group, extraAfterPlausible)) unstarted.add(id);
    }
    this.options.onProgress?.({
      candidatesRun: this.candidatesRun(),
      bestPassed: Math.max(this.best?.passed ?? 0, this.passing.length),
      total: this.total,
    });
    // Once a plausible patch is found, the runner's own "a few more" rule has had its say.
    if (this.searchDone()) return [];
    return batch.filter((candidate) => unstarted.has(candidate.id));
  }

  /** Runs one file's candidates; returns the ids the runner did not get to. */
  private async evaluateFile(file: string, group: Candidate[], extraAfterPlausible: number): Promise<number[]> {
    const byId = new Map(group.map((candidate) => [candidate.id, candidate]));
    const left = Math.max(1, this.remaining());
    // Mutants often loop forever: each test keeps to a CPU-time limit (which a busy machine
    // does not stretch) derived from its baseline time and shrinking with the budget left (see
    // testTimeLimits; the Python runner keeps them, the Node runners keep the whole run's).
    // The whole run's limits are then a backstop: every test at its limit plus the candidate's
    // import in CPU time; on the clock, only for sleepers and systems without /proc.
    const limits = testTimeLimits(this.baselineTests, this.failing, this.passing, left);
    const cpuMs = Math.min(MAX_CANDIDATE_TIMEOUT_MS, this.input.language === "python" ? limits.totalMs + CANDIDATE_IMPORT_CPU_MS : this.wholeRunCpuMs());
    const asked = Date.now();
    const outcome = await this.runnerFor(file).evaluate({
      candidates: group.map(({ id, code }) => ({ id, code })),
      failing: this.failing,
      passing: this.passing,
      testCpuMs: limits.perTest,
      // A candidate may take no more than the budget has left: a hanging mutant started near
      // the end would otherwise run its full limit past the deadline.
      timeoutMs: Math.min(Math.max(MIN_WALL_MS, 10 * cpuMs), left),
      cpuMs: Math.min(cpuMs, left),
      // Batches end at least every few seconds, so that an abort is seen soon.
      budgetMs: Math.min(left, BATCH_BUDGET_MS),
      // With the guard past its checkpoint, a batch that found a plausible patch still ends soon
      // after it, so that the guard can look at it before more candidates run.
      extraAfterPlausible,
      originalHangs: this.originalHangs,
      wallLimitMs: left + DEADLINE_GRACE_MS,
    });
    this.runnerMs += Date.now() - asked;
    this.runnerCandidates += outcome.verdicts.length;
    for (const verdict of outcome.verdicts) {
      const candidate = byId.get(verdict.id);
      if (!candidate) continue;
      this.evaluated.push({ candidate, verdict });
      if (verdict.invalid) continue;
      if (isPlausible(verdict)) {
        if (this.plausible.length === 0) {
          this.trusted = this.remembered(candidate, "sameKind");
          this.rememberedKind = this.remembered(candidate, "kindAnywhere");
        }
        this.plausible.push(candidate);
        this.firstPlausibleAt ??= this.candidatesRun();
        if (this.candidatesRun() > this.firstPlausibleAt + EXTRA_AFTER_PLAUSIBLE) this.latePlausible.add(candidate.id);
      }
      const passed = passedBy(verdict);
      if (isPartialFix(verdict) && candidate.mutations.length === 1 && (!this.partial || passed > this.partial.passed)) {
        this.partial = { candidate, passed, at: this.candidatesRun() };
      }
      if (verdict.restPassed !== null && (!this.best || passed > this.best.passed)) this.best = { file: candidate.file, code: candidate.code, passed };
    }
    return outcome.unstarted;
  }

  private async result(): Promise<OfflineRepairResult> {
    if (this.plausible.length === 0 && this.followUp) return this.combined(this.followUp.base, this.followUp.result);
    if (this.plausible.length > 0) {
      const evidence = await this.weighPlausible();
      const [chosen] = rankPlausible(this.plausible, evidence);
      const behaviourChanges = evidence.changes?.get(chosen.id);
      const files = { [chosen.file]: chosen.code };
      return {
        status: "fixed",
        code: files[this.input.entry] ?? this.input.code,
        files,
        diff: this.diffOf(files),
        edits: this.editsOf(chosen),
        plausible: this.plausible.length,
        ...(behaviourChanges === undefined ? { guardSkipped: this.guardNote } : { behaviourChanges }),
        candidatesRun: this.candidatesRun(),
        candidatesToFirstPlausible: this.candidatesToFirstPlausible(),
        durationMs: Date.now() - this.started,
        testsPassed: this.total,
        testsTotal: this.total,
        timeBudgetMs: this.budgetMs,
      };
    }
    const reason = this.options.signal?.aborted
      ? "aborted"
      : Date.now() >= this.deadline
        ? "time budget spent without a candidate that passes every test"
        : this.candidatesRun() >= this.maxCandidates
          ? "candidate limit reached without a candidate that passes every test"
          : "no candidate passes every test";
    return this.notFixed(reason);
  }

  /** A later round's fix, told from the original program: its diff and both rounds' edits. */
  private combined(base: Candidate, later: Fixed): Fixed {
    const files = { [base.file]: base.code, ...later.files };
    return {
      ...later,
      code: files[this.input.entry] ?? this.input.code,
      files,
      diff: this.diffOf(files),
      edits: [...this.editsOf(base), ...later.edits],
      candidatesRun: this.candidatesRun(),
      // The later round started once this round's candidates had run.
      candidatesToFirstPlausible: this.candidatesRun() - this.laterRoundCandidates + later.candidatesToFirstPlausible,
      durationMs: Date.now() - this.started,
    };
  }

  /** One unified diff over the changed files, in the program's order. */
  private diffOf(files: Record<string, string>): string {
    return [...this.program]
      .filter(([path]) => Object.hasOwn(files, path))
      .map(([path, original]) => createTwoFilesPatch(`a/${path}`, `b/${path}`, original, files[path]))
      .join("");
  }

  private editsOf(candidate: Candidate): FileEdit[] {
    const original = this.program.get(candidate.file) ?? "";
    return candidate.mutations.map((mutation) => ({ file: candidate.file, ...describeMutation(original, mutation) }));
  }

  private notFixed(reason: string, extra: { bestPassed?: number } = {}): OfflineRepairResult {
    const improved = this.best && this.best.passed > this.passing.length ? this.best : undefined;
    return {
      status: "not_fixed",
      reason,
      bestCode: improved?.file === this.input.entry ? improved.code : undefined,
      bestPassed: extra.bestPassed ?? improved?.passed ?? (this.total > 0 ? this.passing.length : undefined),
      testsTotal: this.total > 0 ? this.total : undefined,
      candidatesRun: this.candidatesRun(),
      durationMs: Date.now() - this.started,
      timeBudgetMs: this.budgetMs,
    };
  }

  /**
   * With more than one plausible patch: the overfitting guard's count of unexplained behaviour
   * changes for the likeliest few, then, for those still tied at the top, the passing tests'
   * coverage lost. Each step runs only with the time it needs left; what did not run counts as
   * no evidence.
   */
  private async weighPlausible(): Promise<PlausibleEvidence> {
    // Both steps run the entry alone: a patch in another file of the program is not theirs to weigh.
    if (this.options.signal?.aborted || this.program.size > 1) return {};
    // One patch has nothing to be weighed against; the checkpoint's count is still reported.
    if (this.plausible.length < 2) return this.guardCounts.size > 0 ? { changes: this.guardCounts } : {};
    const evidence: PlausibleEvidence = { late: this.latePlausible };
    if (this.guard) {
      // The choice without the guard runs first: unless it was measured, nothing was learned
      // (the others may only have been measured because they came before the deadline).
      const compared = rankPlausible(this.plausible, evidence).slice(0, GUARD_MAX_COMPARED);
      if (this.remaining() >= GUARD_MIN_MS) await this.measure(compared);
      else this.guardNote = "too little of the time budget was left for the guard";
      if (this.guardCounts.has(compared[0].id)) evidence.changes = this.guardCounts;
    }
    const ranked = rankPlausible(this.plausible, evidence);
    const tied = ranked.filter((candidate) => tiedBeforeCoverage(candidate, ranked[0], evidence)).slice(0, COVERAGE_MAX_COMPARED);
    if (tied.length > 1 && this.remaining() >= COVERAGE_MIN_MS) evidence.linesLost = await this.coverageLost(tied);
    return evidence;
  }

  /** Per candidate, the lines the passing tests covered before the fix and no longer cover (a test run with coverage each). */
  private async coverageLost(candidates: readonly Candidate[]): Promise<Map<number, number>> {
    const passing = new Set(this.passing);
    const coveredBy = (tests: readonly TestObservation[]) => new Set(tests.filter((test) => passing.has(test.id)).flatMap((test) => test.lines));
    const before = coveredBy(this.baselineTests);
    const lost = new Map<number, number>();
    for (const candidate of candidates) {
      if (this.remaining() < COVERAGE_MIN_MS / 2) break;
      const runner = createCandidateRunner({ ...this.input, code: candidate.code, sandbox: this.sandbox, jobs: JOBS });
      const run = await runBaseline(runner, {
        testTimeoutMs: this.baselineTestTimeoutMs(),
        timeBudgetMs: Math.max(0, this.remaining()),
        wallLimitMs: this.remaining() + DEADLINE_GRACE_MS,
      }).finally(() => runner.close());
      if (run.status !== "ok") continue;
      lost.set(candidate.id, linesLost(this.input.code, candidate.mutations, before, coveredBy(run.tests)));
    }
    return lost;
  }

  /**
   * Candidates run that come no later in the search's order than the first plausible patch in
   * that order (ids follow the order): unlike the count when its verdict came, this does not
   * depend on which of two candidates run side by side finished first.
   */
  private candidatesToFirstPlausible(): number {
    const first = Math.min(...this.plausible.map((candidate) => candidate.id));
    return this.evaluated.filter(({ candidate, verdict }) => !verdict.invalid && candidate.id <= first).length;
  }

  private candidatesRun(): number {
    return this.evaluated.filter(({ verdict }) => !verdict.invalid).length + this.laterRoundCandidates;
  }

  /**
   * A candidate's CPU limit for the Node runners, which keep no limit per test: a few times
   * the original's whole run (the tests that hung left out), at least MIN_CANDIDATE_CPU_MS.
   */
  private wholeRunCpuMs(): number {
    const measured = this.baselineTests.filter((test) => test.outcome !== "timeout").reduce((sum, test) => sum + test.durationMs, 0);
    return Math.max(MIN_CANDIDATE_CPU_MS, 3 * measured + CANDIDATE_IMPORT_CPU_MS);
  }

  /** The baseline's limit per test (see BASELINE_TEST_TIMEOUT_MS). */
  private baselineTestTimeoutMs(): number {
    if (this.input.language !== "python") return BASELINE_TEST_TIMEOUT_MS.node;
    return Math.round(Math.min(BASELINE_TEST_TIMEOUT_MS.python, Math.max(BASELINE_PYTHON_MIN_MS, BASELINE_SHARE_OF_BUDGET * this.budgetMs)));
  }

  private remaining(): number {
    return this.deadline - Date.now();
  }

  private batchLimit(): number {
    return Math.max(0, Math.min(this.batchSize(), this.maxCandidates - this.candidatesRun()));
  }

  /** See FIRST_BATCH_SIZE: what the runner got through per millisecond so far, times a batch's time. */
  private batchSize(): number {
    if (this.runnerMs === 0 || this.runnerCandidates === 0) return FIRST_BATCH_SIZE;
    const expected = (this.runnerCandidates / this.runnerMs) * Math.min(Math.max(0, this.remaining()), BATCH_BUDGET_MS);
    return Math.round(Math.min(BATCH_SIZE, Math.max(FIRST_BATCH_SIZE, BATCH_HEADROOM * expected)));
  }

  /**
   * The guard's checkpoint, once the first plausible patch and the few candidates after it have
   * run (at once when that patch is of a remembered kind, see `rememberedKind`), and its look at each plausible patch found after that: the guard measures those it has
   * not seen, and the search ends once one of them changes nothing (see GUARD_EXTRA_CANDIDATES).
   * True when it ran (the caller looks at the state again).
   */
  private async guardCheckpoint(): Promise<boolean> {
    const first = this.firstPlausibleAt;
    if (!this.guard || first === undefined || this.clean()) return false;
    // The few more candidates look for a patch that changes less than a first one that only fits
    // the tests; a first patch of a kind that fixed a like failure before is likelier right, and
    // when the guard sees it change nothing, the search ends without them.
    if (!this.checkpointDone && !this.rememberedKind && this.candidatesRun() - first < EXTRA_AFTER_PLAUSIBLE && this.remaining() >= 2 * GUARD_MIN_MS) return false;
    const unseen = rankPlausible(this.plausible, { late: this.latePlausible })
      .filter((candidate) => !this.guardAsked.has(candidate.id))
      .slice(0, GUARD_MAX_COMPARED);
    if (this.checkpointDone && unseen.length === 0) return false;
    this.checkpointDone = true;
    if (this.remaining() >= GUARD_MIN_MS) await this.measure(unseen);
    else this.guardNote = "too little of the time budget was left for the guard";
    return true;
  }

  /** One of the plausible patches behaves as the original on every input the guard derived. */
  private clean(): boolean {
    return this.plausible.some((candidate) => this.guardCounts.get(candidate.id) === 0);
  }

  /** Runs the guard on the candidates it has not been asked about yet and keeps their counts. */
  private async measure(candidates: readonly Candidate[]): Promise<void> {
    const fresh = candidates.filter((candidate) => !this.guardAsked.has(candidate.id));
    if (!this.guard || fresh.length === 0) return;
    for (const candidate of fresh) this.guardAsked.add(candidate.id);
    const counted = await this.guard.changes(fresh, this.sandbox, this.remaining());
    if (counted.status === "error") this.guardNote = `the guard's run failed: ${counted.reason}`;
    else for (const [id, count] of counted.changes) this.guardCounts.set(id, count);
  }

  /**
   * A one-edit candidate of the same kind as a remembered fix: on a like line (`sameKind`, see
   * `trusted`) or on any line (`kindAnywhere`, see `rememberedKind`).
   */
  private remembered(candidate: Candidate, how: "sameKind" | "kindAnywhere"): boolean {
    const match = this.matchers.get(candidate.file);
    return match !== undefined && candidate.mutations.length === 1 && match(candidate.mutations[0])[how];
  }

  /**
   * Candidates a runner may start after a plausible one in the same batch. With the guard and a
   * memory, none: whether the first plausible patch is trusted is known only once it is found,
   * and when it is not, the search's own limit (`extraAllowed`) runs the few more in the next
   * batch, as the runner would have.
   */
  private extraInBatch(): number {
    return this.guard && this.matchers.size > 0 ? 0 : EXTRA_AFTER_PLAUSIBLE;
  }

  /** Candidates the search may run past the first plausible patch: a few, and with the guard's checkpoint passed, more. */
  private extraAllowed(): number {
    return this.checkpointDone ? GUARD_EXTRA_CANDIDATES : EXTRA_AFTER_PLAUSIBLE;
  }

  /** The next batch's size: the candidate bound, and past a plausible patch what `extraAllowed` leaves. */
  private afterPlausibleLimit(): number {
    if (this.firstPlausibleAt === undefined) return this.batchLimit();
    return Math.max(0, Math.min(this.batchLimit(), this.firstPlausibleAt + this.extraAllowed() - this.candidatesRun()));
  }

  /** A plausible patch is in hand and, with the guard on, it has the alternatives it waits for. */
  private searchDone(): boolean {
    return this.plausible.length > 0 && !this.sameSpotRunning && (!this.guard || this.trusted || this.settled());
  }

  /**
   * A plausible patch is in hand and the search may end: at once without the guard or when the
   * first one is trusted from memory (see `trusted`); with the guard,
   * past its checkpoint, once a patch changes nothing it can see, after GUARD_EXTRA_CANDIDATES
   * more candidates or GUARD_MAX_PLAUSIBLE plausible patches, or when what is left of the time
   * is what the guard needs.
   */
  private settled(): boolean {
    if (this.firstPlausibleAt === undefined) return false;
    if (!this.guard || this.trusted) return true;
    if (!this.checkpointDone) return false;
    return (
      this.clean() ||
      this.plausible.length >= GUARD_MAX_PLAUSIBLE ||
      this.candidatesRun() - this.firstPlausibleAt >= GUARD_EXTRA_CANDIDATES ||
      this.remaining() < 2 * GUARD_MIN_MS
    );
  }

  private stopped(): boolean {
    return this.options.signal?.aborted === true || this.remaining() <= 0 || this.candidatesRun() >= this.maxCandidates;
  }
}

/** `work` over `items`, at most `jobs` at a time; results in the items' order. */
async function inTurns<T, R>(items: readonly T[], jobs: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(jobs, items.length) }, worker));
  return results;
}

/**
 * The ranking without the lines of the entry's functions the failing tests trust (they call
 * them to build inputs or check results, see `trustedHelperLines`), as long as some line is
 * left: a Python program only.
 */
function withoutTrustedHelpers(
  ranking: SuspiciousLine[],
  input: OfflineRepairInput,
  trees: ReadonlyMap<string, SyntaxTree>,
  failing: readonly string[],
): SuspiciousLine[] {
  const tree = trees.get(input.entry);
  if (input.language !== "python" || !tree) return ranking;
  const trusted = trustedHelperLines(tree, input.tests, failing);
  const kept = ranking.filter((line) => line.file !== input.entry || !trusted.has(line.line));
  return kept.some((line) => line.file === input.entry) ? kept : ranking;
}

/** The input with one program file's content replaced (a later round's base). */
function withFile(input: OfflineRepairInput, path: string, content: string): OfflineRepairInput {
  if (path === input.entry) return { ...input, code: content, check: undefined };
  const editable = (input.editable ?? []).map((file) => (file.path === path ? { ...file, content } : file));
  return { ...input, editable, check: undefined };
}

/**
 * The files' mutations in one order: each file's list keeps its own order (suspiciousness and
 * cost, remembered edits first), and the lists merge by the key of their next mutation, which
 * weighs every file's lines against the top score over all files.
 */
function mergeByKey(lists: Planned[][]): Planned[] {
  const merged: Planned[] = [];
  const next = lists.map(() => 0);
  const keyAt = (list: number) => {
    const planned = lists[list][next[list]];
    return planned.pool.keyOf(planned.mutation) ?? planned.mutation.cost;
  };
  for (;;) {
    let chosen = -1;
    for (let list = 0; list < lists.length; list++) {
      if (next[list] < lists[list].length && (chosen < 0 || keyAt(list) < keyAt(chosen))) chosen = list;
    }
    if (chosen < 0) return merged;
    merged.push(lists[chosen][next[chosen]++]);
  }
}

function passedBy(verdict: CandidateVerdict): number {
  return verdict.failingPassed + (verdict.restPassed ?? 0);
}

/** More of the failing tests pass, and every test that passed still does. */
function isPartialFix(verdict: CandidateVerdict): boolean {
  return !verdict.invalid && !verdict.timedOut && verdict.failingPassed > 0 && verdict.restPassed === verdict.restTotal;
}

function isPlausible(verdict: CandidateVerdict): boolean {
  return (
    !verdict.invalid &&
    !verdict.timedOut &&
    verdict.unknownFailed === 0 &&
    verdict.failingPassed === verdict.failingTotal &&
    verdict.restPassed === verdict.restTotal
  );
}
