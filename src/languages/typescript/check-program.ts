import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type * as ts from "typescript";
import { typescript } from "../../shared/typescript-compiler.js";
import type { LintFinding } from "../lint-finding.js";

/** Where task files live in the compiler's view; nothing is written there. */
const ROOT = "/__mend_task__/";

/**
 * Compiler diagnostics that are bugs in plain JavaScript too, the JavaScript lint set:
 * undefined names (2304, 2552), use before declaration (2448), redeclared or reassigned
 * constants (2451, 2588), `return` outside a function (1108), `await` outside async (1308),
 * two default exports (2528), `with` in strict code (1101), and imports of what a task
 * file does not export (2305, 2724, 1192). Type mismatches are left to
 * the types layer: without annotations, inferred types make too many false alarms.
 */
export const LINT_DIAGNOSTIC_CODES: ReadonlySet<number> = new Set([2304, 2552, 2448, 2451, 2588, 1108, 1308, 2528, 1101, 2305, 2724, 1192]);

/** Whether a finding of a `types` check is one the `lint` set holds. */
export function isLintFinding(finding: LintFinding): boolean {
  return LINT_DIAGNOSTIC_CODES.has(Number(finding.rule.replace(/^TS/, "")));
}

/**
 * Node's globals as `any`: enough for the lint layer, which only asks whether a name
 * exists, and far cheaper than loading `@types/node` (a hundred files) for every check.
 * The types layer loads `@types/node` when it is installed next to mendloop.
 */
const NODE_GLOBALS = `
declare var require: any, module: any, exports: any, process: any, console: any, Buffer: any, global: any;
declare var __dirname: string, __filename: string;
declare var URL: any, URLSearchParams: any, TextEncoder: any, TextDecoder: any, AbortController: any, AbortSignal: any;
declare var fetch: any, Request: any, Response: any, Headers: any, FormData: any, Blob: any, WebSocket: any;
declare var EventTarget: any, Event: any, performance: any, crypto: any, atob: any, btoa: any, structuredClone: any;
declare var setTimeout: any, clearTimeout: any, setInterval: any, clearInterval: any, setImmediate: any;
declare var clearImmediate: any, queueMicrotask: any;
`;
const GLOBALS_FILE = `${ROOT}__mend_node_globals.d.ts`;

const nodeTypesRoot = locateNodeTypes();
/** Library files (lib.*.d.ts, @types/node) parsed once per process: they never change. */
const sharedSourceFiles = new Map<string, ts.SourceFile>();
/** The previous program of each mode, which lets the compiler reuse what it resolved. */
const previous = new Map<ProgramCheck["mode"], ts.Program>();

export interface ProgramCheck {
  /** Every task file by relative path (program, support and tests). */
  files: Record<string, string>;
  /** The files whose diagnostics count. */
  roots: string[];
  /** `lint`: only the bug-class codes; `types`: every error, strict mode. */
  mode: "lint" | "types";
  /** The project's real root: its node_modules and files not in `files` resolve from there. */
  root?: string;
  /** The project's `compilerOptions.paths`, targets relative to the task root (`{"@/*": ["src/*"]}`). */
  paths?: Record<string, string[]>;
}

/** Type-checks task files with the TypeScript compiler in process (JavaScript through checkJs). */
export function checkProgram(check: ProgramCheck): LintFinding[] {
  const nodeTypes = check.mode === "types" ? nodeTypesRoot : undefined;
  const options: ts.CompilerOptions = {
    noEmit: true,
    allowJs: true,
    checkJs: true,
    strict: check.mode === "types",
    target: typescript().ScriptTarget.ES2022,
    module: typescript().ModuleKind.Preserve,
    moduleResolution: typescript().ModuleResolutionKind.Bundler,
    allowImportingTsExtensions: true,
    esModuleInterop: true,
    skipLibCheck: true,
    lib: ["lib.es2023.d.ts"],
    types: nodeTypes ? ["node"] : [],
    typeRoots: nodeTypes ? [nodeTypes] : [],
    ...(check.paths ? { baseUrl: check.root ?? ROOT, paths: check.paths } : {}),
  };
  // A project's task files are seen at their real place, so that its node_modules and other
  // files resolve as they do for the project's own tsc; the task's versions override the disk.
  const base = check.root ? `${check.root.replace(/\/+$/, "")}/` : ROOT;
  const host = typescript().createCompilerHost(options, true);
  const taskFile = (fileName: string) => (fileName.startsWith(base) ? fileName.slice(base.length) : undefined);
  const readTask = (fileName: string): string | undefined => {
    if (fileName === GLOBALS_FILE) return nodeTypes ? undefined : NODE_GLOBALS;
    const rel = taskFile(fileName);
    return rel !== undefined && Object.hasOwn(check.files, rel) ? check.files[rel] : undefined;
  };
  // Without a project nothing but the task's files exists under the virtual root.
  const virtualOnly = (fileName: string) => fileName.startsWith(ROOT);
  // Files that cannot change while mendloop runs: libraries, not the project's own sources.
  const stable = (fileName: string) => !fileName.startsWith(base) || fileName.includes("/node_modules/");
  const baseGetSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    const content = readTask(fileName);
    if (content !== undefined) return typescript().createSourceFile(fileName, content, languageVersion, true);
    if (virtualOnly(fileName)) return undefined;
    if (!stable(fileName)) return baseGetSourceFile(fileName, languageVersion, onError, shouldCreate);
    let cached = sharedSourceFiles.get(fileName);
    if (!cached) {
      cached = baseGetSourceFile(fileName, languageVersion, onError, shouldCreate);
      if (cached) sharedSourceFiles.set(fileName, cached);
    }
    return cached;
  };
  const baseFileExists = host.fileExists.bind(host);
  host.fileExists = (fileName) => readTask(fileName) !== undefined || (!virtualOnly(fileName) && baseFileExists(fileName));
  const baseReadFile = host.readFile.bind(host);
  host.readFile = (fileName) => readTask(fileName) ?? (virtualOnly(fileName) ? undefined : baseReadFile(fileName));
  const baseDirectoryExists = host.directoryExists?.bind(host);
  const taskDirectories = new Set(Object.keys(check.files).flatMap((path) => parentFolders(base + path)));
  host.directoryExists = (name) => {
    const folder = name.replace(/\/$/, "");
    if (taskDirectories.has(folder)) return true;
    return virtualOnly(name) ? false : (baseDirectoryExists?.(name) ?? true);
  };
  host.realpath = (name) => name;
  host.getCurrentDirectory = () => base;
  host.writeFile = () => {};

  const rootNames = check.roots.map((path) => base + path);
  if (!nodeTypes) rootNames.push(GLOBALS_FILE);
  const program = typescript().createProgram({ rootNames, options, host, oldProgram: previous.get(check.mode) });
  previous.set(check.mode, program);
  const findings: LintFinding[] = [];
  for (const path of check.roots) {
    const sourceFile = program.getSourceFile(base + path);
    if (!sourceFile) continue;
    const diagnostics = [...program.getSyntacticDiagnostics(sourceFile), ...program.getSemanticDiagnostics(sourceFile)];
    for (const diagnostic of diagnostics) {
      if (diagnostic.category !== typescript().DiagnosticCategory.Error) continue;
      if (check.mode === "lint" && !LINT_DIAGNOSTIC_CODES.has(diagnostic.code)) continue;
      const { line, character } = sourceFile.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
      findings.push({
        rule: `TS${diagnostic.code}`,
        message: typescript().flattenDiagnosticMessageText(diagnostic.messageText, "\n"),
        location: { file: path, line: line + 1, column: character + 1 },
      });
    }
  }
  return findings;
}

/** Every folder above a path, up to and including the task root. */
function parentFolders(path: string): string[] {
  const folders: string[] = [];
  for (let end = path.lastIndexOf("/"); end > 0; end = path.lastIndexOf("/", end - 1)) {
    folders.push(path.slice(0, end));
  }
  return folders;
}

/** The folder holding `@types/node` next to mendloop's own install, when there is one. */
function locateNodeTypes(): string | undefined {
  try {
    const manifest = createRequire(import.meta.url).resolve("@types/node/package.json");
    return join(dirname(manifest), "..");
  } catch {
    return undefined;
  }
}
