import { describe, expect, it } from "vitest";
import { decideReason, isHeapExhausted, type RunFacts } from "./exec-reason.js";

const clean: RunFacts = {
  exitCode: 0,
  signal: null,
  timedOut: false,
  outputLimited: false,
  oomKills: 0,
  pidsRefused: 0,
  fileSizeHit: false,
  heapExhausted: false,
};

describe("decideReason", () => {
  it("calls a clean exit ok even when a limit was touched on the way", () => {
    expect(decideReason(clean)).toBe("ok");
    expect(decideReason({ ...clean, pidsRefused: 3 })).toBe("ok");
  });

  it("reads kernel counters before the exit status", () => {
    expect(decideReason({ ...clean, exitCode: null, signal: "SIGKILL", oomKills: 1 })).toBe("memory");
    expect(decideReason({ ...clean, exitCode: 1, pidsRefused: 5 })).toBe("pids");
    expect(decideReason({ ...clean, exitCode: null, signal: "SIGKILL", timedOut: true, pidsRefused: 5 })).toBe("pids");
  });

  it("maps resource signals and EFBIG", () => {
    expect(decideReason({ ...clean, exitCode: null, signal: "SIGXCPU" })).toBe("cpu");
    expect(decideReason({ ...clean, exitCode: null, signal: "SIGXFSZ" })).toBe("fsize");
    expect(decideReason({ ...clean, exitCode: 1, fileSizeHit: true })).toBe("fsize");
  });

  it("puts the output cap first: the supervisor killed the run for it", () => {
    expect(decideReason({ ...clean, exitCode: null, signal: "SIGKILL", outputLimited: true, timedOut: true })).toBe("output");
  });

  it("separates the timer, other signals and plain failures", () => {
    expect(decideReason({ ...clean, exitCode: null, signal: "SIGKILL", timedOut: true })).toBe("timeout");
    expect(decideReason({ ...clean, exitCode: null, signal: "SIGSEGV" })).toBe("killed");
    expect(decideReason({ ...clean, exitCode: 3 })).toBe("exit");
  });
});

describe("isHeapExhausted", () => {
  it("recognises V8's fatal heap message only together with the abort", () => {
    const stderr = "FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory";
    expect(isHeapExhausted("SIGABRT", stderr)).toBe(true);
    expect(isHeapExhausted(null, stderr)).toBe(false);
    expect(isHeapExhausted("SIGABRT", "Aborted")).toBe(false);
  });
});
