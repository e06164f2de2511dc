import { describe, expect, it } from "vitest";
import { DEFAULT_LIMITS, limitsOf } from "./strong-sandbox.js";

describe("limitsOf", () => {
  it("fills in the defaults; the CPU limit leaves the wall clock to end a busy loop first", () => {
    expect(limitsOf({ timeoutMs: 2_500 })).toEqual({
      memoryMb: DEFAULT_LIMITS.memoryMb,
      pids: DEFAULT_LIMITS.pids,
      cpuSeconds: 7,
      fileSizeBytes: DEFAULT_LIMITS.fileSizeBytes,
      openFiles: DEFAULT_LIMITS.openFiles,
    });
    expect(limitsOf({ timeoutMs: 1_000, memoryMb: 100.2, cpuSeconds: 0.5 })).toMatchObject({ memoryMb: 101, cpuSeconds: 1 });
  });

  it.each([0, -1, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 31])("refuses a timeout of %s ms", (timeoutMs) => {
    expect(() => limitsOf({ timeoutMs })).toThrow(/invalid timeout/);
  });

  it.each([0, -5, Number.NaN])("refuses a memory limit of %s MiB", (memoryMb) => {
    expect(() => limitsOf({ timeoutMs: 1_000, memoryMb })).toThrow(/invalid memory limit/);
  });
});
