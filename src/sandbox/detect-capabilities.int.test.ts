import { chmodSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

let home: string;
let saved: { PATH?: string; XDG_CACHE_HOME?: string };

/** The sandbox modules as a new `mend` process loads them: nothing remembered in memory. */
async function fresh() {
  vi.resetModules();
  const detect = await import("./detect-capabilities.js");
  const { createSandbox } = await import("./create-sandbox.js");
  return { ...detect, createSandbox };
}
const entries = () => readdirSync(join(home, "mendloop")).filter((name) => name.startsWith("capabilities-"));

beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), "mend-caps-"));
  saved = { PATH: process.env.PATH, XDG_CACHE_HOME: process.env.XDG_CACHE_HOME };
  process.env.XDG_CACHE_HOME = home;
});
afterEach(() => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  rmSync(home, { recursive: true, force: true });
});

describe("detectCapabilities across processes", () => {
  it("probes once, then takes the same answer from the user's cache folder", async () => {
    const first = await (await fresh()).detectCapabilities();
    expect(entries()).toHaveLength(1);
    // CI has every mechanism; a missing one must show up here, not pass unnoticed.
    expect(first).toMatchObject({ bwrap: expect.any(String), seccomp: true, warnings: [] });
    const { detectCapabilities, isFromCache } = await fresh();
    const second = await detectCapabilities();
    expect(isFromCache(second)).toBe(true);
    expect(second).toEqual(first);
  });

  it("probes again when the cache entry is unreadable", async () => {
    await (await fresh()).detectCapabilities();
    for (const name of entries()) writeFileSync(join(home, "mendloop", name), "{");
    const { detectCapabilities, isFromCache } = await fresh();
    const caps = await detectCapabilities();
    expect(isFromCache(caps)).toBe(false);
    expect(caps.seccomp).toBe(true);
  });

  it("probes again and reruns the program when cached capabilities no longer hold", async () => {
    // A bubblewrap that cannot set up its namespaces, as under a tightened host policy.
    const bin = join(home, "bin");
    mkdirSync(bin);
    writeFileSync(join(bin, "bwrap"), "#!/bin/sh\necho 'bwrap: setting up uid map: Permission denied' >&2\nexit 1\n");
    chmodSync(join(bin, "bwrap"), 0o755);
    process.env.PATH = `${bin}:${saved.PATH ?? "/usr/bin:/bin"}`;
    const probed = await (await fresh()).detectCapabilities();
    expect(probed.bwrap).toBeUndefined();
    // An earlier process found that this bubblewrap worked (the host changed since, in a way
    // the cache key does not see).
    const [name] = entries();
    const entry = JSON.parse(readFileSync(join(home, "mendloop", name), "utf8"));
    entry.value = { ...entry.value, bwrapFailure: null, seccompFailure: null };
    writeFileSync(join(home, "mendloop", name), JSON.stringify(entry));

    const { createSandbox, isFromCache } = await fresh();
    const sandbox = createSandbox({ onWarning: () => {} });
    try {
      expect(isFromCache(await sandbox.capabilities())).toBe(true);
      const result = await sandbox.run({ command: ["python3", "-c", "print(6 * 7)"], files: {}, timeoutMs: 30_000 });
      expect(result).toMatchObject({ reason: "ok", stdout: "42\n" });
      const now = await sandbox.capabilities();
      expect(isFromCache(now)).toBe(false);
      expect(now.bwrap).toBeUndefined();
      expect(now.warnings.join("\n")).toMatch(/bubblewrap cannot isolate here \(bwrap: setting up uid map: Permission denied\)/);
    } finally {
      await sandbox.close();
    }
  });
});
