import type { Language } from "../shared/language.js";
import type { Sandbox } from "../shared/sandbox.js";
import type { ProjectContext, SourceFile } from "../shared/task.js";
import { deriveInputs, testCalls, topLevelClasses, topLevelFunctions, type DerivedInput } from "./derive-inputs.js";
import { runDifferential } from "./differential-run.js";
import type { LiteralLanguage } from "./literal-value.js";
import { testScenarios } from "./test-scenarios.js";

export interface GuardInput {
  language: Language;
  entry: string;
  code: string;
  tests: readonly SourceFile[];
  support?: readonly SourceFile[];
  project?: ProjectContext;
}

export type GuardCreation = { status: "ready"; guard: OverfittingGuard } | { status: "none"; reason: string };
export type GuardCounts = { status: "ok"; changes: Map<number, number> } | { status: "error"; reason: string };

const SLOW = "!slow";
/** The original program's id in a differential run: candidates' ids are never negative. */
const ORIGINAL_ID = -1;

/**
 * The overfitting guard: a plausible candidate passes every test, but so may a patch that only
 * fits them. Near the passing tests' own inputs (their arguments, and those a number ±1 or a
 * collection emptied or cut to one element away), where no failing test asks for a change, a
 * correct fix usually behaves as the original did; this counts, per candidate, the inputs
 * there on which it does not. Built from the tests' literal call arguments (tree-sitter), so it
 * only exists when the tests call the program's functions with literals, or build an object of
 * its classes with literals and call its methods with literals (the sequence of calls is then
 * one input, see `testScenarios`), in Python or JavaScript, outside a project (whose files the
 * run would have to lay out).
 */
export class OverfittingGuard {
  private constructor(
    private readonly input: GuardInput,
    private readonly language: LiteralLanguage,
    /** The inputs derived from the tests, for the record. */
    readonly inputs: readonly DerivedInput[],
  ) {}

  /** The guard for a program and its tests, or why there is none (said in the repair's result). */
  static async create(input: GuardInput, failing: readonly string[], passing: readonly string[]): Promise<GuardCreation> {
    const language = literalLanguageOf(input);
    if (!language) return { status: "none", reason: "the guard reads Python and JavaScript programs only" };
    if (input.project) return { status: "none", reason: "the guard does not lay out a project's files" };
    if (passing.length === 0) return { status: "none", reason: "no test passed before the fix" };
    const functions = await topLevelFunctions(language, input.code);
    const classes = await topLevelClasses(language, input.code);
    if (functions.length === 0 && classes.length === 0) return { status: "none", reason: "the program has no top-level function or class" };
    const calls = [...(await testCalls(language, input.tests, functions)), ...(await testScenarios(language, input.tests, classes))];
    const inputs = deriveInputs(calls, failing, passing, language);
    if (inputs.length === 0) return { status: "none", reason: "no passing test calls the program's functions or builds its objects with literal arguments" };
    return { status: "ready", guard: new OverfittingGuard(input, language, inputs) };
  }

  /**
   * Per candidate id, the derived inputs on which it behaves unlike the original program; an
   * error when the run failed or ran out of time before the original was measured.
   */
  async changes(candidates: readonly { id: number; code: string }[], sandbox: Sandbox, wallLimitMs: number): Promise<GuardCounts> {
    const versions = [{ id: ORIGINAL_ID, code: this.input.code }, ...candidates.map(({ id, code }) => ({ id, code }))];
    const run = await runDifferential({ ...this.input, language: this.language, sandbox }, versions, this.inputs, wallLimitMs);
    if (run.status !== "ok") return run;
    const original = run.outcomes.get(ORIGINAL_ID);
    if (!original) return { status: "error", reason: "the differential run stopped before the original program was measured" };
    const changes = new Map<number, number>();
    for (const candidate of candidates) {
      const outcomes = run.outcomes.get(candidate.id);
      if (outcomes) changes.set(candidate.id, outcomes.filter((outcome, index) => differs(outcome, original[index])).length);
    }
    return { status: "ok", changes };
  }
}

function literalLanguageOf(input: GuardInput): LiteralLanguage | undefined {
  if (input.language === "python") return "python";
  return input.language === "javascript" && /\.[cm]?js$/.test(input.entry) ? "javascript" : undefined;
}

/** A call or version stopped by the wall clock without using its CPU time ("slow") says nothing either way. */
function differs(a: string, b: string | undefined): boolean {
  return a !== b && a !== SLOW && b !== SLOW;
}
