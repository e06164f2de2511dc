import { isBuiltin } from "node:module";
import { posix } from "node:path";
import type * as ts from "typescript";
import { typescript } from "../../shared/typescript-compiler.js";
import type { SourceLocation } from "../../shared/check-result.js";

/** One module a file loads, where, and how it resolves in the sandbox. */
export interface ImportUse {
  specifier: string;
  location: SourceLocation;
  resolved: "task" | "builtin" | "missing";
  /** Inside a `try` block: a failure there is handled by the code itself. */
  guarded: boolean;
}

export interface NetworkUse {
  what: string;
  location: SourceLocation;
}

const NETWORK_MODULES = new Set([
  "http",
  "https",
  "http2",
  "net",
  "dgram",
  "tls",
  "dns",
  "undici",
  "axios",
  "node-fetch",
  "got",
  "ws",
  "superagent",
]);
const NETWORK_GLOBALS = new Set(["fetch", "XMLHttpRequest", "WebSocket", "EventSource"]);
const RESOLVE_SUFFIXES = ["", ".js", ".mjs", ".cjs", ".ts", ".mts", ".cts", ".json", "/index.js", "/index.ts"];

/**
 * Every module a JavaScript or TypeScript file loads (`import`, `export ... from`,
 * `require()`, `import()`), resolved against the task's files and node's built-ins;
 * with `network`, also the uses of network modules and globals (`fetch`, `WebSocket`).
 * Type-only imports are skipped: they vanish when TypeScript is compiled.
 */
export function scanImports(
  sourceFile: ts.SourceFile,
  taskFiles: ReadonlySet<string>,
  /** Whether an installed package provides a bare specifier (a project's `node_modules`); none when absent. */
  hasPackage?: (specifier: string, from: string) => boolean,
): { imports: ImportUse[]; network: NetworkUse[] } {
  const imports: ImportUse[] = [];
  const network: NetworkUse[] = [];
  const locate = (node: ts.Node): SourceLocation => {
    const { line, character } = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile));
    return { file: sourceFile.fileName, line: line + 1, column: character + 1 };
  };
  const record = (specifier: string, node: ts.Node, guarded: boolean) => {
    const location = locate(node);
    imports.push({ specifier, location, guarded, resolved: resolveSpecifier(specifier, sourceFile.fileName, taskFiles, hasPackage) });
    const bare = specifier.replace(/^node:/, "").split("/")[0];
    if (NETWORK_MODULES.has(bare)) network.push({ what: specifier, location });
  };
  const visit = (node: ts.Node, guarded: boolean): void => {
    if (typescript().isImportDeclaration(node) && typescript().isStringLiteral(node.moduleSpecifier)) {
      if (!node.importClause?.isTypeOnly) record(node.moduleSpecifier.text, node, guarded);
    } else if (typescript().isExportDeclaration(node) && node.moduleSpecifier && typescript().isStringLiteral(node.moduleSpecifier)) {
      if (!node.isTypeOnly) record(node.moduleSpecifier.text, node, guarded);
    } else if (typescript().isCallExpression(node)) {
      const [first] = node.arguments;
      const isRequire = typescript().isIdentifier(node.expression) && node.expression.text === "require";
      const isDynamicImport = node.expression.kind === typescript().SyntaxKind.ImportKeyword;
      if ((isRequire || isDynamicImport) && first && typescript().isStringLiteralLike(first)) record(first.text, node, guarded);
      const callee = typescript().isPropertyAccessExpression(node.expression) ? node.expression.name : node.expression;
      if (typescript().isIdentifier(callee) && callee.text === "fetch") network.push({ what: "fetch", location: locate(node) });
    } else if (typescript().isNewExpression(node) && typescript().isIdentifier(node.expression) && NETWORK_GLOBALS.has(node.expression.text)) {
      network.push({ what: node.expression.text, location: locate(node) });
    }
    const inTry = typescript().isTryStatement(node);
    typescript().forEachChild(node, (child) => visit(child, guarded || (inTry && child === node.tryBlock)));
  };
  visit(sourceFile, false);
  return { imports, network };
}

function resolveSpecifier(
  specifier: string,
  from: string,
  taskFiles: ReadonlySet<string>,
  hasPackage: ((specifier: string, from: string) => boolean) | undefined,
): ImportUse["resolved"] {
  if (isBuiltin(specifier)) return "builtin";
  if (!specifier.startsWith(".") && !specifier.startsWith("/")) return hasPackage?.(specifier, from) ? "task" : "missing";
  const base = posix.normalize(posix.join(posix.dirname(from), specifier));
  // TypeScript sources import their siblings by the compiled name (`./util.js` for util.ts).
  const stems = [base, base.replace(/\.([cm]?)js$/, ".$1ts")];
  return stems.some((stem) => RESOLVE_SUFFIXES.some((suffix) => taskFiles.has(stem + suffix))) ? "task" : "missing";
}
