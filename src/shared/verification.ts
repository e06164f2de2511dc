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
  generated?: { kept: number; dropped: DroppedTest[] };
}
