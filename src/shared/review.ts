/** One finding of the code review that runs once after a run's code is verified. */
export interface ReviewFinding {
  severity: "high" | "medium" | "low";
  /** Line of the final code the finding is about, when the reviewer named one. */
  line?: number;
  text: string;
}

/** The SPEC `review` object of a run result. */
export interface Review {
  findings: ReviewFinding[];
  /** The review model that read the code, e.g. `openai:gpt-4o-mini`. */
  model: string;
  /** Why the review gave no findings it could use (a provider error, a reply that was not findings); the run is unaffected. */
  failed?: string;
  /** With `--review-fix`: what the one repair round for high-severity findings did. */
  fix?: { status: "applied" | "failed"; summary: string };
}
