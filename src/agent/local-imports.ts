import { posix } from "node:path";
import { parseSource, type SyntaxNode } from "../repair/syntax-tree.js";
import { namedChildren } from "./named-children.js";
import { sourceGrammar } from "./source-grammar.js";

const SCRIPT_EXTENSIONS = [".ts", ".tsx", ".mts", ".cts", ".js", ".mjs", ".cjs", ".jsx"];

/**
 * The files among `program` that the file at `path` imports, in the order it imports them:
 * Python's `import a.b` and `from .c import d` (a module file or a package's `__init__.py`,
 * found under the project root or under a source folder such as `src/`); relative ESM
 * imports, re-exports, `require` and `import()` in JavaScript and TypeScript (with the
 * `.js` written for a `.ts` file, or no extension, as Node and TypeScript resolve them).
 */
export async function localImports(path: string, content: string, program: readonly string[]): Promise<string[]> {
  const grammar = sourceGrammar(path);
  if (grammar === null) return [];
  const tree = await parseSource(grammar, content);
  const wanted = grammar === "python" ? pythonModules(tree.rootNode).map((module) => pythonCandidates(path, module)) : scriptSpecifiers(tree.rootNode).map((specifier) => scriptCandidates(path, specifier));
  const found: string[] = [];
  for (const candidates of wanted) {
    const file = pickFile(program, candidates);
    if (file !== null && file !== path && !found.includes(file)) found.push(file);
  }
  return found;
}

/** A module named in an import: how many leading dots, then the dotted name. */
interface PythonModule {
  dots: number;
  name: string;
}

function pythonModules(root: SyntaxNode): PythonModule[] {
  const modules: PythonModule[] = [];
  const dotted = (node: SyntaxNode | null): string => (node?.type === "aliased_import" ? (node.childForFieldName("name")?.text ?? "") : (node?.text ?? ""));
  for (const node of descendants(root, new Set(["import_statement", "import_from_statement"]))) {
    const names = node.childrenForFieldName("name").map(dotted).filter((name) => name !== "");
    if (node.type === "import_statement") {
      modules.push(...names.map((name) => ({ dots: 0, name })));
      continue;
    }
    const from = node.childForFieldName("module_name");
    if (!from) continue;
    const dots = from.type === "relative_import" ? (namedChildren(from).find((child) => child.type === "import_prefix")?.text.length ?? 0) : 0;
    const base = from.type === "relative_import" ? (namedChildren(from).find((child) => child.type === "dotted_name")?.text ?? "") : from.text;
    modules.push({ dots, name: base });
    // `from shop import tax` imports the module shop/tax.py when there is one.
    modules.push(...names.map((name) => ({ dots, name: base ? `${base}.${name}` : name })));
  }
  return modules;
}

/** Paths the module may be at: exact ones for a relative import, endings for an absolute one (any source folder). */
function pythonCandidates(importer: string, module: PythonModule): Candidates {
  const relative = module.name.replace(/\./g, "/");
  if (module.dots > 0) {
    let base = posix.dirname(importer);
    for (let level = 1; level < module.dots; level++) base = posix.dirname(base);
    const at = posix.normalize(posix.join(base, relative));
    return { exact: [`${at}.py`, `${at}/__init__.py`].map(clean), endings: [] };
  }
  return { exact: [], endings: [`${relative}.py`, `${relative}/__init__.py`] };
}

function scriptSpecifiers(root: SyntaxNode): string[] {
  const specifiers: string[] = [];
  for (const node of descendants(root, new Set(["import_statement", "export_statement", "call_expression"]))) {
    const source =
      node.type === "call_expression"
        ? /^(require|import)$/.test(node.childForFieldName("function")?.text ?? "")
          ? node.childForFieldName("arguments")?.namedChildren[0]
          : undefined
        : node.childForFieldName("source");
    if (source?.type !== "string") continue;
    const specifier = source.text.slice(1, -1);
    if (specifier.startsWith(".")) specifiers.push(specifier);
  }
  return specifiers;
}

function scriptCandidates(importer: string, specifier: string): Candidates {
  const at = clean(posix.normalize(posix.join(posix.dirname(importer), specifier)));
  const stem = at.replace(/\.(js|mjs|cjs|jsx)$/, "");
  return { exact: [at, ...SCRIPT_EXTENSIONS.map((extension) => stem + extension), ...SCRIPT_EXTENSIONS.map((extension) => `${at}/index${extension}`)], endings: [] };
}

interface Candidates {
  exact: string[];
  endings: string[];
}

function pickFile(program: readonly string[], candidates: Candidates): string | null {
  for (const path of candidates.exact) if (program.includes(path)) return path;
  for (const ending of candidates.endings) {
    const file = program.find((path) => path === ending || path.endsWith(`/${ending}`));
    if (file) return file;
  }
  return null;
}

function clean(path: string): string {
  return path.replace(/^\.\//, "");
}

/** Nodes of the given types anywhere in the tree (imports sit in functions and `if` blocks too). */
function descendants(root: SyntaxNode, types: Set<string>): SyntaxNode[] {
  const found: SyntaxNode[] = [];
  const stack: SyntaxNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop() as SyntaxNode;
    if (types.has(node.type)) found.push(node);
    for (let index = node.namedChildCount - 1; index >= 0; index--) {
      const child = node.namedChild(index);
      if (child) stack.push(child);
    }
  }
  return found;
}
