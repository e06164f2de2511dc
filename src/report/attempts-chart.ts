import { escapeHtml } from "./escape-html.js";

/** One attempt's figures for the chart. */
export interface AttemptPoint {
  n: number;
  inputTokens: number;
  outputTokens: number;
  /** Money spent by the run up to and including this attempt. */
  cumulativeCostUsd: number;
  /** Undefined when the attempt never reached the tests. */
  testsPassed?: number;
  testsTotal?: number;
  stage: string;
}

const WIDTH = 360;
const HEIGHT = 220;
const PAD = { top: 38, right: 52, bottom: 34, left: 48 };

/**
 * Two small inline SVG charts over attempts: tokens per attempt (input and output stacked)
 * with the run's cumulative cost as a line, and tests passed out of the total. Drawn here
 * (no chart library) because the report must render with no network and no script.
 */
export function attemptsChartSvg(points: readonly AttemptPoint[]): string {
  if (points.length === 0) return `<p class="muted">No attempt was validated, so there is nothing to chart.</p>`;
  return `<div class="charts">${tokensChart(points)}${testsChart(points)}</div>`;
}

function tokensChart(points: readonly AttemptPoint[]): string {
  if (points.every((p) => p.inputTokens + p.outputTokens === 0)) {
    // Two short lines: one line of this length runs past the chart's edges.
    const note =
      `<text class="chart-title" x="${PAD.left}" y="16">Tokens per attempt</text>` +
      `<text class="axis-label" x="${WIDTH / 2}" y="${HEIGHT / 2 - 6}" text-anchor="middle">No model tokens: every attempt came</text>` +
      `<text class="axis-label" x="${WIDTH / 2}" y="${HEIGHT / 2 + 8}" text-anchor="middle">from the draft or the offline engine.</text>`;
    return svg("tokens-chart", "No model tokens were used", note);
  }
  const maxTokens = niceCeiling(Math.max(...points.map((p) => p.inputTokens + p.outputTokens)));
  const maxCost = Math.max(...points.map((p) => p.cumulativeCostUsd));
  const plot = plotArea(points.length);
  const y = (value: number) => plot.bottom - (value / maxTokens) * plot.height;
  const parts: string[] = [axes(plot, maxTokens, (v) => compact(v)), xLabels(points, plot)];
  points.forEach((p, i) => {
    const x = plot.barX(i);
    const total = p.inputTokens + p.outputTokens;
    const title = `<title>attempt ${p.n}: ${p.inputTokens} input + ${p.outputTokens} output tokens</title>`;
    parts.push(
      `<g class="bar" data-attempt="${p.n}">${title}` +
        `<rect class="tok-in" x="${x}" y="${y(p.inputTokens)}" width="${plot.barWidth}" height="${plot.bottom - y(p.inputTokens)}"/>` +
        `<rect class="tok-out" x="${x}" y="${y(total)}" width="${plot.barWidth}" height="${y(p.inputTokens) - y(total)}"/></g>`,
    );
  });
  if (maxCost > 0) {
    const costCeiling = niceCeiling(maxCost);
    const cy = (value: number) => plot.bottom - (value / costCeiling) * plot.height;
    const path = points.map((p, i) => `${i === 0 ? "M" : "L"}${plot.barX(i) + plot.barWidth / 2},${cy(p.cumulativeCostUsd)}`).join(" ");
    parts.push(`<path class="cost-line" d="${path}"/>`);
    points.forEach((p, i) =>
      parts.push(
        `<circle class="cost-dot" cx="${plot.barX(i) + plot.barWidth / 2}" cy="${cy(p.cumulativeCostUsd)}" r="3"><title>$${p.cumulativeCostUsd.toFixed(4)} spent after attempt ${p.n}</title></circle>`,
      ),
    );
    parts.push(
      `<text class="axis-label" x="${WIDTH - 4}" y="${plot.top - 6}" text-anchor="end">$${costCeiling.toPrecision(2)}</text>`,
    );
  }
  const legend = `<text class="chart-title" x="${PAD.left}" y="16">Tokens per attempt${maxCost > 0 ? " · cumulative cost" : ""}</text>`;
  return svg("tokens-chart", "Tokens and cost per attempt", legend + parts.join(""));
}

function testsChart(points: readonly AttemptPoint[]): string {
  const maxTests = Math.max(1, ...points.map((p) => p.testsTotal ?? 0));
  const plot = plotArea(points.length);
  const y = (value: number) => plot.bottom - (value / maxTests) * plot.height;
  const parts: string[] = [axes(plot, maxTests, (v) => String(Math.round(v * 10) / 10)), xLabels(points, plot)];
  points.forEach((p, i) => {
    const x = plot.barX(i);
    if (p.testsTotal === undefined) {
      parts.push(
        `<text class="stage-label" x="${x + plot.barWidth / 2}" y="${plot.bottom - 6}" text-anchor="middle"><title>attempt ${p.n} stopped at ${escapeHtml(p.stage)}</title>${escapeHtml(p.stage)}</text>`,
      );
      return;
    }
    const passed = p.testsPassed ?? 0;
    const kind = p.stage === "ok" ? "tests-ok" : "tests-passed";
    // Passed tests from the bottom, failed ones stacked on top in red, and the count above:
    // a grey bar for the total read as "nothing happened" when no test passed.
    parts.push(
      `<g class="bar" data-attempt="${p.n}"><title>attempt ${p.n}: ${passed} of ${p.testsTotal} tests passed</title>` +
        `<rect class="${kind}" x="${x}" y="${y(passed)}" width="${plot.barWidth}" height="${round(plot.bottom - y(passed))}"/>` +
        `<rect class="tests-failed" x="${x}" y="${y(p.testsTotal)}" width="${plot.barWidth}" height="${round(y(passed) - y(p.testsTotal))}"/>` +
        `<text class="bar-label" x="${round(x + plot.barWidth / 2)}" y="${round(y(p.testsTotal) - 4)}" text-anchor="middle">${passed}/${p.testsTotal}</text></g>`,
    );
  });
  const legend = `<text class="chart-title" x="${PAD.left}" y="16">Tests passed per attempt</text>`;
  return svg("tests-chart", "Tests passed per attempt", legend + parts.join(""));
}

interface Plot {
  top: number;
  bottom: number;
  left: number;
  right: number;
  height: number;
  barWidth: number;
  barX(index: number): number;
}

function plotArea(count: number): Plot {
  const left = PAD.left;
  const right = WIDTH - PAD.right;
  const slot = (right - left) / count;
  const barWidth = Math.max(4, Math.min(36, slot * 0.6));
  return {
    top: PAD.top,
    bottom: HEIGHT - PAD.bottom,
    left,
    right,
    height: HEIGHT - PAD.bottom - PAD.top,
    barWidth,
    barX: (index) => round(left + slot * index + (slot - barWidth) / 2),
  };
}

function axes(plot: Plot, max: number, label: (value: number) => string): string {
  const ticks = [0, 0.5, 1].map((fraction) => {
    const y = round(plot.bottom - fraction * plot.height);
    return (
      `<line class="grid" x1="${plot.left}" x2="${plot.right}" y1="${y}" y2="${y}"/>` +
      `<text class="axis-label" x="${plot.left - 6}" y="${y + 4}" text-anchor="end">${label(max * fraction)}</text>`
    );
  });
  return ticks.join("") + `<line class="axis" x1="${plot.left}" x2="${plot.right}" y1="${plot.bottom}" y2="${plot.bottom}"/>`;
}

function xLabels(points: readonly AttemptPoint[], plot: Plot): string {
  const every = Math.ceil(points.length / 12);
  return points
    .map((p, i) =>
      i % every === 0 || i === points.length - 1
        ? `<text class="axis-label" x="${plot.barX(i) + plot.barWidth / 2}" y="${plot.bottom + 16}" text-anchor="middle">${p.n}</text>`
        : "",
    )
    .join("")
    .concat(`<text class="axis-label" x="${(plot.left + plot.right) / 2}" y="${HEIGHT - 4}" text-anchor="middle">attempt</text>`);
}

function svg(id: string, label: string, body: string): string {
  return `<svg id="${id}" class="chart" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="${label}">${body}</svg>`;
}

/** 1, 2 or 5 times a power of ten, at least `value` (and at least 1 for counts). */
export function niceCeiling(value: number): number {
  if (!(value > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

function compact(value: number): string {
  return value >= 1000 ? `${round(value / 1000)}k` : String(round(value));
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
