import { describe, expect, it } from "vitest";
import { instrumentLines } from "./instrument-lines.js";

const DISCOUNT = `import { rate } from "./rate.js";

export function discount(total) {
  if (total > 100) return total * rate;
  const small = total > 50;
  return small ? 1 : 0;
}
`;

/** Runs an instrumented module body (imports and exports turned into plain code) and returns the lines it reported. */
function linesRun(code: string, call: string): number[] {
  const hits: number[] = [];
  const body = code.replace(/^import .*$/m, "const rate = 0.1;").replace(/export /g, "");
  const run = new Function("globalThis", `${body}\nreturn ${call};`) as (scope: object) => unknown;
  run({ __mendHit: (line: number) => hits.push(line) });
  return hits;
}

describe("instrumentLines", () => {
  it("reports the lines of the statements a call runs, and keeps every line where it was", async () => {
    const code = await instrumentLines("javascript", "src/discount.js", DISCOUNT);
    expect(code.split("\n")).toHaveLength(DISCOUNT.split("\n").length);
    expect(code.split("\n")[3]).toBe("  globalThis.__mendHit?.(4); if (total > 100) return total * rate;");
    expect(linesRun(code, "discount(200)")).toEqual([4]);
    expect(linesRun(code, "discount(60)")).toEqual([4, 5, 6]);
  });

  it("leaves a statement that is not in a list alone, so the program means the same", async () => {
    const code = await instrumentLines("typescript", "src/d.ts", "export function f(x: number): number {\n  if (x > 0) return 1;\n  else return 2;\n}\n");
    expect(code).toBe("export function f(x: number): number {\n  globalThis.__mendHit?.(2); if (x > 0) return 1;\n  else return 2;\n}\n");
  });
});
