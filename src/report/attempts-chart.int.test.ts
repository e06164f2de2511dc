import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, type OpenedBrowser, SCREENSHOTS } from "./__fixtures__/headless-chromium.js";
import { type AttemptPoint, attemptsChartSvg } from "./attempts-chart.js";
import { REPORT_CSS } from "./report-assets.js";

/*
 * The report's attempt charts as Chromium draws them at 1280 px: every label inside its
 * chart, and a failed test drawn as a failure, not as a full grey bar. Screenshots go to
 * the screenshots folder (`SCREENSHOTS`) for a person to look at.
 */

/** The few SVG DOM members read in the page (the project compiles without the DOM library). */
interface Box {
  x: number;
  width: number;
  height: number;
}
type Measured = { getBBox(): Box };
type WithViewBox = { viewBox: { baseVal: Box } };
type Window = { getComputedStyle(element: unknown): { fill: string } };

let browser: OpenedBrowser;

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  browser = await launchChromium();
}, 120_000);
afterAll(() => browser?.close());

/** Attempts as the loop records them: the draft, the offline engine's, no model tokens. */
const OFFLINE: AttemptPoint[] = [
  { n: 1, inputTokens: 0, outputTokens: 0, cumulativeCostUsd: 0, testsPassed: 0, testsTotal: 4, stage: "tests" },
  { n: 2, inputTokens: 0, outputTokens: 0, cumulativeCostUsd: 0, testsPassed: 2, testsTotal: 4, stage: "tests" },
  { n: 3, inputTokens: 0, outputTokens: 0, cumulativeCostUsd: 0, testsPassed: 4, testsTotal: 4, stage: "ok" },
];

async function drawn(points: AttemptPoint[], name: string) {
  const page = await browser.context.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.setContent(`<!doctype html><html><head><style>${REPORT_CSS}</style></head><body><main>${attemptsChartSvg(points)}</main></body></html>`);
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
  return page;
}

describe("attempt charts in Chromium", () => {
  it("keeps the no-tokens note inside its chart", async () => {
    const page = await drawn(OFFLINE, "charts-offline");
    const outside = await page.locator("#tokens-chart").evaluate((svg) => {
      const box = (svg as unknown as WithViewBox).viewBox.baseVal;
      return [...svg.querySelectorAll("text")]
        .map((text) => ({ text: text.textContent, box: (text as unknown as Measured).getBBox() }))
        .filter(({ box: b }) => b.x < box.x || b.x + b.width > box.x + box.width)
        .map(({ text }) => text);
    });
    expect(outside).toEqual([]);
    expect(await page.locator("#tokens-chart text").allTextContents()).toContainEqual(expect.stringMatching(/No model tokens/));
    await page.close();
  });

  it("draws 0 of 4 tests passing as 4 failed, labelled, not as a full grey bar", async () => {
    const page = await drawn(OFFLINE, "charts-tests");
    const bars = await page.locator("#tests-chart g.bar").evaluateAll((groups) =>
      groups.map((group) => ({
        label: group.querySelector("text.bar-label")?.textContent ?? null,
        failed: (group.querySelector("rect.tests-failed") as unknown as Measured | null)?.getBBox().height ?? 0,
        passed: (group.querySelector("rect.tests-passed, rect.tests-ok") as unknown as Measured | null)?.getBBox().height ?? 0,
        fills: [...group.querySelectorAll("rect")].map((rect) => (globalThis as unknown as Window).getComputedStyle(rect).fill),
      })),
    );
    expect(bars.map((bar) => bar.label)).toEqual(["0/4", "2/4", "4/4"]);
    // Attempt 1: all of its height is failure; attempt 3: all of it passed.
    expect(bars[0].passed).toBe(0);
    expect(bars[0].failed).toBeGreaterThan(0);
    expect(bars[2].failed).toBe(0);
    expect(bars[1].failed).toBeCloseTo(bars[1].passed, 0);
    // No grey in a bar: grey reads as "nothing happened".
    for (const bar of bars) expect(bar.fills).not.toContain("rgb(234, 238, 242)");
    await page.close();
  });
});
