import { parseSource, type SyntaxNode } from "../repair/syntax-tree.js";
import { namedChildren } from "./named-children.js";
import { sourceGrammar } from "./source-grammar.js";

/** A constant or a short statement is shown whole up to this length, else cut to its name. */
const MAX_SHOWN_LINE = 160;
/** A type, interface or enum is shown whole up to this many lines. */
const MAX_TYPE_LINES = 20;
const ELLIPSIS = "…";

/**
 * What a file offers the rest of the program, without its bodies: for Python the imports,
 * module constants, and class and def lines with the first line of their docstring; for
 * JavaScript and TypeScript the imports, exports, function and class signatures, and types.
 * Read from the tree-sitter syntax tree, so a body spread over many lines never leaks in and
 * a signature over several lines is never cut. Null for a file that is not code.
 */
export async function fileOutline(path: string, content: string): Promise<string | null> {
  const grammar = sourceGrammar(path);
  if (grammar === null) return null;
  const tree = await parseSource(grammar, content);
  const lines = grammar === "python" ? pythonOutline(tree.rootNode, content, "") : scriptOutline(tree.rootNode, content);
  return lines.join("\n");
}

function pythonOutline(block: SyntaxNode, code: string, indent: string): string[] {
  const lines: string[] = [];
  for (const node of namedChildren(block)) {
    switch (node.type) {
      case "import_statement":
      case "import_from_statement":
      case "future_import_statement":
        lines.push(indent + shortened(oneLine(node.text)));
        break;
      case "expression_statement": {
        const assignment = namedChildren(node)[0];
        if (assignment?.type === "assignment") lines.push(indent + pythonAssignment(assignment));
        break;
      }
      case "function_definition":
      case "class_definition":
        lines.push(...pythonDefinition(node, code, indent, []));
        break;
      case "decorated_definition": {
        const definition = node.childForFieldName("definition");
        const decorators = namedChildren(node).filter((child) => child.type === "decorator").map((child) => shortened(child.text));
        if (definition) lines.push(...pythonDefinition(definition, code, indent, decorators));
        break;
      }
      default:
        break;
    }
  }
  return lines;
}

function pythonDefinition(node: SyntaxNode, code: string, indent: string, decorators: string[]): string[] {
  const body = node.childForFieldName("body");
  if (!body) return [];
  const header = code.slice(node.startIndex, body.startIndex).trimEnd();
  const lines = [...decorators.map((decorator) => indent + decorator), indent + header];
  const inner = `${indent}    `;
  const docstring = pythonDocstring(body);
  if (docstring) lines.push(`${inner}"""${docstring}"""`);
  if (node.type === "class_definition") {
    const members = pythonOutline(body, code, inner);
    lines.push(...(members.length > 0 ? members : [`${inner}...`]));
  } else {
    lines.push(`${inner}...`);
  }
  return lines;
}

/** The first line of a body's docstring, if it starts with one. */
function pythonDocstring(body: SyntaxNode): string | undefined {
  const first = namedChildren(body)[0];
  const string = first?.type === "expression_statement" ? namedChildren(first)[0] : undefined;
  if (string?.type !== "string") return undefined;
  const text = string.text.replace(/^[rRbBuU]*("""|'''|"|')/, "").replace(/("""|'''|"|')$/, "");
  return text
    .split("\n")
    .map((line) => line.trim())
    .find((line) => line !== "");
}

function pythonAssignment(node: SyntaxNode): string {
  if (fits(node.text)) return node.text;
  const left = node.childForFieldName("left")?.text ?? "";
  const type = node.childForFieldName("type")?.text;
  return `${left}${type ? `: ${type}` : ""} = ${ELLIPSIS}`;
}

function scriptOutline(root: SyntaxNode, code: string): string[] {
  const lines: string[] = [];
  for (const node of namedChildren(root)) {
    if (node.type === "export_statement") {
      const declaration = node.childForFieldName("declaration") ?? declarationIn(node);
      if (declaration) {
        const prefix = code.slice(node.startIndex, declaration.startIndex);
        const outlined = scriptDeclaration(declaration, code);
        if (outlined.length > 0) lines.push(prefix + outlined[0], ...outlined.slice(1));
      } else {
        lines.push(shortened(node.text));
      }
      continue;
    }
    if (node.type === "import_statement") lines.push(shortened(oneLine(node.text)));
    else if (node.type === "expression_statement" && /^(module\.)?exports\b/.test(node.text)) lines.push(shortened(node.text));
    else lines.push(...scriptDeclaration(node, code));
  }
  return lines;
}

/** `export default class …` puts the class in no `declaration` field. */
function declarationIn(node: SyntaxNode): SyntaxNode | undefined {
  return namedChildren(node).find((child) => /^(class|function|generator_function)(_declaration)?$/.test(child.type));
}

function scriptDeclaration(node: SyntaxNode, code: string): string[] {
  switch (node.type) {
    case "function_declaration":
    case "generator_function_declaration":
    case "function":
    case "generator_function":
    case "function_signature":
      return [signature(node, code)];
    case "class_declaration":
    case "abstract_class_declaration":
    case "class":
      return scriptClass(node, code);
    case "interface_declaration":
    case "type_alias_declaration":
    case "enum_declaration":
    case "ambient_declaration":
    case "module":
    case "internal_module":
      return clipLines(node.text, MAX_TYPE_LINES);
    case "lexical_declaration":
    case "variable_declaration": {
      const kind = code.slice(node.startIndex, namedChildren(node)[0]?.startIndex ?? node.startIndex).trim();
      return namedChildren(node).filter((child) => child.type === "variable_declarator").map((declarator) => `${kind} ${variable(declarator, code)}`);
    }
    default:
      return [];
  }
}

/** A function or method without its body: `function f(a: number): number { … }`. */
function signature(node: SyntaxNode, code: string): string {
  const body = node.childForFieldName("body");
  if (!body) return node.text.trimEnd();
  return `${code.slice(node.startIndex, body.startIndex).trimEnd()} { ${ELLIPSIS} }`;
}

function scriptClass(node: SyntaxNode, code: string): string[] {
  const body = node.childForFieldName("body");
  if (!body) return [shortened(node.text)];
  const members = namedChildren(body).flatMap((member) => {
    if (member.type === "method_definition" || member.type === "method_signature" || member.type === "abstract_method_signature") return [`  ${signature(member, code)}`];
    if (member.type === "public_field_definition" || member.type === "field_definition") return [`  ${shortened(member.text.replace(/;$/, ""))};`];
    return [];
  });
  return [`${code.slice(node.startIndex, body.startIndex).trimEnd()} {`, ...members, "}"];
}

/** `name = (a) => …` for a function value; the whole declarator when short; else `name = …`. */
function variable(declarator: SyntaxNode, code: string): string {
  const value = declarator.childForFieldName("value");
  const body = value?.childForFieldName("body");
  if (value && body && /^(arrow_function|function_expression|function|generator_function)$/.test(value.type)) {
    return `${code.slice(declarator.startIndex, body.startIndex).trimEnd()} ${ELLIPSIS}`;
  }
  if (fits(declarator.text)) return `${declarator.text};`;
  const type = declarator.childForFieldName("type")?.text ?? "";
  return `${declarator.childForFieldName("name")?.text ?? ""}${type} = ${ELLIPSIS};`;
}

function fits(text: string): boolean {
  return !text.includes("\n") && text.length <= MAX_SHOWN_LINE;
}

/** An import over several lines (`from x import (\n a,\n b,\n)`) read as one. */
function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, " ");
}

function shortened(text: string): string {
  if (fits(text)) return text;
  const first = text.split("\n")[0];
  return `${first.slice(0, MAX_SHOWN_LINE)} ${ELLIPSIS}`;
}

function clipLines(text: string, max: number): string[] {
  const lines = text.split("\n");
  return lines.length <= max ? lines : [...lines.slice(0, max), `  ${ELLIPSIS}`];
}
