import { escapeHtml } from "../report/escape-html.js";

/** One curve: the fraction of tasks passed within k attempts, for k = 1, 2, ... */
export interface CurveSeries {
  label: string;
  points: { k: number; rate: number; count: number }[];
  /** Drawn dashed: the baseline. */
  dashed?: boolean;
}

const WIDTH = 560;
const HEIGHT = 260;
const PAD = { top: 20, right: 20, bottom: 40, left: 48 };

/** The pass-after-k-attempts curve(s) as an inline SVG (no chart library, no script). */
export function passCurveSvg(series: readonly CurveSeries[]): string {
  const maxK = Math.max(1, ...series.flatMap((line) => line.points.map((point) => point.k)));
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const x = (k: number) => round(PAD.left + (maxK === 1 ? plotWidth / 2 : ((k - 1) / (maxK - 1)) * plotWidth));
  const y = (rate: number) => round(PAD.top + (1 - rate) * plotHeight);
  const parts: string[] = [];
  for (const fraction of [0, 0.25, 0.5, 0.75, 1]) {
    parts.push(
      `<line class="grid" x1="${PAD.left}" x2="${WIDTH - PAD.right}" y1="${y(fraction)}" y2="${y(fraction)}"/>` +
        `<text class="axis-label" x="${PAD.left - 6}" y="${y(fraction) + 4}" text-anchor="end">${fraction * 100}%</text>`,
    );
  }
  for (let k = 1; k <= maxK; k++) {
    parts.push(`<text class="axis-label" x="${x(k)}" y="${HEIGHT - PAD.bottom + 16}" text-anchor="middle">${k}</text>`);
  }
  parts.push(
    `<text class="axis-label" x="${PAD.left + plotWidth / 2}" y="${HEIGHT - 6}" text-anchor="middle">attempts (k)</text>`,
  );
  series.forEach((line, index) => {
    const path = line.points.map((point, i) => `${i === 0 ? "M" : "L"}${x(point.k)},${y(point.rate)}`).join(" ");
    const cls = `curve series-${index}${line.dashed ? " dashed" : ""}`;
    parts.push(`<path class="${cls}" d="${path}"><title>${escapeHtml(line.label)}</title></path>`);
    for (const point of line.points) {
      parts.push(
        `<circle class="${cls}" cx="${x(point.k)}" cy="${y(point.rate)}" r="3.5" data-k="${point.k}" data-rate="${point.rate}">` +
          `<title>${escapeHtml(line.label)}: ${point.count} passed within ${point.k} attempt${point.k === 1 ? "" : "s"} (${(point.rate * 100).toFixed(1)}%)</title></circle>`,
      );
    }
  });
  return `<svg id="pass-curve" class="chart" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="Tasks passed within k attempts">${parts.join("")}</svg>`;
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
