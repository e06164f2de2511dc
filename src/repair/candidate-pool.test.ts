import { describe, expect, it } from "vitest";
import { CandidatePool } from "./candidate-pool.js";
import type { Mutation } from "./source-edit.js";

const CODE = "def area(w, h):\n    # width times height\n    return w * h\n";

function mutation(start: number, end: number, text: string, line = 3, cost = 1): Mutation {
  return { operator: "arithmetic", line, edit: { start, end, text }, cost };
}

const star = CODE.indexOf("*");

describe("CandidatePool", () => {
  it("builds a candidate by splicing the edit into the original text", async () => {
    const pool = await CandidatePool.create("python", CODE, []);
    const candidate = pool.build([mutation(star, star + 1, "+")]);
    expect(candidate?.code).toBe(CODE.replace("w * h", "w + h"));
  });

  it("never yields a candidate that does not parse", async () => {
    const pool = await CandidatePool.create("python", CODE, []);
    expect(pool.build([mutation(star, star + 1, "* )")])).toBeUndefined();
    expect(pool.build([mutation(star, star + 1, "(")])).toBeUndefined();
    expect(pool.unparseable).toBe(2);
  });

  it("skips a candidate that only differs from one already built (or the original) in layout or comments", async () => {
    const pool = await CandidatePool.create("python", CODE, []);
    expect(pool.build([mutation(star, star + 1, "-")])).toBeDefined();
    expect(pool.build([mutation(star - 1, star + 2, "-")])).toBeUndefined();
    const comment = CODE.indexOf("# width");
    expect(pool.build([mutation(comment, comment + 7, "# breadth", 2)])).toBeUndefined();
    expect(pool.duplicates).toBe(2);
  });

  it("tells apart Python programs that differ only in which block a statement sits in", async () => {
    const code = "def unique(values):\n    out = []\n    for v in values:\n        if v not in out:\n            out.append(v)\n        out.append(v)\n    return out\n";
    const pool = await CandidatePool.create("python", code, []);
    const inner = code.indexOf("            out.append(v)\n");
    const outer = code.indexOf("        out.append(v)\n", inner + 1);
    const deleteLine = (start: number) => mutation(start, code.indexOf("\n", start) + 1, "", 5);
    expect(pool.build([deleteLine(inner)])).toBeDefined();
    expect(pool.build([deleteLine(outer)])?.code).toBe(code.replace("        out.append(v)\n    return", "    return"));
    expect(pool.duplicates).toBe(0);
  });

  it("orders mutations by suspiciousness of their line, then by cost, and drops lines never suspicious", async () => {
    const pool = await CandidatePool.create("python", CODE, [
      { file: "area.py", line: 3, score: 1 },
      { file: "area.py", line: 1, score: 0.25 },
    ]);
    const cheapOnWeakLine = mutation(0, 3, "async def", 1, 1);
    const dearOnTopLine = mutation(star, star + 1, "/", 3, 2);
    const cheapOnTopLine = mutation(star, star + 1, "+", 3, 1);
    const unranked = mutation(CODE.indexOf("#"), CODE.indexOf("#") + 1, "#", 2, 0);
    expect(pool.order([cheapOnWeakLine, dearOnTopLine, unranked, cheapOnTopLine])).toEqual([
      cheapOnTopLine,
      dearOnTopLine,
      cheapOnWeakLine,
    ]);
  });

  it("rejects two mutations whose edits overlap", async () => {
    const pool = await CandidatePool.create("python", CODE, []);
    expect(pool.build([mutation(star, star + 1, "+"), mutation(star - 2, star + 3, "w")])).toBeUndefined();
    const pair = pool.build([mutation(star, star + 1, "+"), mutation(star + 2, star + 3, "w")]);
    expect(pair?.code).toBe(CODE.replace("w * h", "w + w"));
  });
});

describe("CandidatePool patch size", () => {
  const SLICE = "def piece(items, i, size):\n    return items[i:i + size - 1]\n";
  const bound = SLICE.indexOf("i + size - 1");
  const one = SLICE.indexOf("1]");

  it("never builds a candidate that adds an arithmetic no-op", async () => {
    const pool = await CandidatePool.create("python", SLICE, []);
    expect(pool.build([mutation(one, one + 1, "0", 2)])).toBeUndefined();
    expect(pool.noOps).toBe(1);
    expect(pool.build([mutation(one, one + 1, "2", 2)])).toBeDefined();
  });

  it("counts only the tokens an edit changes, so deleting a term is as small as changing its literal", async () => {
    const pool = await CandidatePool.create("python", SLICE, []);
    const deleted = pool.build([mutation(bound, bound + "i + size - 1".length, "i + size", 2)]);
    const changed = pool.build([mutation(one, one + 1, "2", 2)]);
    expect(deleted).toMatchObject({ size: 2, inserted: 0 });
    expect(changed).toMatchObject({ size: 2, inserted: 1 });
  });

  it("counts an operator of two characters as one token, so replacing it is as small as changing a literal", async () => {
    const code = "def below_zero(operations):\n    balance = 0\n    for op in operations:\n        balance += op\n        if balance == 0:\n            return True\n    return False\n";
    const pool = await CandidatePool.create("python", code, []);
    const equals = code.indexOf("==");
    const start = code.indexOf("0\n");
    expect(pool.build([mutation(equals, equals + 2, "<", 2)])).toMatchObject({ size: 2, inserted: 1 });
    expect(pool.build([mutation(equals, equals + 2, "<=", 2)])).toMatchObject({ size: 2, inserted: 1 });
    expect(pool.build([mutation(start, start + 1, "1", 2)])).toMatchObject({ size: 2, inserted: 1 });
  });
});
