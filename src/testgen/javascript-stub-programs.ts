import { posix } from "node:path";
import type * as ts from "typescript";
import { typescript } from "../shared/typescript-compiler.js";
import type { Language } from "../shared/language.js";
import type { GeneratedSuite } from "./generated-suite.js";
import type { StubProgram } from "./stub-programs.js";

/**
 * Two JavaScript stand-ins for the program under test: one whose exported functions return
 * undefined, one whose exported functions throw. An ES module cannot answer any name it is
 * asked for, so the stubs export the names the tests import from the entry module (named
 * imports, and a default export when one is imported); for a TypeScript task they take and
 * give `any`, so the types layer lets them through to the tests. A test that passes on either
 * checks nothing the requirement asks.
 */
export function javascriptStubPrograms(suite: GeneratedSuite, entry: string, language: Language): StubProgram[] {
  const { names, hasDefault } = importedFromEntry(suite, entry);
  const signature = language === "typescript" ? "(...args: any[]): any" : "(...args)";
  const stub = (body: string) =>
    [
      ...names.map((name) => `export function ${name}${signature} {\n  ${body}\n}\n`),
      ...(hasDefault ? [`export default function ${signature} {\n  ${body}\n}\n`] : []),
    ].join("\n");
  return [
    { does: "returns undefined", code: stub("return undefined;") },
    { does: "throws", code: stub('throw new Error("not implemented");') },
  ];
}

function importedFromEntry(suite: GeneratedSuite, entry: string): { names: string[]; hasDefault: boolean } {
  const source = [suite.preamble, ...suite.tests.map((test) => test.source)].join("\n\n");
  const file = typescript().createSourceFile("generated.test.mjs", source, typescript().ScriptTarget.Latest, true, typescript().ScriptKind.JS);
  const names = new Set<string>();
  let hasDefault = false;
  for (const statement of file.statements) {
    if (!typescript().isImportDeclaration(statement) || !typescript().isStringLiteral(statement.moduleSpecifier)) continue;
    if (!isEntry(statement.moduleSpecifier.text, entry)) continue;
    const clause = statement.importClause;
    if (clause?.name) hasDefault = true;
    const bindings = clause?.namedBindings;
    if (bindings && typescript().isNamedImports(bindings)) {
      for (const element of bindings.elements) {
        const imported = (element.propertyName ?? element.name).text;
        if (imported === "default") hasDefault = true;
        else names.add(imported);
      }
    }
  }
  return { names: [...names], hasDefault };
}

/** Whether an import specifier of a test file at the task root names the entry module. */
function isEntry(specifier: string, entry: string): boolean {
  if (!specifier.startsWith(".")) return false;
  const strip = (path: string) => posix.normalize(path).replace(/\.[cm]?[jt]sx?$/, "");
  return strip(specifier) === strip(entry);
}
