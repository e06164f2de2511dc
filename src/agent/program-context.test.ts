import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Diagnosis } from "../diagnosis/diagnosis.js";
import { fileOutline } from "./file-outline.js";
import { localImports } from "./local-imports.js";
import { CONTEXT_CAP_BYTES, programContext, WHOLE_PROGRAM_BYTES } from "./program-context.js";

const ROOT = join(import.meta.dirname, "__fixtures__", "invoicing-project");
const read = (path: string) => readFileSync(join(ROOT, path), "utf8");
const PROGRAM = ["invoicing/invoice.py", "invoicing/__init__.py", "invoicing/discounts.py", "invoicing/money.py", "invoicing/tax.py"];
const files = Object.fromEntries(PROGRAM.map((path) => [path, read(path)]));
const tests = [{ path: "tests/test_invoice.py", content: read("tests/test_invoice.py") }];
const diagnosis: Diagnosis = {
  errorType: "assertion",
  summary: "2 of 7 tests failed",
  message: "",
  signature: "s",
  tests: { passed: 5, failed: 2, errors: 0, failures: [{ name: "tests/test_invoice.py::test_line_discount_lowers_the_tax_base", message: "assert '2.40' == '1.60'" }] },
};

describe("fileOutline", () => {
  it("gives a Python module's imports, constants, class and def lines with their docstring's first line, and no bodies", async () => {
    const outline = (await fileOutline("invoicing/money.py", files["invoicing/money.py"])) ?? "";
    expect(outline).toContain("from decimal import ROUND_HALF_EVEN, ROUND_HALF_UP, Decimal, InvalidOperation");
    expect(outline).toContain('MINOR_UNITS = {"EUR": 2, "USD": 2, "GBP": 2, "CHF": 2, "JPY": 0, "KWD": 3}');
    expect(outline).toContain('@dataclass(frozen=True, order=True)\nclass Money:\n    """An amount in one currency, always rounded to the currency\'s minor unit."""');
    expect(outline).toContain('    def percent(self, rate: Number) -> "Money":\n        """``rate`` percent of this amount, rounded half-even as tax authorities do."""\n        ...');
    expect(outline).toContain("    @classmethod\n    def zero(cls, currency: str = DEFAULT_CURRENCY) -> \"Money\":");
    expect(outline).toContain("def total(amounts: Iterable[Money], currency: str = DEFAULT_CURRENCY) -> Money:");
    expect(outline).not.toContain("divmod(units, parts)");
    expect(outline).not.toContain("Floating point cannot represent");
    expect(outline.length).toBeLessThan(files["invoicing/money.py"].length / 2);
  });

  it("gives a TypeScript module's imports, exports, signatures and types, and no bodies", async () => {
    const source = [
      'import { readFile } from "node:fs/promises";',
      'import type { Rate } from "./rates.js";',
      "",
      "export interface Line {",
      "  sku: string;",
      "  cents: number;",
      "}",
      "export type Region = \"eu\" | \"us\";",
      "export const DEFAULT_REGION: Region = \"eu\";",
      "",
      "export async function loadRates(path: string): Promise<Rate[]> {",
      "  const text = await readFile(path, \"utf8\");",
      "  return JSON.parse(text) as Rate[];",
      "}",
      "",
      "export const cents = (amount: number): number => {",
      "  return Math.round(amount * 100);",
      "};",
      "",
      "export default class Basket {",
      "  private lines: Line[] = [];",
      "  add(line: Line): void {",
      "    this.lines.push(line);",
      "  }",
      "  total(): number {",
      "    return this.lines.reduce((sum, line) => sum + line.cents, 0);",
      "  }",
      "}",
    ].join("\n");
    const outline = (await fileOutline("src/basket.ts", source)) ?? "";
    expect(outline.split("\n")).toEqual([
      'import { readFile } from "node:fs/promises";',
      'import type { Rate } from "./rates.js";',
      "export interface Line {",
      "  sku: string;",
      "  cents: number;",
      "}",
      'export type Region = "eu" | "us";',
      'export const DEFAULT_REGION: Region = "eu";',
      "export async function loadRates(path: string): Promise<Rate[]> { … }",
      "export const cents = (amount: number): number => …",
      "export default class Basket {",
      "  private lines: Line[] = [];",
      "  add(line: Line): void { … }",
      "  total(): number { … }",
      "}",
    ]);
  });

  it("has none for a file that is not code", async () => {
    expect(await fileOutline("data/rates.json", '{"eu": 0.2}')).toBeNull();
  });
});

describe("localImports", () => {
  it("finds the package modules a Python file imports, relative and absolute, in import order", async () => {
    expect(await localImports("invoicing/invoice.py", files["invoicing/invoice.py"], PROGRAM)).toEqual(["invoicing/discounts.py", "invoicing/money.py", "invoicing/tax.py"]);
    expect(await localImports("tests/test_invoice.py", tests[0].content, PROGRAM)).toEqual(["invoicing/__init__.py", "invoicing/discounts.py", "invoicing/invoice.py"]);
  });

  it("resolves JavaScript and TypeScript specifiers as Node and TypeScript do", async () => {
    const source = 'import { a } from "./lib/a.js";\nexport * from "../shared/b";\nconst c = require("./c.cjs");\nconst d = await import("./d/index.js");\nimport x from "lodash";\n';
    const program = ["src/main.ts", "src/lib/a.ts", "shared/b.ts", "src/c.cjs", "src/d/index.ts"];
    expect(await localImports("src/main.ts", source, program)).toEqual(["src/lib/a.ts", "shared/b.ts", "src/c.cjs", "src/d/index.ts"]);
  });
});

describe("programContext", () => {
  it("for a large program, shows the other files by signatures, the failing file's imports first, then the failing tests'", async () => {
    const total = PROGRAM.filter((path) => path !== "invoicing/invoice.py").reduce((sum, path) => sum + Buffer.byteLength(files[path]), 0);
    expect(total).toBeGreaterThan(WHOLE_PROGRAM_BYTES);
    const context = await programContext({ files, target: "invoicing/invoice.py", tests, diagnosis });
    expect(context.files.map((file) => [file.path, file.reason, file.shown])).toEqual([
      ["invoicing/discounts.py", "imported by the failing file", "signatures"],
      ["invoicing/money.py", "imported by the failing file", "signatures"],
      ["invoicing/tax.py", "imported by the failing file", "signatures"],
      ["invoicing/__init__.py", "imported by the failing tests", "signatures"],
    ]);
    expect(context.elided).toEqual([]);
  });

  it("for a small program, shows the other files whole", async () => {
    const small = { "invoicing/invoice.py": files["invoicing/invoice.py"], "invoicing/discounts.py": files["invoicing/discounts.py"] };
    const context = await programContext({ files: small, target: "invoicing/invoice.py", tests, diagnosis });
    expect(context.files).toEqual([{ path: "invoicing/discounts.py", shown: "whole", text: files["invoicing/discounts.py"], reason: "imported by the failing file" }]);
  });

  it("keeps within the byte cap, naming the files left out, the least related last", async () => {
    const big = (name: string) => `"""${name}."""\n\n${Array.from({ length: 400 }, (_, index) => `${name.toUpperCase()}_${index} = ${index}  # a tabulated constant`).join("\n")}\n`;
    const crowded = { ...files, "invoicing/rates_de.py": big("rates_de"), "invoicing/rates_fr.py": big("rates_fr") };
    const context = await programContext({ files: crowded, target: "invoicing/invoice.py", tests, diagnosis });
    const shown = context.files.reduce((sum, file) => sum + Buffer.byteLength(file.text), 0);
    expect(shown).toBeLessThanOrEqual(CONTEXT_CAP_BYTES);
    expect(context.files.map((file) => file.path).slice(0, 4)).toEqual(["invoicing/discounts.py", "invoicing/money.py", "invoicing/tax.py", "invoicing/__init__.py"]);
    expect(context.elided.length).toBeGreaterThan(0);
    expect(context.elided.every((path) => path.startsWith("invoicing/rates_"))).toBe(true);
  });
});
