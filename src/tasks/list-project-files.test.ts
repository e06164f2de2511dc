import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { UsageError } from "../errors/usage-error.js";
import { findProjectRoot } from "./find-project-root.js";
import { listProjectFiles } from "./list-project-files.js";

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

function project(files: Record<string, string>): string {
  dir = mkdtempSync(join(tmpdir(), "mend-list-"));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return dir;
}

describe("listProjectFiles", () => {
  it("lists the project's files, honouring .gitignore files at every level, without VCS, caches and environments", async () => {
    const root = project({
      ".gitignore": "build/\n*.log\n",
      ".git/HEAD": "ref: refs/heads/main\n",
      "pkg/__init__.py": "",
      "pkg/core.py": "X = 1\n",
      "pkg/.gitignore": "generated.py\n",
      "pkg/generated.py": "",
      "pkg/__pycache__/core.cpython-311.pyc": "",
      "build/out.js": "",
      "debug.log": "",
      "node_modules/left-pad/index.js": "",
      ".venv/pyvenv.cfg": "",
      "data/cases.json": "[]",
    });
    expect(await listProjectFiles(root)).toEqual([".gitignore", "data/cases.json", "pkg/.gitignore", "pkg/__init__.py", "pkg/core.py"]);
  });

  it("refuses a root past the cap with one line naming the cap and --root", async () => {
    const root = project({ "a.py": "", "b.py": "", "c.py": "" });
    const error = await listProjectFiles(root, { files: 2, bytes: 1_000 }).catch((caught: unknown) => caught);
    expect(UsageError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(/more than 2 files \(the cap\): pass --root/);
    expect((error as Error).message).not.toContain("\n");
  });
});

describe("findProjectRoot", () => {
  it("finds the nearest folder above holding a project marker", () => {
    const root = project({ "pyproject.toml": "", "src/shop/price.py": "", "src/shop/sub/deep.py": "" });
    expect(findProjectRoot(join(root, "src", "shop", "sub"))).toBe(root);
  });
});
