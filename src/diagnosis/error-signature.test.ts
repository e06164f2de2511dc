import { describe, expect, it } from "vitest";
import { errorSignature, normalizeMessage, recallSignature } from "./error-signature.js";

describe("errorSignature", () => {
  it("gives the same signature when only numbers, addresses or paths differ", () => {
    const a = errorSignature("index", "list index 3 out of range at 0x7f3a2c10 in /tmp/mend-exec-abc/x.py", { file: "x.py", line: 4 });
    const b = errorSignature("index", "list index 12 out of range at 0x55d1 in /tmp/mend-exec-xyz/x.py", { file: "x.py", line: 4 });
    expect(a).toBe(b);
    expect(a).toBe("index|list index <n> out of range at <addr> in <path>|x.py:4");
  });

  it("keeps names, so two undefined names are two errors", () => {
    expect(normalizeMessage("name 'totl' is not defined")).not.toBe(normalizeMessage("name 'count' is not defined"));
  });

  it("tells the same message on another line apart", () => {
    expect(errorSignature("name", "x", { file: "a.py", line: 1 })).not.toBe(errorSignature("name", "x", { file: "a.py", line: 2 }));
  });
});

describe("recallSignature", () => {
  it("sets aside which test found a failure, but not where in the program it happened", () => {
    const byOneTest = errorSignature("assertion", "assert 24 == 120", { file: "test_factorial.py", line: 8 });
    const byAnother = errorSignature("assertion", "assert 6 == 1", { file: "tests/test_more.py", line: 31 });
    expect(recallSignature(byOneTest)).toBe("assertion|assert <n> == <n>|<test>");
    expect(recallSignature(byAnother)).toBe(recallSignature(byOneTest));
    expect(recallSignature(errorSignature("assertion", "x", { file: "src/stats.test.ts", line: 3 }))).toBe("assertion|x|<test>");
    const inProgram = errorSignature("index", "list index out of range", { file: "stats.py", line: 4 });
    expect(recallSignature(inProgram)).toBe(inProgram);
    expect(recallSignature(errorSignature("syntax", "invalid syntax"))).toBe("syntax|invalid syntax|-");
  });
});
