import { describe, expect, it } from "vitest";
import { InTurn } from "./in-turn.js";

describe("InTurn", () => {
  it("runs one piece at a time in the order given, goes on past a failed one, and says when all have ended", async () => {
    const turns = new InTurn();
    const log: string[] = [];
    const piece = (name: string, ms: number, fail = false) =>
      turns.run(async () => {
        log.push(`start ${name}`);
        await new Promise((resolve) => setTimeout(resolve, ms));
        log.push(`end ${name}`);
        if (fail) throw new Error(name);
        return name;
      });
    const a = piece("a", 20);
    const b = piece("b", 1, true).catch((error: Error) => `rejected ${error.message}`);
    const c = piece("c", 1);
    await turns.idle();
    expect(log).toEqual(["start a", "end a", "start b", "end b", "start c", "end c"]);
    await expect(a).resolves.toBe("a");
    await expect(b).resolves.toBe("rejected b");
    await expect(c).resolves.toBe("c");
  });
});
