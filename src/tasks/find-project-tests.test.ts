import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { Task } from "../shared/task.js";
import { findProjectTests } from "./find-project-tests.js";

const roots: string[] = [];
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

function project(files: Record<string, string>, entry: string, language: Task["language"]): Task {
  const root = mkdtempSync(join(tmpdir(), "mend-project-tests-"));
  roots.push(root);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return { prompt: "", language, entry, tests: [], draft: files[entry], project: { root, files: Object.keys(files).sort() } };
}

describe("findProjectTests", () => {
  it("names a jest project's tests that require the entry, not those of other modules", async () => {
    const task = project(
      {
        "lib/stats.js": "module.exports = {};\n",
        "lib/parse.js": "module.exports = {};\n",
        "__tests__/stats.test.js": 'const path = require("path");\nconst { mean } = require("../lib/stats");\n',
        "__tests__/parse.test.js": 'const { parseCsv } = require("../lib/parse");\n',
        "package.json": "{}",
      },
      "lib/stats.js",
      "javascript",
    );
    expect(await findProjectTests(task)).toEqual(["__tests__/stats.test.js"]);
  });

  it("names pytest files importing the entry as a package module, by from-import or plain import", async () => {
    const task = project(
      {
        "inventory/__init__.py": "",
        "inventory/pricing.py": "def total(): pass\n",
        "tests/conftest.py": "import pytest\n",
        "tests/test_pricing.py": "from inventory.pricing import total\n",
        "tests/test_package.py": "from inventory import pricing\n",
        "tests/test_models.py": "from inventory.models import Line\n",
      },
      "inventory/pricing.py",
      "python",
    );
    expect(await findProjectTests(task)).toEqual(["tests/test_package.py", "tests/test_pricing.py"]);
  });

  it("names tests importing the package whose __init__ re-exports the entry, in a src layout", async () => {
    const task = project(
      {
        "pyproject.toml": '[project]\nname = "inventory"\n',
        "src/inventory/__init__.py": 'from .pricing import total_price\n\n__all__ = ["total_price"]\n',
        "src/inventory/pricing.py": "def total_price(items): pass\n",
        "src/inventory/models.py": "class Line: pass\n",
        "src/inventory/data/rates.json": "{}",
        "tests/test_pricing.py": "import pytest\n\nfrom inventory import total_price\n",
        "tests/test_models.py": "from inventory.models import Line\n",
      },
      "src/inventory/pricing.py",
      "python",
    );
    expect(await findProjectTests(task)).toEqual(["tests/test_pricing.py"]);
    // A package that does not import the entry does not make its importers the entry's tests.
    const models = project(
      { "src/inventory/__init__.py": "from .models import Line\n", "src/inventory/pricing.py": "", "tests/test_models.py": "from inventory import Line\n" },
      "src/inventory/pricing.py",
      "python",
    );
    expect(await findProjectTests(models)).toEqual([]);
  });

  it("names jest files requiring the folder whose index re-exports the entry", async () => {
    const task = project(
      {
        "lib/index.js": 'module.exports = { ...require("./stats"), ...require("./parse") };\n',
        "lib/stats.js": "module.exports = {};\n",
        "lib/parse.js": "module.exports = {};\n",
        "test/api.test.js": 'const { mean } = require("../lib");\n',
        "test/other.test.js": 'const { thing } = require("../other");\n',
      },
      "lib/stats.js",
      "javascript",
    );
    expect(await findProjectTests(task)).toEqual(["test/api.test.js"]);
  });

  it("names node:test files of an ESM package importing the folder's index file by its full name", async () => {
    const task = project(
      {
        "package.json": '{ "type": "module", "scripts": { "test": "node --test" } }\n',
        "src/index.js": 'export { wrap } from "./wrap.js";\nexport { titleCase } from "./title.js";\n',
        "src/wrap.js": "export function wrap() {}\n",
        "src/title.js": "export function titleCase() {}\n",
        "test/wrap.test.js": 'import { wrap } from "../src/index.js";\n',
        "test/unrelated.test.js": 'import { x } from "../tools/index.js";\n',
      },
      "src/wrap.js",
      "javascript",
    );
    expect(await findProjectTests(task)).toEqual(["test/wrap.test.js"]);
  });

  it("leaves out tests that take only other modules' functions from the package's index", async () => {
    const task = project(
      {
        "package.json": '{ "type": "module", "scripts": { "test": "node --test" } }\n',
        "src/index.js": 'export { wrap as wordWrap } from "./wrap.js";\nexport { slugify } from "./slug.js";\nexport * from "./title.js";\n',
        "src/wrap.js": "export function wrap() {}\n",
        "src/slug.js": "export function slugify() {}\n",
        "src/title.js": "export function titleCase() {}\n",
        "test/wrap.test.js": 'import { wordWrap as ww } from "../src/index.js";\n',
        "test/slug.test.js": 'import { slugify } from "../src/index.js";\n',
        "test/all.test.js": 'import * as lib from "../src/index.js";\n',
        "test/mixed.test.js": 'import { slugify } from "../src/index.js";\nimport lib from "../src/index.js";\n',
      },
      "src/wrap.js",
      "javascript",
    );
    expect(await findProjectTests(task)).toEqual(["test/all.test.js", "test/mixed.test.js", "test/wrap.test.js"]);
    // Where the index takes the module whole, every importer of the index may test it.
    const whole = project(
      { "src/index.js": 'export * from "./wrap.js";\n', "src/wrap.js": "", "test/slug.test.js": 'const { slugify } = require("../src/index.js");\n' },
      "src/wrap.js",
      "javascript",
    );
    expect(await findProjectTests(whole)).toEqual(["test/slug.test.js"]);
  });

  it("leaves out pytest files that take only other modules' names from the package", async () => {
    const task = project(
      {
        "src/ledger/__init__.py": "from .rates import convert as to_currency\nfrom .report import (\n    summary,\n    totals,\n)\n",
        "src/ledger/rates.py": "def convert(x): pass\n",
        "src/ledger/report.py": "def summary(): pass\n",
        "tests/test_rates.py": "from ledger import to_currency\n",
        "tests/test_report.py": "from ledger import summary, totals\n",
        "tests/test_cli.py": "import ledger\n",
      },
      "src/ledger/rates.py",
      "python",
    );
    expect(await findProjectTests(task)).toEqual(["tests/test_cli.py", "tests/test_rates.py"]);
  });

  it("names a vitest file importing the entry through an alias, and nothing when tests were given", async () => {
    const files = { "src/cart.ts": "export const x = 1;\n", "test/cart.test.ts": 'import { subtotal } from "@/cart";\n' };
    const task = project(files, "src/cart.ts", "typescript");
    expect(await findProjectTests(task)).toEqual(["test/cart.test.ts"]);
    expect(await findProjectTests({ ...task, tests: [{ path: "test/cart.test.ts", content: files["test/cart.test.ts"] }] })).toEqual([]);
  });
});
