import { afterAll, describe, expect, it } from "vitest";
import { createSandbox } from "../sandbox/create-sandbox.js";
import { repairOffline } from "./repair-offline.js";

const sandbox = createSandbox({ onWarning: () => {} });
afterAll(() => sandbox.close());

// A nearest-match search as people write it, its comparison flipped: it keeps the farthest
// station. Both `<` (keep the first of equally near ones) and `<=` (the last) pass tests that
// hold no tie; the search's order tries the negation `<=` first.
const PROGRAM = `function nearestStation(stations, position) {
  let best = null;
  let bestDistance = Infinity;
  for (const station of stations) {
    const distance = Math.abs(station - position);
    if (best === null || distance > bestDistance) {
      best = station;
      bestDistance = distance;
    }
  }
  return best;
}

module.exports = { nearestStation };
`;
const TESTS = `const { test } = require("node:test");
const assert = require("node:assert");
const { nearestStation } = require("./stations");

test("the nearest station to a position", () => {
  assert.strictEqual(nearestStation([2, 9, 15], 8), 9);
  assert.strictEqual(nearestStation([40, 3, 22], 25), 22);
  assert.strictEqual(nearestStation([7], 100), 7);
  assert.strictEqual(nearestStation([-5, 1, 30], -4), -5);
});
`;

describe("the other rewrites of a plausible patch's spot", () => {
  it("run before the search ends, so the mirror of a flipped comparison is returned over its negation", async () => {
    const input = { language: "javascript" as const, entry: "stations.js", code: PROGRAM, tests: [{ path: "stations.test.js", content: TESTS }] };
    const result = await repairOffline(input, { sandbox, maxCandidates: 300, timeBudgetMs: 600_000 });
    expect(result.status).toBe("fixed");
    if (result.status !== "fixed") return;
    expect(result.code).toBe(PROGRAM.replace("distance > bestDistance", "distance < bestDistance"));
    expect(result.plausible).toBeGreaterThanOrEqual(2);
  });
});
