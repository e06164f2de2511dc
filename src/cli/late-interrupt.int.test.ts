import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawnMend } from "./commands/__fixtures__/spawn-mend.js";

/*
 * A Ctrl-C that comes after the run printed its verified result (while the report is written
 * and the sandbox closed) does not turn a verified run into a silent exit 130: the result
 * stands, and one line says what the interrupt stopped.
 */

const EXAMPLE = fileURLToPath(new URL("../../examples/median", import.meta.url));
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "mend-cli-late-sigint-"));
  cpSync(EXAMPLE, join(dir, "median"), { recursive: true });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("Ctrl-C after a verified result", () => {
  it("pressed once the verdict is shown, keeps exit 0 and says the run had already finished", { timeout: 180_000 }, async () => {
    const { child, exit } = spawnMend(["run", "median", "--runs-dir", "runs"], { cwd: dir });
    let stderr = "";
    let sent = false;
    child.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
      // The moment the line is on screen, as a person reading it would press Ctrl-C.
      if (!sent && /passed on attempt \d+, verified by /.test(stderr)) sent = child.kill("SIGINT");
    });
    const result = await exit;
    expect(sent, stderr).toBe(true);
    expect(result.signal).toBeNull();
    expect(result.code, stderr).toBe(0);
    expect(result.stdout).toMatch(/def median/);
    expect(stderr).toMatch(/^mend: Ctrl-C after the run had finished: the verified result above stands/m);
    // Not the in-run message, which invites a second Ctrl-C that used to end in a silent exit 130.
    expect(stderr).not.toMatch(/interrupting at the next step/);
  });
});
