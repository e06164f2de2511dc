import { existsSync, readFileSync } from "node:fs";
import { join, posix } from "node:path";
import { diagnoseTestRun } from "../diagnosis/diagnose-test-run.js";
import { parseSource, type ParsedSource } from "../languages/javascript/parse-source.js";
import { isNpmName, type ProjectAliases, projectAliases } from "../languages/javascript/path-aliases.js";
import type { LintFinding } from "../languages/lint-finding.js";
import { runNodeTests } from "../languages/javascript/run-node-tests.js";
import { detectTestRunner, runnerInstalled, runProjectRunner } from "../languages/javascript/run-project-runner.js";
import { scanImports, type ImportUse, type NetworkUse } from "../languages/javascript/scan-imports.js";
import { checkProgram, isLintFinding } from "../languages/typescript/check-program.js";
import { transpiledName } from "../languages/typescript/transpiled-name.js";
import { transpileTypeScript } from "../languages/typescript/transpile-typescript.js";
import type { RawTestRun } from "../diagnosis/raw-failure.js";
import type { ProjectContext } from "../shared/task.js";
import { installCommand, packageOfSpecifier } from "./install-command.js";
import { failed, type Layer, type LayerOutcome } from "./layer.js";
import { lintLayer } from "./lint-layer.js";
import { passingSummary } from "./passing-summary.js";
import { typesLayer } from "./types-layer.js";
import type { ValidationContext } from "./validation-context.js";

const SCRIPT = /\.(?:[cm]?[jt]sx?)$/;
const TYPESCRIPT = /\.[cm]?tsx?$/;

/**
 * The layers for a JavaScript or TypeScript task. Parsing, import resolution and network
 * detection run in process on the TypeScript compiler's syntax tree; only the tests run
 * in the sandbox (TypeScript transpiled first, stack traces mapped back to the sources).
 */
export function javascriptLayers(context: ValidationContext): Layer[] {
  const { files, input } = context;
  const allFiles = { ...files.program, ...files.tests };
  const scripts = Object.keys(allFiles).filter((path) => SCRIPT.test(path));
  const programScripts = scripts.filter((path) => Object.hasOwn(files.program, path));
  const taskPaths = new Set([...Object.keys(allFiles), ...(input.project?.files ?? [])]);
  const aliases = input.project ? projectAliases(input.project.root, taskPaths) : undefined;
  const hasPackage = input.project && aliases ? installedPackage(input.project.root, aliases) : undefined;
  const paths = programScripts[0] !== undefined ? aliases?.pathsFor(programScripts[0]) : undefined;
  const check = (mode: "lint" | "types") =>
    withoutAliasMisses(
      checkProgram({ files: allFiles, roots: programScripts, mode, ...(input.project ? { root: input.project.root } : {}), ...(paths ? { paths } : {}) }),
    );
  const typeCheck = input.typeCheck ?? input.language === "typescript";
  // With the types layer on, one strict program answers both layers: a second program would
  // check the same files again (seconds in a project), and the lint codes are its subset.
  let typed: LintFinding[] | undefined;
  const typeFindings = () => (typed ??= check("types"));
  let parsed: Map<string, ParsedSource> | undefined;
  const parse = () => (parsed ??= new Map(scripts.map((path) => [path, parseSource(path, allFiles[path])])));
  let scanned: { imports: ImportUse[]; network: NetworkUse[] } | undefined;
  const scan = () => {
    if (scanned) return scanned;
    scanned = { imports: [], network: [] };
    for (const [path, source] of parse()) {
      const found = scanImports(source.sourceFile, taskPaths, hasPackage);
      scanned.imports.push(...found.imports);
      if (Object.hasOwn(files.program, path)) scanned.network.push(...found.network);
    }
    return scanned;
  };

  return [
    {
      name: "syntax",
      async run(): Promise<LayerOutcome> {
        const ordered = [...parse()].sort(([a], [b]) => Number(Object.hasOwn(files.tests, a)) - Number(Object.hasOwn(files.tests, b)));
        for (const [path, source] of ordered) {
          const problem = source.problems[0];
          if (!problem) continue;
          const message = `SyntaxError: ${problem.message}`;
          const where = `${path}:${problem.location.line}`;
          if (Object.hasOwn(files.tests, path)) {
            return failed(files, {
              errorType: "test_error",
              summary: `the test file ${path} has a syntax error (the tests' fault, not the program's): ${problem.message} at line ${problem.location.line}`,
              message,
              location: problem.location,
            });
          }
          return failed(files, { errorType: "syntax", summary: `${message} at ${where}`, message, location: problem.location });
        }
        return { status: "pass" };
      },
    },
    {
      name: "imports",
      async run(): Promise<LayerOutcome> {
        const missing = scan().imports.find((use) => use.resolved === "missing" && !use.guarded);
        if (!missing) return { status: "pass" };
        const { file } = missing.location;
        const relative = missing.specifier.startsWith(".");
        const forTests = Object.hasOwn(files.tests, file);
        const what = input.project
          ? relative
            ? "is not a file of the project"
            : `which the project has not installed: install it with \`${installCommand(input.language, input.project, packageOfSpecifier(missing.specifier), forTests)}\``
          : relative
            ? "is not a file of the task"
            : "is not available (only node's built-in modules and the task's files are)";
        return failed(files, {
          errorType: "dependency",
          summary: `${file}${forTests ? " (a test file)" : ""} imports '${missing.specifier}', ${what.startsWith("which") ? what : `which ${what}`}`,
          message: `Cannot find module '${missing.specifier}'`,
          location: missing.location,
        });
      },
    },
    {
      name: "network",
      async run(): Promise<LayerOutcome> {
        if (input.allowNetwork) return { status: "skipped", reason: "the task allows network access" };
        const use = scan().network[0];
        if (!use) return { status: "pass" };
        return failed(files, {
          errorType: "network",
          summary: `${use.location.file}:${use.location.line} uses the network (${use.what}), which the task does not allow`,
          message: `network access through ${use.what} is not allowed`,
          location: use.location,
        });
      },
    },
    lintLayer(context, async () => ({ ok: true, findings: typeCheck ? typeFindings().filter(isLintFinding) : check("lint") })),
    typesLayer(context, typeCheck, async () => ({ ok: true, findings: typeFindings() })),
    {
      name: "tests",
      async run(): Promise<LayerOutcome> {
        const testPaths = Object.keys(files.tests).filter((path) => SCRIPT.test(path));
        if (testPaths.length === 0) return { status: "skipped", reason: "no tests given" };
        const runner = input.project ? detectTestRunner(input.project.root, files.tests) : undefined;
        if (input.project && runner) {
          if (!runnerInstalled(input.project.root, runner)) {
            return failed(files, {
              errorType: "dependency",
              summary: `the tests are written for ${runner}, which the project has not installed: install it with \`${installCommand(input.language, input.project, runner, true)}\``,
              message: `Cannot find module '${runner}'`,
              location: { file: testPaths[0], line: 1 },
            });
          }
          // The project's own runner reads TypeScript and its tsconfig itself: the sources go in as they are.
          const { run } = await runProjectRunner(context.sandbox, {
            runner,
            root: input.project.root,
            files: files.program,
            testFiles: testPaths,
            timeoutMs: context.timeoutMs,
            perTestTimeoutMs: context.perTestTimeoutMs,
            memoryMb: context.memoryMb,
            allowNetwork: input.allowNetwork,
          });
          const diagnosis = diagnoseTestRun(run, files, input.language);
          if (diagnosis) return { status: "fail", diagnosis };
          return { status: "pass", tests: passingSummary(run) };
        }
        const runFiles: Record<string, string> = {};
        const sourceNames = new Map<string, string>();
        const moduleProject = input.project ? isModuleProject(input.project.root) : false;
        // In a project, its other TypeScript modules run as transpiled JavaScript too.
        const sources = input.project ? { ...projectTypeScript(input.project, allFiles), ...allFiles } : allFiles;
        for (const [path, content] of Object.entries(sources)) {
          if (TYPESCRIPT.test(path) && !path.endsWith(".d.ts")) {
            runFiles[transpiledName(path)] = transpileTypeScript(path, content, moduleProject);
            sourceNames.set(transpiledName(path), path);
          } else runFiles[path] = content;
        }
        const { run } = await runNodeTests(context.sandbox, {
          files: runFiles,
          testFiles: testPaths.map((path) => (TYPESCRIPT.test(path) ? transpiledName(path) : path)),
          timeoutMs: context.timeoutMs,
          perTestTimeoutMs: context.perTestTimeoutMs,
          memoryMb: context.memoryMb,
          allowNetwork: input.allowNetwork,
          sourceMaps: input.language === "typescript",
        });
        renameFiles(run, sourceNames);
        const diagnosis = diagnoseTestRun(run, files, input.language);
        if (diagnosis) return { status: "fail", diagnosis };
        return { status: "pass", tests: passingSummary(run) };
      },
    },
  ];
}

/**
 * Whether the project's `node_modules` (in the importing file's folder or one above it, up to
 * the root, as Node looks) holds the package a bare specifier names. Subpath imports (`#x`)
 * are the project's own map in package.json.
 */
function installedPackage(root: string, aliases: ProjectAliases): (specifier: string, from: string) => boolean {
  return (specifier, from) => {
    if (specifier.startsWith("#")) return existsSync(join(root, "package.json"));
    if (aliases.isAlias(specifier, from)) return true;
    const name = packageOfSpecifier(specifier);
    for (let dir = posix.dirname(from); ; dir = posix.dirname(dir)) {
      if (existsSync(join(root, dir === "." ? "" : dir, "node_modules", name))) return true;
      if (dir === "." || dir === "/" || dir === "") return false;
    }
  };
}

/**
 * The type checker's "cannot find module" for an alias only the bundler or test runner knows
 * (`@/x` set in vite's `resolve.alias` with no tsconfig `paths`): not the program's fault, and
 * the tests show whether it resolves.
 */
function withoutAliasMisses(findings: LintFinding[]): LintFinding[] {
  return findings.filter((finding) => {
    if (finding.rule !== "TS2307") return true;
    const specifier = /Cannot find module '([^']+)'/.exec(finding.message)?.[1];
    return specifier === undefined || specifier.startsWith(".") || isNpmName(specifier);
  });
}

/** Whether the project's package.json makes `.js` files ES modules. */
function isModuleProject(root: string): boolean {
  try {
    return (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { type?: string }).type === "module";
  } catch {
    return false;
  }
}

/** The project's TypeScript sources outside the task's own files, read from disk. */
function projectTypeScript(project: ProjectContext, own: Record<string, string>): Record<string, string> {
  const sources: Record<string, string> = {};
  for (const path of project.files) {
    if (!TYPESCRIPT.test(path) || path.endsWith(".d.ts") || Object.hasOwn(own, path)) continue;
    try {
      sources[path] = readFileSync(join(project.root, path), "utf8");
    } catch {
      // Gone since the project was listed: node reports the missing import.
    }
  }
  return sources;
}

/** Test files node ran by their transpiled names; diagnosis knows them by their source names. */
function renameFiles(run: RawTestRun, sourceNames: ReadonlyMap<string, string>): void {
  const rename = (file: string) => sourceNames.get(file) ?? file;
  for (const test of run.cases) {
    if (test.file) test.file = rename(test.file);
    test.error?.frames.forEach((frame) => (frame.file = rename(frame.file)));
  }
  for (const load of run.loadErrors) {
    load.file = rename(load.file);
    load.error.frames.forEach((frame) => (frame.file = rename(frame.file)));
  }
}
