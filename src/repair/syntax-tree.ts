import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import TreeSitter from "@vscode/tree-sitter-wasm";
import type { Language } from "../shared/language.js";

/** A syntax node of the tree-sitter grammars (positions are JavaScript string indices). */
export type SyntaxNode = TreeSitter.Node;
export type SyntaxTree = TreeSitter.Tree;

/** Grammars by name; TypeScript files with JSX use `tsx`. */
export type Grammar = "python" | "javascript" | "typescript" | "tsx";

const require = createRequire(import.meta.url);
const wasmDir = dirname(require.resolve("@vscode/tree-sitter-wasm"));

let initialized: Promise<void> | undefined;
const parsers = new Map<Grammar, Promise<TreeSitter.Parser>>();

/** The grammar for a program of `language` stored as `entry`. */
export function grammarOf(language: Language, entry: string): Grammar {
  if (language === "python") return "python";
  if (language === "typescript") return entry.endsWith(".tsx") ? "tsx" : "typescript";
  return "javascript";
}

/**
 * A parser for `grammar`. Parsers are created once per process: loading a grammar's wasm
 * takes tens of milliseconds, parsing a small program well under one.
 */
export function parserFor(grammar: Grammar): Promise<TreeSitter.Parser> {
  let parser = parsers.get(grammar);
  if (!parser) {
    parser = (async () => {
      initialized ??= TreeSitter.Parser.init();
      await initialized;
      const language = await TreeSitter.Language.load(join(wasmDir, `tree-sitter-${grammar}.wasm`));
      const created = new TreeSitter.Parser();
      created.setLanguage(language);
      return created;
    })();
    parsers.set(grammar, parser);
  }
  return parser;
}

/** Parses `code`; the tree is never null for a string input with a language set. */
export async function parseSource(grammar: Grammar, code: string): Promise<SyntaxTree> {
  const parser = await parserFor(grammar);
  const tree = parser.parse(code);
  if (!tree) throw new Error(`tree-sitter returned no tree for a ${grammar} program`);
  return tree;
}

/**
 * The program's tokens without comments, joined by single spaces, with Python's blocks
 * marked: two programs with the same normalized text differ only in layout and comments, so
 * they behave the same.
 */
export function normalizedText(tree: SyntaxTree, code: string): string {
  const tokens: string[] = [];
  const cursor = tree.walk();
  let descending = true;
  for (;;) {
    const node = cursor.currentNode;
    if (descending) {
      if (node.type === "comment") {
        // Comments never change behaviour.
      } else if (node.childCount === 0 || isAtomic(node)) {
        tokens.push(code.slice(node.startIndex, node.endIndex));
      } else if (cursor.gotoFirstChild()) {
        // Python's blocks are layout: without a marker, a statement at the end of an `if`
        // body and the same statement after it would read as one program.
        if (node.type === "block") tokens.push("{");
        continue;
      }
    }
    if (cursor.gotoNextSibling()) {
      descending = true;
      continue;
    }
    if (!cursor.gotoParent()) break;
    if (cursor.currentNode.type === "block") tokens.push("}");
    descending = false;
  }
  return tokens.join(" ");
}

/** Strings keep their inner whitespace, so they count as one token. */
function isAtomic(node: SyntaxNode): boolean {
  return node.type === "string" || node.type === "template_string";
}

/** True when the tree holds an ERROR or MISSING node. */
export function hasSyntaxError(tree: SyntaxTree): boolean {
  return tree.rootNode.hasError;
}
