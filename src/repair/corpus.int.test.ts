import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, expect, it } from "vitest";
import { createSandbox } from "../sandbox/create-sandbox.js";
import { repairOffline } from "./repair-offline.js";

/**
 * Fix-rate floor for one-location bugs of the dev corpus. `npm run bench:repair` measured
 * 73/73 on a quiet machine and 68/73 (93%) on one loaded by other test runs (fewer
 * candidates fit in the same time budget); the floor sits below both, so that a busy
 * machine does not fail the suite, and near the 75% target.
 */
const ONE_LOCATION_FLOOR = 0.7;
/** Every SAMPLE_STEP-th case, so the suite stays fast; the bench runs them all. */
const SAMPLE_STEP = 5;

const corpus = fileURLToPath(new URL("./__corpus__", import.meta.url));
const cases = readdirSync(corpus)
  .sort()
  .flatMap((language) => readdirSync(join(corpus, language)).sort().map((name) => join(corpus, language, name)))
  .filter((_, index) => index % SAMPLE_STEP === 0);

const sandbox = createSandbox({ onWarning: () => {} });
afterAll(() => sandbox.close());

it(`fixes at least ${ONE_LOCATION_FLOOR * 100}% of a sample of one-location corpus bugs`, { timeout: 600_000 }, async () => {
  const outcomes: { dir: string; fixed: boolean; oneLocation: boolean }[] = [];
  for (const dir of cases) {
    const spec = JSON.parse(readFileSync(join(dir, "case.json"), "utf8")) as { program: string; tests: string; lang: "python" | "javascript"; edits: number };
    const read = (path: string) => ({ path, content: readFileSync(join(dir, path), "utf8") });
    const result = await repairOffline(
      { language: spec.lang, entry: spec.program, code: read(spec.program).content, tests: [read(spec.tests)] },
      { sandbox },
    );
    if (result.status === "fixed") expect(result.testsPassed).toBe(result.testsTotal);
    outcomes.push({ dir, fixed: result.status === "fixed", oneLocation: spec.edits === 1 });
  }
  const oneLocation = outcomes.filter((outcome) => outcome.oneLocation);
  const rate = oneLocation.filter((outcome) => outcome.fixed).length / oneLocation.length;
  expect(oneLocation.length).toBeGreaterThan(10);
  expect(rate, `not fixed: ${outcomes.filter((o) => !o.fixed).map((o) => o.dir).join(", ")}`).toBeGreaterThanOrEqual(ONE_LOCATION_FLOOR);
});
