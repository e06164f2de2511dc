import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { UsageError } from "../errors/usage-error.js";
import { listProgramFiles } from "./list-program-files.js";

let dir: string | undefined;
const earlier: string[] = [];
afterEach(() => {
  for (const folder of [...earlier.splice(0), ...(dir ? [dir] : [])]) rmSync(folder, { recursive: true, force: true });
  dir = undefined;
});

/** A project under a folder of its own, named `name` (a checkout may be called anything, `tests` too). */
function project(name: string, files: Record<string, string>): string {
  if (dir) earlier.push(dir);
  dir = mkdtempSync(join(tmpdir(), "mend-program-"));
  const root = join(dir, name);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return root;
}

const SHOP = {
  "pyproject.toml": '[project]\nname = "shop"\n',
  "shop/__init__.py": "",
  "shop/cart.py": "from shop.tax import with_tax\n",
  "shop/tax.py": "def with_tax(x):\n    return x\n",
  "tests/conftest.py": "import pytest\n",
  "tests/test_cart.py": "def test_cart():\n    pass\n",
  "tools/bump.js": "console.log(1);\n",
};

describe("listProgramFiles", () => {
  it("leaves build and test tool configuration out of a folder's program, unless named", async () => {
    const root = project("cart", {
      "package.json": '{ "name": "cart", "type": "module" }\n',
      "vitest.config.ts": "export default {};\n",
      "eslint.config.mjs": "export default [];\n",
      "src/cart.ts": "export const total = 1;\n",
      "src/app.config.ts": "export default {};\n",
      "src/configure.ts": "export const configure = () => 1;\n",
      "tests/cart.test.ts": "import { total } from '../src/cart';\n",
    });
    const found = await listProgramFiles(["."], root, undefined);
    expect(found.program).toEqual(["src/cart.ts", "src/configure.ts"].map((path) => join(root, path)));
    expect(found.tests).toEqual([join(root, "tests/cart.test.ts")]);
    const named = await listProgramFiles(["vitest.config.ts"], root, undefined);
    expect(named.program).toEqual([join(root, "vitest.config.ts")]);
    const python = project("pkg", { "setup.py": "from setuptools import setup\nsetup()\n", "noxfile.py": "import nox\n", "pkg/core.py": "X = 1\n" });
    expect((await listProgramFiles(["."], python, undefined)).program).toEqual([join(python, "pkg/core.py")]);
  });

  it("takes folders' source files as the program (empty files last) and the files where tests sit as the tests", async () => {
    const root = project("shop", SHOP);
    const found = await listProgramFiles(["shop", "tests"], root, undefined);
    expect(found.program).toEqual(["shop/cart.py", "shop/tax.py", "shop/__init__.py"].map((path) => join(root, path)));
    expect(found.tests).toEqual(["tests/conftest.py", "tests/test_cart.py"].map((path) => join(root, path)));
  });

  it("from the root, leaves out files of another language; a working folder called tests is not a tests folder", async () => {
    const root = project("tests", SHOP);
    const found = await listProgramFiles(["."], root, undefined);
    expect(found.program).toEqual(["shop/cart.py", "shop/tax.py", "shop/__init__.py"].map((path) => join(root, path)));
    expect(found.tests).toEqual(["tests/conftest.py", "tests/test_cart.py"].map((path) => join(root, path)));
  });

  it("takes a file named like a test as a test, any other named file as the program, whatever its folder", async () => {
    const root = project("shop", SHOP);
    const found = await listProgramFiles(["tests/test_cart.py", "tools/bump.js"], root, undefined);
    expect(found).toEqual({ program: [join(root, "tools/bump.js")], tests: [join(root, "tests/test_cart.py")] });
  });

  it("refuses a path that does not exist and a folder with no source files", async () => {
    const root = project("shop", { ...SHOP, "docs/index.md": "# shop\n" });
    for (const [paths, message] of [
      [["shop", "lib"], "file not found: lib"],
      [["docs"], "no source files in docs"],
    ] as const) {
      const error = await listProgramFiles(paths, root, undefined).catch((caught: unknown) => caught);
      expect(UsageError.isInstance(error)).toBe(true);
      expect((error as Error).message).toBe(message);
    }
  });
});
