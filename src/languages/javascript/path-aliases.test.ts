import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { isNpmName, projectAliases } from "./path-aliases.js";

const base = mkdtempSync(join(tmpdir(), "mend-aliases-"));
afterAll(() => rmSync(base, { recursive: true, force: true }));

function project(name: string, files: Record<string, string>): string {
  const root = join(base, name);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return root;
}

describe("projectAliases", () => {
  it("resolves tsconfig paths inherited through extends to the project's files only", () => {
    const root = project("app", {
      "tsconfig.base.json": '{ "compilerOptions": { "baseUrl": ".", "paths": { "utils/*": ["src/utils/*"], "config": ["src/config/index"] } } }\n',
      "tsconfig.json": '{\n  // the app extends the shared base\n  "extends": "./tsconfig.base.json",\n}\n',
    });
    const aliases = projectAliases(root, new Set(["src/utils/money.ts", "src/config/index.ts", "src/cart.ts"]));
    expect(aliases.isAlias("utils/money", "src/cart.ts")).toBe(true);
    expect(aliases.isAlias("config", "src/cart.ts")).toBe(true);
    // A name the paths map to no file of the project is a package after all.
    expect(aliases.isAlias("utils/missing", "src/cart.ts")).toBe(false);
    expect(aliases.isAlias("lodash", "src/cart.ts")).toBe(false);
    expect(aliases.pathsFor("src/cart.ts")).toEqual({ "utils/*": ["src/utils/*"], config: ["src/config/index"] });
  });

  it("takes names no npm package can have as aliases, with or without a tsconfig", () => {
    const aliases = projectAliases(project("bare", {}), new Set());
    expect(aliases.isAlias("@/lib/money", "src/cart.ts")).toBe(true);
    expect(aliases.isAlias("~/utils", "src/cart.ts")).toBe(true);
    expect(aliases.isAlias("@scope/pkg/sub", "src/cart.ts")).toBe(false);
    expect(aliases.pathsFor("src/cart.ts")).toBeUndefined();
    expect([isNpmName("JSONStream"), isNpmName("@types/node"), isNpmName("@/x")]).toEqual([true, true, false]);
  });
});
