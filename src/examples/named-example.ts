import type { Example } from "./example.js";

/** An example with the name its test runs under (the runner's own id: pytest node id, node:test name). */
export interface NamedExample extends Example {
  name: string;
}
