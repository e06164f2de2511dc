import type * as ts from "typescript";
import { typescript } from "../../shared/typescript-compiler.js";

/**
 * Transpiles one TypeScript file to JavaScript node can run, with an inline source map so
 * that stack traces (under `--enable-source-maps`) point at the TypeScript lines.
 * `.ts` becomes CommonJS, so tests may import `./median.js` or `./median` alike;
 * `.mts` stays an ES module, and so does `.ts` in a project whose package.json says
 * `"type": "module"` (`moduleProject`), where node would refuse CommonJS in a `.js` file.
 */
export function transpileTypeScript(path: string, content: string, moduleProject = false): string {
  const esm = /\.mtsx?$/.test(path) || (moduleProject && !/\.ctsx?$/.test(path));
  return typescript().transpileModule(content, {
    fileName: path,
    compilerOptions: {
      target: typescript().ScriptTarget.ES2022,
      module: esm ? typescript().ModuleKind.ESNext : typescript().ModuleKind.CommonJS,
      esModuleInterop: true,
      // Tests may import `./median.ts`; node runs the transpiled `./median.js`.
      rewriteRelativeImportExtensions: true,
      inlineSourceMap: true,
      inlineSources: true,
      jsx: typescript().JsxEmit.React,
    },
  }).outputText;
}
