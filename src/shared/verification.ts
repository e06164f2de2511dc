/** What verified a run's code: the user's tests, examples from the requirement or docstrings, generated tests, or nothing. */
export type VerificationSource = "tests" | "examples" | "generated" | "none";

/** A generated test that was not used, and why. */
export interface DroppedTest {
  name: string;
  why: string;
}

/** The SPEC `verification` object of run and check results. */
export interface Verification {
  /** The strongest source of tests the run had: the user's tests, then examples, then generated tests. */
  by: VerificationSource;
  /** Tests that ran on the returned code. */
  testsRun: number;
  /** The tests a model wrote from the requirement and examples, when it was asked for some. */
  generated?: GeneratedVerification;
}

/** What became of the generated tests: how many were used, which were dropped and why, and how much they check. */
export interface GeneratedVerification {
  kept: number;
  dropped: DroppedTest[];
  /** The share of mutants of the first passing program the kept tests told apart from it (a lower bound). */
  mutation?: { mutants: number; killed: number; score: number };
}
