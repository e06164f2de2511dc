import type * as ts from "typescript";
import { typescript } from "../../shared/typescript-compiler.js";
import type { SourceLocation } from "../../shared/check-result.js";

export interface SyntaxProblem {
  location: SourceLocation;
  message: string;
}

export interface ParsedSource {
  sourceFile: ts.SourceFile;
  problems: SyntaxProblem[];
}

/** Diagnostic codes below this are the parser's; higher ones come from later phases. */
const FIRST_SEMANTIC_CODE = 2000;

/** Parses JavaScript or TypeScript with the TypeScript compiler, in process, reporting syntax errors. */
export function parseSource(path: string, content: string): ParsedSource {
  const sourceFile = typescript().createSourceFile(path, content, typescript().ScriptTarget.Latest, true, scriptKind(path));
  const { diagnostics = [] } = typescript().transpileModule(content, {
    fileName: path,
    reportDiagnostics: true,
    compilerOptions: { allowJs: true, target: typescript().ScriptTarget.ES2022, module: typescript().ModuleKind.Preserve },
  });
  const problems = diagnostics
    .filter((diagnostic) => diagnostic.category === typescript().DiagnosticCategory.Error && diagnostic.code < FIRST_SEMANTIC_CODE)
    .map((diagnostic) => {
      const { line, character } = sourceFile.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
      return {
        location: { file: path, line: line + 1, column: character + 1 },
        message: typescript().flattenDiagnosticMessageText(diagnostic.messageText, "\n"),
      };
    });
  return { sourceFile, problems };
}

function scriptKind(path: string): ts.ScriptKind {
  if (/\.[cm]?tsx$/.test(path)) return typescript().ScriptKind.TSX;
  if (/\.[cm]?ts$/.test(path)) return typescript().ScriptKind.TS;
  return typescript().ScriptKind.JS;
}
