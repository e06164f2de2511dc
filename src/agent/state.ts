import { Annotation } from "@langchain/langgraph";
import { boundaryNoteChannel } from "../boundary/boundary-note.js";
import type { Diagnosis } from "../diagnosis/diagnosis.js";
import type { AttemptFile } from "../runs/attempt-file.js";
import type { ProgramFiles } from "./program-files.js";
import type { AttemptSource, Strategy, TokenUsage } from "../shared/attempt.js";
import type { CheckResult, Stage } from "../shared/check-result.js";
import type { Review } from "../shared/review.js";
import type { RunReason, RunUsage } from "../shared/run-result.js";
import type { MutationScore } from "../repair/mutation-score.js";
import type { DroppedGeneratedTest, GeneratedSuite } from "../testgen/generated-suite.js";

/** Code produced by generate, repair or the offline engine, waiting to be validated. */
export interface Candidate {
  code: string;
  /** A multi-file program's files (the entry's content is `code`); absent when only the entry changed. */
  files?: ProgramFiles;
  source: AttemptSource;
  /** How it was produced: `draft`, `offline`, the model strategy in use, or `recheck` (the same code again, against more tests). */
  strategy: Strategy | "draft" | "offline" | "recheck";
  tokens?: TokenUsage;
  /** Time spent producing it (model calls, search). */
  produceMs: number;
  /**
   * The model exchange is kept in the run folder for the attempt this candidate becomes
   * (`RunFolder.writeExchange`), not carried in the checkpoints.
   */
  exchangeKept?: true;
  /** The model exchange itself, in checkpoints written before it was kept in the run folder (read on resume). */
  model?: AttemptFile["model"];
  offline?: AttemptFile["offline"];
  recalled?: AttemptFile["recalled"];
}

/** One of the two latest attempts, kept in full for the next prompt. */
export interface RecentAttempt {
  n: number;
  strategy: string;
  /**
   * Its code, kept once per checkpoint: absent on the latest attempt, whose code is the state's
   * `code` (`recentWithCode` fills it in). Checkpoints of earlier versions hold it on both.
   */
  code?: string;
  /**
   * What the prompts show of its diagnosis (the latest attempt's whole diagnosis is read off
   * its check); checkpoints of earlier versions hold the whole diagnosis here.
   */
  diagnosis: AttemptGist;
}

/** A recent attempt with its code, as the prompts show it. */
export type ShownAttempt = RecentAttempt & { code: string };

/** An attempt's failure in brief: its error type, where, and the one-line summary. */
export type AttemptGist = Pick<Diagnosis, "errorType" | "summary" | "location">;

/** A failure not to repeat: one per distinct error signature. */
export interface AvoidEntry {
  signature: string;
  /** The attempt that first failed this way. */
  n: number;
  line: string;
}

/**
 * The attempt give_up returns: verified, else most tests passed, then fewest layers failed.
 * Its code is referenced by the attempt's number (`bestProgram` reads it), not copied into
 * every checkpoint beside the same code in `code` or in the attempt's file.
 */
export interface BestAttempt {
  n: number;
  /** Its code, in checkpoints of earlier versions. */
  code?: string;
  /** A multi-file program's files, in checkpoints of earlier versions. */
  files?: ProgramFiles;
  /** Verified: every layer passed and at least one test ran. */
  passed: boolean;
  stage: Stage;
  testsPassed: number;
  /** Tests that ran on it (absent in checkpoints written before it was recorded). */
  testsRun?: number;
  layersFailed: number;
}

/**
 * What the prompts show of the attempts so far, bounded: the latest two in full, one line for
 * each older one, and a do-not-repeat list. One channel, as diagnosis writes all three together.
 */
export interface History {
  recent: RecentAttempt[];
  /** One line per attempt older than the recent two (bounded). */
  older: string[];
  /** Failures not to repeat (bounded, distinct signatures). */
  avoid: AvoidEntry[];
}

/** What the analysis of a runtime or test failure adds to its repair prompt (`analyzeFailure`). */
export interface Analysis {
  /** Plan-then-fix: the repair must state the root cause and a plan before the code. */
  plan: boolean;
  /** Observations from the history, e.g. that the last change left the failure as it was. */
  notes: string[];
  /** The most suspicious lines by fault localization, as `line N: <source>` (best first). */
  suspicious?: string[];
}

/**
 * A repair reply whose search/replace edits could not be applied (a search text not in the
 * file, or in several places; a file not in the program; a test file): not an attempt, since
 * no code ran. The next repair shows the model its reply and the reason.
 */
export interface EditFailure {
  reply: string;
  reason: string;
  /** Consecutive failed replies for the same attempt. */
  count: number;
}

/** The `--review-fix` round: the reviewed (verified) code it started from, and how it went. */
export interface ReviewFix {
  code: string;
  testsRun: number;
  /** `pending` while its candidate is being validated. */
  status: "pending" | "applied" | "failed";
  summary: string;
}

/**
 * Tests a model wrote from the requirement and the examples (never from a program): the kept
 * ones run with every validation, apart from the user's tests.
 */
export interface GeneratedTests {
  /** Only the kept tests; the preamble is what they share (imports, helpers). */
  suite: GeneratedSuite;
  dropped: DroppedGeneratedTest[];
  /** Requests for tests made so far: 1, or 2 after asking for more. */
  rounds: number;
  /**
   * Kept tests that failed on programs passing every other test: the keys of those programs
   * (distinct code). Two different programs make a dispute the test review settles.
   */
  disputes: Record<string, string[]>;
  /** Tests the test review judged right: the code must change, and they are not reviewed again. */
  upheld: string[];
}

/** The mutation score of the generated tests on a passing program, and after which round of tests it was measured. */
export type TestAdequacy = MutationScore & { rounds: number };

/** How the run ended; set by finish or give_up. */
export interface Outcome {
  code: string;
  /** A multi-file program's files. */
  files?: ProgramFiles;
  verified: boolean;
  /** The attempt the code comes from (0 when there was none). */
  n: number;
  /** Tests that ran on the code (absent in checkpoints written before it was recorded). */
  testsRun?: number;
}

const last = <T>(initial: () => T) => Annotation<T>({ reducer: (_, next) => next, default: initial });

const ZERO_USAGE: RunUsage = { modelCalls: 0, inputTokens: 0, outputTokens: 0, costUsd: 0, executions: 0 };

/** Usage is written as deltas by the nodes that spend; the reducer keeps the totals. */
function addUsage(total: RunUsage, delta: Partial<RunUsage>): RunUsage {
  return {
    modelCalls: total.modelCalls + (delta.modelCalls ?? 0),
    inputTokens: total.inputTokens + (delta.inputTokens ?? 0),
    outputTokens: total.outputTokens + (delta.outputTokens ?? 0),
    costUsd: total.costUsd + (delta.costUsd ?? 0),
    executions: total.executions + (delta.executions ?? 0),
  };
}

/**
 * The checkpointed hot state. The task and options are not here (they are fixed per run
 * and live in the run folder), nor is the attempt history (one file per attempt): only
 * bounded summaries are, so every checkpoint has about the same size whatever the number
 * of attempts.
 */
export const AgentState = Annotation.Root({
  candidate: last<Candidate | null>(() => null),
  /** The last validated code and its validation. */
  code: last<string | null>(() => null),
  /** A multi-file program's last validated files, path -> content (the entry's is `code`); null for one file. */
  files: last<ProgramFiles | null>(() => null),
  check: last<CheckResult | null>(() => null),
  analysis: last<Analysis | null>(() => null),
  /** The last repair reply's edits that did not apply, for the next repair; null once a reply yields code. */
  editFailure: last<EditFailure | null>(() => null),
  attempts: last<number>(() => 0),
  /** Lint findings of the draft, passed to later validations so repairs are not blamed for them. */
  baselineLint: last<string[] | null>(() => null),
  usage: Annotation<RunUsage, Partial<RunUsage>>({ reducer: addUsage, default: () => ({ ...ZERO_USAGE }) }),
  strategy: last<Strategy>(() => "generate"),
  /** Failed model attempts under the current strategy; two switch it. */
  strategyFailures: last<number>(() => 0),
  /** Consecutive failed model attempts, which raise the sampling temperature. */
  modelFailures: last<number>(() => 0),
  /** Consecutive attempts that failed on syntax. */
  syntaxStreak: last<number>(() => 0),
  /** Hash of the code the offline engine last searched from, so it never searches twice. */
  offlineTriedOn: last<string | null>(() => null),
  /**
   * The offline engine's last search ran out of time before it ran any candidate: its reason
   * (the tests' first run took the budget), so the stop message can say so and give it more time.
   */
  offlineOutOfTime: last<string | null>(() => null),
  /** Null until the first diagnosis (`historyOf` reads it, and the channels of earlier versions). */
  history: last<History | null>(() => null),
  // The history as checkpoints of earlier versions hold it, in three channels: read on resume
  // (`historyOf`), never written. Without a default they are absent from new checkpoints.
  recent: Annotation<RecentAttempt[] | undefined>(),
  older: Annotation<string[] | undefined>(),
  avoid: Annotation<AvoidEntry[] | undefined>(),
  best: last<BestAttempt | null>(() => null),
  status: last<"running" | "passed" | "failed">(() => "running"),
  /** Set by a node that decides the run must stop (no model, provider error, rejection). */
  reason: last<RunReason | null>(() => null),
  message: last<string | null>(() => null),
  outcome: last<Outcome | null>(() => null),
  generatedTests: last<GeneratedTests | null>(() => null),
  testAdequacy: last<TestAdequacy | null>(() => null),
  /** The code review after success (set once; never looped on). */
  codeReview: last<Review | null>(() => null),
  reviewFix: last<ReviewFix | null>(() => null),
  /** Written by the error boundary when it intervenes (a stuck loop): switch strategy. */
  boundaryNote: boundaryNoteChannel(),
  /** The step of the boundary note the loop has acted on, so each note acts once. */
  noteHandled: last<number | null>(() => null),
});

export type AgentStateValue = typeof AgentState.State;
export type AgentUpdate = typeof AgentState.Update;
