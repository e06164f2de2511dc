import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunResult } from "../../shared/run-result.js";
import { startScriptedServer } from "../../testkit/index.js";
import { runMend } from "./__fixtures__/spawn-mend.js";

// Real pytest runs in the sandbox for each attempt, on a loaded two-core machine.
const SLOW = { timeout: 240_000 };
const FIXTURES = join(import.meta.dirname, "..", "..", "agent", "__fixtures__");
const FIXTURE = join(FIXTURES, "invoicing-project");

let base: string;
beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), "mend-model-edits-"));
});
afterAll(() => rmSync(base, { recursive: true, force: true }));

/** A copy of a fixture project as a git clone. */
function project(fixture: string, name: string): string {
  const root = join(base, name);
  cpSync(join(FIXTURES, fixture), root, { recursive: true });
  mkdirSync(join(root, ".git"));
  return root;
}

const BUGGY = "            taxable = line.gross - self._discount_share(line)";
const FIXED = "            taxable = line.net - self._discount_share(line)";

/** A model misremembering the line (a name that is not in the file), as models do when quoting from memory. */
const WRONG_QUOTE = [
  "The tax base ignores the line discount: `tax_lines` starts from the gross amount.",
  "",
  "invoicing/invoice.py",
  "```python",
  "<<<<<<< SEARCH",
  "            taxable = line.gross - self.discount_share(line)",
  "=======",
  "            taxable = line.net - self.discount_share(line)",
  ">>>>>>> REPLACE",
  "```",
].join("\n");

/** The same fix quoting the file exactly, with the path in bold as some models write it. */
const RIGHT_QUOTE = [
  "You are right, the helper is `_discount_share`. The corrected edit:",
  "",
  "**invoicing/invoice.py**",
  "```python",
  "<<<<<<< SEARCH",
  "            rate = table.rate_for(line.category)",
  "            if rate is None:",
  "                continue",
  BUGGY,
  "=======",
  "            rate = table.rate_for(line.category)",
  "            if rate is None:",
  "                continue",
  FIXED,
  ">>>>>>> REPLACE",
  "```",
  "",
  "Tax is now computed on each line's net amount, so line discounts lower the tax base.",
].join("\n");

describe("the model fixes a large module of a package with search/replace edits", () => {
  it("asks for edits, sends a search text not in the file back with the reason, applies the right one and verifies the run", SLOW, async () => {
    // The bug in a 236-line module, the tests reaching it through the package.
    const root = project("invoicing-project", "python");
    const original = readFileSync(join(root, "invoicing/invoice.py"), "utf8");
    const server = await startScriptedServer([{ reply: WRONG_QUOTE }, { reply: RIGHT_QUOTE }]);
    const runs = join(base, "runs");
    try {
      const args = ["repair", "invoicing/invoice.py", "invoicing", "--tests", "tests", "--json", "--no-offline-repair", "--no-review"];
      const result = await runMend([...args, "--model", "openai:scripted", "--base-url", server.url, "--runs-dir", runs], {
        cwd: root,
        env: { OPENAI_API_KEY: "test-key" },
      });
      const run = JSON.parse(result.stdout) as RunResult;
      expect(result.code, result.stderr).toBe(0);
      expect(run.verified).toBe(true);
      // The draft, then the one fix that applied: the reply whose edit did not apply is no attempt.
      expect(run.attempts.map((attempt) => attempt.source)).toEqual(["draft", "model"]);
      // Both model calls are spent, though only one made an attempt.
      expect(run.usage.modelCalls).toBe(2);
      expect(run.files?.["invoicing/invoice.py"]).toBe(original.replace(BUGGY, FIXED));
      expect(run.files?.["invoicing/money.py"]).toBe(readFileSync(join(FIXTURE, "invoicing/money.py"), "utf8"));

      expect(server.requests).toHaveLength(2);
      const [first, second] = server.requests.map((request) => request.messages);
      const prompt = first.map((message) => message.content).join("\n");
      // The failing file whole, as it is on disk.
      expect(prompt).toContain(original.trimEnd());
      // Another file by its signatures only: the class and method lines with their docstring's first line, no bodies.
      expect(prompt).toContain("### invoicing/money.py (imported by the failing file; signatures only)");
      expect(prompt).toContain('    def percent(self, rate: Number) -> "Money":\n        """``rate`` percent of this amount, rounded half-even as tax authorities do."""\n        ...');
      expect(prompt).not.toContain("divmod(units, parts)");
      expect(prompt).not.toContain("Floating point cannot represent most cent values exactly");
      expect(prompt).toContain("<<<<<<< SEARCH");
      expect(first[0].content).toMatch(/search\/replace edit blocks/);

      // The second request carries the failed reply and why it did not apply.
      expect(second.map((message) => message.role)).toEqual(["system", "user", "assistant", "user"]);
      expect(second[2].content).toBe(WRONG_QUOTE);
      expect(second[3].content).toMatch(/^Your edits could not be applied: the edit block \(`invoicing\/invoice\.py`\): its SEARCH part is not in the file/);

      // The reply's edit is what the attempt file records as the source of the code.
      const [runDir] = readdirSync(runs);
      const attempt = JSON.parse(readFileSync(join(runs, runDir, "attempts", "002.json"), "utf8")) as { model?: { extraction: string } };
      expect(attempt.model?.extraction).toBe("edit blocks (1 in invoicing/invoice.py)");
    } finally {
      await server.close();
    }
  });
});

/** A model that would rather change the test than the rounding. */
const EDITS_THE_TEST = [
  "The test expects 3 kg for 2.1 kg, but the function rounds down by design. Adjusting the test:",
  "",
  "test/shipping.test.js",
  "```javascript",
  "<<<<<<< SEARCH",
  "  assert.equal(billableKg(box(2100)), 3);",
  "=======",
  "  assert.equal(billableKg(box(2100)), 2);",
  ">>>>>>> REPLACE",
  "```",
].join("\n");

/** The right fix, from a client that sends Windows line ends, quoting the lines four spaces deep where the file has two. */
const ROUNDS_UP = [
  "Carriers bill started kilograms, so round up:",
  "",
  "### `src/shipping.js`",
  "```js",
  "<<<<<<< SEARCH",
  "    const grams = Math.max(parcel.grams, parcel.volumetricGrams);",
  "    return Math.max(1, Math.floor(grams / 1000));",
  "=======",
  "    const grams = Math.max(parcel.grams, parcel.volumetricGrams);",
  "    return Math.max(1, Math.ceil(grams / 1000));",
  ">>>>>>> REPLACE",
  "```",
].join("\r\n");

describe("the model fixes a large JavaScript module with search/replace edits", () => {
  it("refuses a block on the test file with the reason, then applies a drifted, CRLF block to the module and verifies the run", SLOW, async () => {
    const root = project("shipping-project", "javascript");
    const original = readFileSync(join(root, "src/shipping.js"), "utf8");
    const server = await startScriptedServer([{ reply: EDITS_THE_TEST }, { reply: ROUNDS_UP }]);
    try {
      const args = ["repair", "src/shipping.js", "src", "--tests", "test/shipping.test.js", "--json", "--no-offline-repair", "--no-review"];
      const result = await runMend([...args, "--model", "openai:scripted", "--base-url", server.url, "--runs-dir", join(base, "runs")], {
        cwd: root,
        env: { OPENAI_API_KEY: "test-key" },
      });
      const run = JSON.parse(result.stdout) as RunResult;
      expect(result.code, result.stderr).toBe(0);
      expect(run.verified).toBe(true);
      expect(run.attempts.map((attempt) => attempt.source)).toEqual(["draft", "model"]);
      expect(run.code).toBe(original.replace("Math.max(1, Math.floor(grams / 1000))", "Math.max(1, Math.ceil(grams / 1000))"));
      expect(readFileSync(join(root, "test/shipping.test.js"), "utf8")).toContain("assert.equal(billableKg(box(2100)), 3);");

      const [first, second] = server.requests.map((request) => request.messages);
      const prompt = first.map((message) => message.content).join("\n");
      expect(prompt).toContain(original.trimEnd());
      // A small program: the module's imports are shown whole.
      expect(prompt).toContain(`### src/zones.js (imported by the failing file; whole)\n\`\`\`javascript\n${readFileSync(join(root, "src/zones.js"), "utf8").trimEnd()}\n\`\`\``);
      expect(prompt).toContain("### src/units.js (imported by the failing file; whole)");
      expect(second[3].content).toMatch(/^Your edits could not be applied: the edit block edits the test file `test\/shipping\.test\.js`: tests are never edited/);
    } finally {
      await server.close();
    }
  });
});
