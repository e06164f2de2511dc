import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { makeDirectory } from "./make-directory.js";

const root = mkdtempSync(join(tmpdir(), "mend-make-dir-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("makeDirectory", () => {
  it("makes every missing level, and accepts a folder that exists", () => {
    const deep = join(root, "a", "b", "c");
    makeDirectory(deep);
    expect(statSync(deep).isDirectory()).toBe(true);
    expect(() => makeDirectory(deep)).not.toThrow();
  });

  it("refuses a path that is a file, or lies under one", () => {
    const file = join(root, "file.txt");
    writeFileSync(file, "x");
    expect(() => makeDirectory(file)).toThrow(expect.objectContaining({ code: "ENOTDIR" }));
    expect(() => makeDirectory(join(file, "sub"))).toThrow(expect.objectContaining({ code: "ENOTDIR" }));
  });

  it("fails, instead of looping forever as Node's recursive mkdir does, under /proc", () => {
    expect(() => makeDirectory("/proc/mend-no-such/dir")).toThrow(expect.objectContaining({ code: "ENOENT" }));
  });
});
