import { describe, expect, it } from "vitest";
import { commonEnds } from "./common-ends.js";

describe("commonEnds", () => {
  it("counts the shared start, then the shared end of what is left", () => {
    expect(commonEnds(["i", "<", "n"], ["i", "<=", "n"])).toEqual({ head: 1, tail: 1 });
    expect(commonEnds(["n"], ["n", "+", "1"])).toEqual({ head: 1, tail: 0 });
    // A repeat is not counted twice: the end is sought only past the shared start.
    expect(commonEnds(["a", "a"], ["a"])).toEqual({ head: 1, tail: 0 });
    expect(commonEnds([], ["x"])).toEqual({ head: 0, tail: 0 });
  });
});
