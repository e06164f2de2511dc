import { describe, expect, it } from "vitest";

// The package as users import it: by name, through package.json "exports", from the build.
describe("the published entry points", () => {
  it("mendloop exports createAgent, withErrorBoundary and the error classes", async () => {
    const lib = await import("mendloop");
    expect(typeof lib.createAgent).toBe("function");
    expect(typeof lib.withErrorBoundary).toBe("function");
    for (const name of ["MendError", "UsageError", "ModelProviderError", "SandboxError", "BoundaryStopError"] as const) {
      expect(typeof lib[name]).toBe("function");
    }
    expect(lib.UsageError.isInstance(new lib.UsageError("bad input"))).toBe(true);
  });

  it("mendloop/test exports the scripted server", async () => {
    const kit = await import("mendloop/test");
    expect(typeof kit.startScriptedServer).toBe("function");
  });
});
