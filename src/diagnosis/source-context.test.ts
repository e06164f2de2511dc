import { expect, it } from "vitest";
import { sourceContext } from "./source-context.js";

it("shows 3 lines around the failing line, marked with >", () => {
  const code = ["a = 1", "b = 2", "c = 3", "d = 4", "e = 5", "f = 6", "g = 7", "h = 8", "i = 9", "j = 10"].join("\n");
  expect(sourceContext(code, 5)).toBe(
    ["  2 | b = 2", "  3 | c = 3", "  4 | d = 4", "> 5 | e = 5", "  6 | f = 6", "  7 | g = 7", "  8 | h = 8"].join("\n"),
  );
  expect(sourceContext(code, 10)?.split("\n").at(-1)).toBe("> 10 | j = 10");
  expect(sourceContext(code, 11)).toBeUndefined();
});
