import type { Grammar } from "../repair/syntax-tree.js";

const BY_EXTENSION: Record<string, Grammar> = {
  py: "python",
  pyi: "python",
  js: "javascript",
  mjs: "javascript",
  cjs: "javascript",
  jsx: "javascript",
  ts: "typescript",
  mts: "typescript",
  cts: "typescript",
  tsx: "tsx",
};

/** The tree-sitter grammar of a program file by its extension, or null for a file that is not code (data, config). */
export function sourceGrammar(path: string): Grammar | null {
  const extension = /\.([a-z]+)$/i.exec(path)?.[1]?.toLowerCase();
  return extension ? (BY_EXTENSION[extension] ?? null) : null;
}
