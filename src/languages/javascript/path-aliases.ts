import { existsSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import type * as ts from "typescript";
import { typescript } from "../../shared/typescript-compiler.js";
import { isInside } from "../../shared/is-inside.js";

const SUFFIXES = ["", ".ts", ".tsx", ".mts", ".cts", ".d.ts", ".js", ".jsx", ".mjs", ".cjs", ".json", "/index.ts", "/index.tsx", "/index.js", "/index.jsx"];

/**
 * Whether a bare import names one of the project's own files through an alias rather than a
 * package: `compilerOptions.paths` of the tsconfig.json / jsconfig.json nearest the importing
 * file (its `extends` followed by TypeScript itself), or a name no npm package can have
 * (`@/lib/money`, `~/utils`): the aliases bundlers and test runners (vite's `resolve.alias`,
 * jest's `moduleNameMapper`) are configured with, which only running the tests resolves.
 */
export interface ProjectAliases {
  /** Whether `specifier`, imported by the root-relative file `from`, is an alias of the project's own files. */
  isAlias(specifier: string, from: string): boolean;
  /** The `paths` that hold for `from`, their targets made relative to the root (for the type checker's view of the task). */
  pathsFor(from: string): Record<string, string[]> | undefined;
}

export function projectAliases(root: string, files: ReadonlySet<string>): ProjectAliases {
  const configs = new Map<string, { paths: ts.MapLike<string[]>; base: string } | undefined>();
  const pathsFor = (from: string): Record<string, string[]> | undefined => {
    const dir = dirname(join(root, from));
    if (!configs.has(dir)) configs.set(dir, readPaths(root, dir));
    const config = configs.get(dir);
    if (!config) return undefined;
    const mapped = Object.entries(config.paths).map(([pattern, targets]) => [
      pattern,
      targets.map((target) => join(config.base, target)).filter((path) => isInside(root, path)).map((path) => relative(root, path).split("\\").join("/")),
    ]);
    return Object.fromEntries(mapped);
  };
  // An alias names the project's files through `paths` when one of its targets is a file the
  // project or the task has (the task's own, a candidate's new module included).
  const isAlias = (specifier: string, from: string): boolean => {
    if (!isNpmName(specifier)) return true;
    return Object.entries(pathsFor(from) ?? {}).some(([pattern, targets]) => {
      const star = matchPattern(pattern, specifier);
      if (star === undefined) return false;
      return targets.some((target) => {
        const path = target.replace("*", star);
        return SUFFIXES.some((suffix) => files.has(path + suffix) || files.has(path.replace(/\.[cm]?js$/, ".ts") + suffix));
      });
    });
  };
  return { isAlias, pathsFor };
}

/** What `*` stands for when `specifier` matches `pattern` (`""` for an exact match), else undefined. */
function matchPattern(pattern: string, specifier: string): string | undefined {
  const star = pattern.indexOf("*");
  if (star < 0) return pattern === specifier ? "" : undefined;
  const [prefix, suffix] = [pattern.slice(0, star), pattern.slice(star + 1)];
  if (!specifier.startsWith(prefix) || !specifier.endsWith(suffix) || specifier.length < prefix.length + suffix.length) return undefined;
  return specifier.slice(prefix.length, specifier.length - suffix.length);
}

/** The `paths` of the nearest tsconfig.json or jsconfig.json at or above `dir`, inside the project. */
function readPaths(root: string, dir: string): { paths: ts.MapLike<string[]>; base: string } | undefined {
  for (let at = dir; isInside(root, at); at = dirname(at)) {
    for (const name of ["tsconfig.json", "jsconfig.json"]) {
      const file = join(at, name);
      if (!existsSync(file)) continue;
      const read = typescript().readConfigFile(file, typescript().sys.readFile);
      if (read.error) return undefined;
      const parsed = typescript().parseJsonConfigFileContent(read.config, typescript().sys, at, undefined, file);
      const { paths, pathsBasePath, baseUrl } = parsed.options;
      if (!paths) return undefined;
      const base = baseUrl ?? (typeof pathsBasePath === "string" ? pathsBasePath : at);
      return { paths, base };
    }
    if (relative(root, at) === "") break;
  }
  return undefined;
}

/**
 * Whether the package part of a bare specifier could be an npm package's name: a scope that
 * is not empty (`@/x` cannot be one), no leading `~`, URL-safe characters (old packages may
 * have capitals, so those count).
 */
export function isNpmName(specifier: string): boolean {
  const parts = specifier.split("/");
  const name = specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
  return /^(?:@[\w-][\w.-]*\/)?[\w-][\w.-]*$/.test(name);
}
