import { describe, expect, it } from "vitest";
import { defaultMemoryPath } from "../memory/default-memory-path.js";
import { memoryLocation, runMemoryFallback, savedMemoryLocation } from "./memory-options.js";

describe("where a command's memory is", () => {
  it("run and repair: the location given, none with --no-memory, else the Postgres --checkpoints database, else the data folder", () => {
    expect(memoryLocation("/tmp/team.sqlite", runMemoryFallback("postgres://mend@db:5432/mend"))).toBe("/tmp/team.sqlite");
    expect(memoryLocation(false, runMemoryFallback("postgres://mend@db:5432/mend"))).toBe(false);
    expect(memoryLocation(undefined, runMemoryFallback("postgres://mend:pw@db:5432/mend"))).toBe("postgres://mend:pw@db:5432/mend");
    expect(memoryLocation(undefined, runMemoryFallback(undefined))).toBe(defaultMemoryPath());
  });

  it("resume: the run's saved memory, its password taken from the --checkpoints URL of the same database", () => {
    expect(savedMemoryLocation(undefined, "postgres://mend:pw@db:5432/mend")).toBe(false);
    expect(savedMemoryLocation("/home/me/.local/share/mendloop/memory.sqlite", undefined)).toBe("/home/me/.local/share/mendloop/memory.sqlite");
    expect(savedMemoryLocation("postgres://mend@db:5432/mend", "postgres://mend:pw@db:5432/mend")).toBe("postgres://mend:pw@db:5432/mend");
    expect(savedMemoryLocation("postgres://mend@db:5432/mend", "postgres://mend:pw@other:5432/mend")).toBe("postgres://mend@db:5432/mend");
  });
});
