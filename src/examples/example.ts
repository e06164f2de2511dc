/** Where an example was found: the draft's docstrings or JSDoc comments, or the requirement (the task's prompt). */
export type ExampleOrigin = "docstring" | "requirement";

/** What an example says its code gives. */
export type ExpectedOutcome =
  /** The value of the expression, written as source text of the task's language (or Python's repr of it). */
  | { kind: "value"; text: string }
  /** What the code prints (a doctest whose code is a statement, such as `print(...)` or a loop). */
  | { kind: "output"; text: string }
  /** The exception the code raises, by class name. */
  | { kind: "raises"; error: string };

/** One worked example of the requirement, to be run as a test. */
export interface Example {
  origin: ExampleOrigin;
  /** The file the example is written in: the draft's file name, or `requirement`. */
  file: string;
  /** 1-based line of the example in that file. */
  line: number;
  /** Statements run first, in order (earlier doctest lines of the same docstring with no output). */
  setup: string[];
  /** The code of the example: one expression, or (for printed output) statements, one per line. */
  code: string;
  expected: ExpectedOutcome;
}
