import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SandboxError } from "../errors/sandbox-error.js";
import { RUNTIME_ROOT, runtimeSource } from "./runtime-source.js";

describe("runtimeSource", () => {
  it("reads a program from the package's runtime folder", () => {
    expect(existsSync(join(RUNTIME_ROOT, "python", "fork_server.py"))).toBe(true);
    expect(runtimeSource("python/fork_server.py")).toContain("def main():");
  });

  it("names the missing program and the folder when the install lacks it", () => {
    let thrown: unknown;
    try {
      runtimeSource("python/not_a_program.py");
    } catch (error) {
      thrown = error;
    }
    expect(SandboxError.isInstance(thrown)).toBe(true);
    expect((thrown as Error).message).toContain(`python/not_a_program.py is missing from ${RUNTIME_ROOT}`);
  });
});
