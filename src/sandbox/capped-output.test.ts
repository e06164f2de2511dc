import { describe, expect, it } from "vitest";
import { CappedOutput } from "./capped-output.js";

describe("CappedOutput", () => {
  it("keeps exactly the first bytes up to the cap and reports going past it", () => {
    const output = new CappedOutput(5);
    expect(output.push(Buffer.from("abc"))).toBe(true);
    expect(output.push(Buffer.from("defg"))).toBe(false);
    expect(output.exceeded).toBe(true);
    expect(output.push(Buffer.from("h"))).toBe(false);
    expect(output.text()).toBe("abcde");
  });

  it("decodes invalid UTF-8 and a character cut at the cap with replacement characters", () => {
    const output = new CappedOutput(4);
    output.push(Buffer.from([0x61, 0xff, 0x62, 0xe2, 0x82, 0xac]));
    expect(output.text()).toBe("a\uFFFDb\uFFFD");
  });
});
