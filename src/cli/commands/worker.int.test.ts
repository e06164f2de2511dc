import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { expectUsageExit, runMend } from "./__fixtures__/spawn-mend.js";

const dir = mkdtempSync(join(tmpdir(), "mend-worker-flags-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Nothing listens on port 1: a worker whose flags pass goes on to find Redis unreachable.
const worker = (...flags: string[]) => runMend(["worker", "--queue", "redis://127.0.0.1:1", ...flags], { cwd: dir });

describe("mend worker flags", () => {
  it.each([
    ["--heartbeat-seconds", "0", /--heartbeat-seconds takes a number of seconds from 0\.1 to 3600/],
    ["--heartbeat-seconds", "-1", /--heartbeat-seconds takes a number of seconds/],
    ["--heartbeat-seconds", "soon", /--heartbeat-seconds takes a number of seconds/],
    // Rounds to 0 ms: a timer that would spin and a key that Redis refuses to expire.
    ["--heartbeat-seconds", "0.0001", /--heartbeat-seconds takes a number of seconds/],
    ["--stall-seconds", "0", /--stall-seconds takes a number of seconds from 1 to 86400/],
    ["--stall-seconds", "-30", /--stall-seconds takes a number of seconds/],
    ["--stall-seconds", "0.01", /--stall-seconds takes a number of seconds/],
    // Past Node's timer limit the lock renewal would fire at once.
    ["--stall-seconds", "1e10", /--stall-seconds takes a number of seconds/],
    ["--concurrency", "0", /--concurrency takes a whole number of at least 1/],
    ["--concurrency", "-2", /--concurrency takes a whole number/],
    ["--concurrency", "1.5", /--concurrency takes a whole number/],
    ["--concurrency", "many", /--concurrency takes a whole number/],
    ["--tries", "0", /--tries takes a whole number of at least 1/],
    ["--tries", "two", /--tries takes a whole number/],
  ])("%s %s is one line, exit 2, before Redis is reached", async (flag, value, message) => {
    const result = await worker(flag, value);
    expectUsageExit(result, message);
    expect(result.stderr).not.toMatch(/cannot reach Redis/);
  }, 60_000);

  it("values in range pass the flags and go on to reach Redis", async () => {
    const result = await worker("--heartbeat-seconds", "0.5", "--stall-seconds", "2", "--concurrency", "3", "--tries", "1");
    expectUsageExit(result, /^mend: cannot reach Redis at redis:\/\/127\.0\.0\.1:1/);
  }, 60_000);
});
