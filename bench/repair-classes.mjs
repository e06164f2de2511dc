// The offline engine on the bug classes one-token edits miss (src/repair/__classes__): a missing
// base case (guard), a wrong variable inside an expression, a missing statement that mirrors a
// sibling one, an expression that needs widening (slice, power), swapped arguments or sides, and
// bugs that need two edits; in Python and JavaScript, written as people write such code, each
// with a reference fix and hidden tests the engine never sees. Prints fixed (plausible), correct
// (hidden tests pass), same as the reference, and time, overall, per language and per class.
// Options as bench:repair-heldout: `--filter TEXT`, `--budget MS`, `--max-candidates N`, `--json FILE`.
import { judgeCorpus } from "./judge-corpus.mjs";

await judgeCorpus({ name: "bench:repair-classes", corpus: "src/repair/__classes__", title: "bugs of the classes one-token edits miss", byClass: true });
