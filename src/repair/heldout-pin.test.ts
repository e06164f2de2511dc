import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { heldoutPinProblem, hiddenTestsDigest, PIN_FILE } from "../../bench/heldout-pin.mjs";

const corpus = fileURLToPath(new URL("./__heldout__", import.meta.url));

describe("the held-out corpus's hidden tests", () => {
  let copy: string | undefined;
  afterEach(() => {
    if (copy) rmSync(copy, { recursive: true, force: true });
    copy = undefined;
  });

  it("match the recorded digest (a change needs a new digest and a note in the corpus's README)", () => {
    expect(heldoutPinProblem(corpus)).toBeUndefined();
    const digest = readFileSync(join(corpus, PIN_FILE), "utf8").trim();
    expect(readFileSync(join(corpus, "README.md"), "utf8")).toContain(digest.slice(0, 12));
  });

  it("are caught when one is loosened, and only the hidden suites count", () => {
    copy = mkdtempSync(join(tmpdir(), "mend-heldout-"));
    cpSync(corpus, copy, { recursive: true });
    const visible = join(copy, "python/detect_cycle/test_detect_cycle.py");
    writeFileSync(visible, `${readFileSync(visible, "utf8")}\n# a comment\n`);
    expect(heldoutPinProblem(copy)).toBeUndefined();

    const hidden = join(copy, "python/detect_cycle/hidden_test_detect_cycle.py");
    writeFileSync(hidden, readFileSync(hidden, "utf8").replace("assert bool(detect_cycle(nodes[0])) == cyclic", "assert True"));
    const problem = heldoutPinProblem(copy);
    expect(problem).toMatch(/hidden test suites changed \(digest [0-9a-f]{64}, recorded [0-9a-f]{64}\).*new digest.*README/);
    expect(problem).toContain(hiddenTestsDigest(copy));
  });
});
