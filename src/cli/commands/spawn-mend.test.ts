import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { staleBuild } from "./__fixtures__/spawn-mend.js";

// The CLI integration tests run dist/; this is the guard that keeps them from running an old one.
describe("staleBuild", () => {
  let root: string;
  const built = () => join(root, "dist/cli/main.js");
  const write = (path: string, at: number) => {
    mkdirSync(join(root, path, ".."), { recursive: true });
    writeFileSync(join(root, path), "export {};\n");
    utimesSync(join(root, path), at, at);
  };
  const build = 1_700_000_000;

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), "mend-stale-"));
    write("src/cli/main.ts", build - 60);
    write("src/sandbox/strong-sandbox.ts", build - 60);
    write("dist/cli/main.js", build);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it("accepts a build newer than every source file", () => {
    expect(staleBuild(join(root, "src"), built())).toBeUndefined();
  });

  it("refuses a build older than a source file, naming it and telling to build", () => {
    write("src/sandbox/strong-sandbox.ts", build + 5);
    expect(staleBuild(join(root, "src"), built())).toMatch(
      /dist\/ is older than src\/ \(1 source files.*sandbox\/strong-sandbox\.ts\): run npm run build first/,
    );
  });

  it("refuses a missing build", () => {
    rmSync(join(root, "dist"), { recursive: true });
    expect(staleBuild(join(root, "src"), built())).toMatch(/main\.js is missing: run npm run build first/);
  });

  it("ignores what the build leaves out: tests and fixtures", () => {
    write("src/sandbox/strong-sandbox.test.ts", build + 5);
    write("src/cli/commands/__fixtures__/spawn-mend.ts", build + 5);
    expect(staleBuild(join(root, "src"), built())).toBeUndefined();
  });
});
