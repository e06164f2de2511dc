import { afterAll, describe, expect, it } from "vitest";
import { createSandbox } from "./create-sandbox.js";

const tiers = { strong: createSandbox({ onWarning: () => {} }), process: createSandbox({ tier: "process", onWarning: () => {} }) };
afterAll(() => Promise.all(Object.values(tiers).map((sandbox) => sandbox.close())));

describe.each(Object.entries(tiers))("a run given an abort signal (%s tier)", (_tier, sandbox) => {
  it("is told when its process exists and killed, tree and all, when the signal aborts", async () => {
    const aborter = new AbortController();
    let spawned = false;
    // A child that outlives its parent's kill would keep the pipes open: the tree must go.
    const running = sandbox.run({
      command: ["sh", "-c", "sleep 60 & sleep 60; echo finished"],
      files: {},
      timeoutMs: 30_000,
      signal: aborter.signal,
      onSpawn: () => {
        spawned = true;
        setTimeout(() => aborter.abort(), 200);
      },
    });
    const result = await running;
    expect(spawned).toBe(true);
    expect(result).toMatchObject({ reason: "killed", timedOut: false, stdout: "" });
  });

  it("ends at once when the signal has already aborted", async () => {
    const result = await sandbox.run({ command: ["sleep", "60"], files: {}, timeoutMs: 30_000, signal: AbortSignal.abort() });
    expect(result).toMatchObject({ reason: "killed", timedOut: false });
  });
});
