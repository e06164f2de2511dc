import type * as TypeScript from "typescript";
import { SandboxError } from "../errors/sandbox-error.js";
import { typescript } from "../shared/typescript-compiler.js";

export interface TranspiledFiles {
  /** The files with every TypeScript source replaced by its JavaScript. */
  files: Record<string, string>;
  /** Old path -> new path of each transpiled file (`median.ts` -> `median.js`). */
  renamed: Record<string, string>;
  /** Syntax errors, `file(line,col): message`; the output then still exists but may not run. */
  errors: string[];
}

const OUTPUT_EXTENSION: Record<string, string> = { ".ts": ".js", ".mts": ".mjs", ".cts": ".cjs" };


/**
 * Turns TypeScript sources into JavaScript on the host (types are stripped, not checked),
 * so that the sandbox only ever runs Node. Relative imports written with `.ts` are rewritten
 * to `.js`; source maps are inlined so that Node (`--enable-source-maps`) reports the
 * TypeScript lines. A `package.json` saying `"type": "module"` is added when none is given.
 */
export async function transpileTypeScriptFiles(files: Record<string, string>): Promise<TranspiledFiles> {
  const ts = loadTypeScript();
  const out: Record<string, string> = {};
  const renamed: Record<string, string> = {};
  const errors: string[] = [];
  let producedJs = false;
  for (const [path, content] of Object.entries(files)) {
    const extension = /\.[cm]?ts$/.exec(path)?.[0];
    if (!extension || path.endsWith(".d.ts")) {
      out[path] = content;
      continue;
    }
    const target = path.slice(0, -extension.length) + OUTPUT_EXTENSION[extension];
    const result = ts.transpileModule(content, {
      fileName: path,
      reportDiagnostics: true,
      compilerOptions: {
        target: ts.ScriptTarget.ES2022,
        module: extension === ".cts" ? ts.ModuleKind.CommonJS : ts.ModuleKind.ESNext,
        rewriteRelativeImportExtensions: true,
        esModuleInterop: true,
        inlineSourceMap: true,
        inlineSources: true,
      },
    });
    for (const diagnostic of result.diagnostics ?? []) {
      if (diagnostic.category !== ts.DiagnosticCategory.Error) continue;
      const where = diagnostic.file && diagnostic.start !== undefined ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start) : undefined;
      const position = where ? `(${where.line + 1},${where.character + 1})` : "";
      errors.push(`${path}${position}: error TS${diagnostic.code}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n")}`);
    }
    out[target] = result.outputText;
    renamed[path] = target;
    if (extension === ".ts") producedJs = true;
  }
  if (producedJs && !("package.json" in files)) out["package.json"] = JSON.stringify({ type: "module" });
  return { files: out, renamed, errors };
}

function loadTypeScript(): typeof TypeScript {
  try {
    return typescript();
  } catch (error) {
    throw new SandboxError("running TypeScript needs the 'typescript' package installed next to mendloop", { cause: error });
  }
}
