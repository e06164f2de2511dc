// The offline repair engine on a held-out corpus (src/repair/__heldout__): one-line bugs of
// the QuixBugs benchmark (Lin et al. 2017), written after the engine and not used to tune it.
// Each case carries its reference fix and a second, larger hidden test suite the engine never
// sees. A test-passing patch ("plausible") counts as correct when it also passes the hidden
// suite, as overfitted when it does not. The reference fix is run through both suites first:
// a case whose reference fails them is reported as broken and left out of the figures.
// Options: `--filter TEXT`, `--budget MS` (time budget per bug), `--max-candidates N` (bound
// each bug by candidates run instead, for comparisons on a loaded machine), `--json FILE`.
import { join } from "node:path";
import { heldoutPinProblem } from "./heldout-pin.mjs";
import { judgeCorpus } from "./judge-corpus.mjs";
import { root } from "./repair-cases.mjs";

const pinProblem = heldoutPinProblem(join(root, "src/repair/__heldout__"));
if (pinProblem) {
  console.error(`bench:repair-heldout: ${pinProblem}`);
  process.exit(2);
}

await judgeCorpus({ name: "bench:repair-heldout", corpus: "src/repair/__heldout__", title: "held-out QuixBugs bugs" });
