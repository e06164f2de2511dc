import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { typescript } from "./typescript-compiler.js";

const SRC = join(import.meta.dirname, "..");

function sources(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === "__fixtures__" ? [] : sources(path);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [path] : [];
  });
}

describe("typescript", () => {
  it("loads the compiler once", () => {
    expect(typescript().version).toMatch(/^5\.9\./);
    expect(typescript()).toBe(typescript());
  });

  it("is the only way product code loads the compiler, so that a command that needs none does not pay for it", () => {
    // A value import of "typescript" anywhere loads it (through ESM's slow CommonJS scan) at the
    // start of every command; type-only imports are erased.
    const valueImports = sources(SRC).filter((path) => /^import(?!\s+type\b)[^;]*from\s+["']typescript["']|import\(\s*["']typescript["']\s*\)/m.test(readFileSync(path, "utf8")));
    expect(valueImports.map((path) => relative(SRC, path))).toEqual([]);
  });
});
