/** One test a model wrote: its function (or test class) as source, under the name the test runner reports. */
export interface GeneratedTest {
  /** The runner's name for it: the pytest function name (`test_empty_list`), or the class name for a test class. */
  name: string;
  source: string;
}

/** A model's test file taken apart: what every test needs (imports, helpers), and the tests one by one. */
export interface GeneratedSuite {
  preamble: string;
  tests: GeneratedTest[];
}

/** A generated test that was not used, and why (the SPEC `verification.generated.dropped` entry). */
export interface DroppedGeneratedTest {
  name: string;
  why: string;
}
