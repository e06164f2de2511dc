import { cpSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, type OpenedBrowser, SCREENSHOTS } from "./__fixtures__/headless-chromium.js";
import { writeRunReport } from "./write-run-report.js";

/*
 * The loop's graph in a recorded run's report, as Chromium draws it at 1280 px: the routes the
 * run took stand out, and the many routes it did not take recede instead of crossing the
 * picture as dashed lines. A screenshot goes to `graph-recorded.png` in the screenshots folder.
 */

// Recorded from a real run that gave up after 3 attempts (see __fixtures__/runs/README.md).
const RECORDED = fileURLToPath(new URL("./__fixtures__/runs/20261130-004226-6cf3d3", import.meta.url));
let browser: OpenedBrowser;
let dir: string;

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  dir = mkdtempSync(join(tmpdir(), "mend-graph-"));
  cpSync(RECORDED, join(dir, "run"), { recursive: true });
  browser = await launchChromium();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("the loop graph in Chromium", () => {
  it("draws the routes taken bold and the others faint and solid, not as a tangle of dashes", async () => {
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(pathToFileURL(await writeRunReport(join(dir, "run"))).href);
    await page.locator("#graph").screenshot({ path: join(SCREENSHOTS, "graph-recorded.png") });
    type Styled = { dash: string; opacity: number; width: number };
    const styles = (selector: string) =>
      page.locator(selector).evaluateAll((paths) =>
        paths.map((path): Styled => {
          const style = (globalThis as unknown as { getComputedStyle(element: unknown): Record<string, string> }).getComputedStyle(path);
          return { dash: style.strokeDasharray, opacity: Number(style.strokeOpacity), width: Number.parseFloat(style.strokeWidth) };
        }),
      );
    const taken = await styles("#graph-diagram path.edge.taken");
    const untaken = await styles("#graph-diagram path.edge:not(.taken)");
    expect(taken.length).toBeGreaterThan(0);
    expect(untaken.length).toBeGreaterThan(taken.length);
    for (const edge of untaken) {
      expect(edge.dash).toBe("none");
      expect(edge.opacity).toBeLessThanOrEqual(0.5);
    }
    for (const edge of taken) expect(edge.width).toBeGreaterThan(Math.max(...untaken.map((e) => e.width)));
    await page.close();
  });
});
