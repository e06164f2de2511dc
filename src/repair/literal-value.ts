import type { SyntaxNode } from "./syntax-tree.js";

/**
 * A value written as a literal in a test (`[1, 2]`, `"abc"`, `None`), in a form that can be
 * changed a little (a neighbour of a number, an empty collection) and written back as a
 * literal of the same language. Integers keep their digits, so Python's big ones stay exact.
 */
export type LiteralValue =
  | { kind: "int"; digits: bigint }
  | { kind: "float"; value: number }
  | { kind: "string"; value: string }
  | { kind: "bool"; value: boolean }
  | { kind: "none" }
  | { kind: "undefined" }
  | { kind: "list"; items: LiteralValue[] }
  | { kind: "tuple"; items: LiteralValue[] }
  | { kind: "dict"; entries: [LiteralValue, LiteralValue][] };

export type LiteralLanguage = "python" | "javascript";

/** The literal value of a syntax node, or undefined when it is not one (a name, a call, an f-string). */
export function literalOf(node: SyntaxNode, language: LiteralLanguage): LiteralValue | undefined {
  return language === "python" ? pythonLiteral(node) : javascriptLiteral(node);
}

function pythonLiteral(node: SyntaxNode): LiteralValue | undefined {
  switch (node.type) {
    case "integer":
      return intOf(node.text);
    case "float":
      return floatOf(node.text);
    case "true":
    case "false":
      return { kind: "bool", value: node.type === "true" };
    case "none":
      return { kind: "none" };
    case "string":
      return pythonString(node.text);
    case "unary_operator":
      return negated(node, pythonLiteral);
    case "parenthesized_expression":
      return node.namedChildCount === 1 ? pythonLiteral(node.namedChildren[0]!) : undefined;
    case "list":
    case "tuple":
      return itemsOf(node, pythonLiteral, node.type);
    case "dictionary":
      return entriesOf(node, pythonLiteral);
    default:
      return undefined;
  }
}

function javascriptLiteral(node: SyntaxNode): LiteralValue | undefined {
  switch (node.type) {
    case "number": {
      if (/^-?\d+$/.test(node.text)) return intOf(node.text);
      const value = Number(node.text.replace(/_/g, ""));
      return Number.isFinite(value) ? { kind: "float", value } : undefined;
    }
    case "true":
    case "false":
      return { kind: "bool", value: node.type === "true" };
    case "null":
      return { kind: "none" };
    case "undefined":
      return { kind: "undefined" };
    case "string":
      return quotedString(node.text.slice(1, -1));
    case "template_string":
      return node.namedChildren.some((child) => child?.type === "template_substitution") ? undefined : quotedString(node.text.slice(1, -1));
    case "unary_expression":
      return negated(node, javascriptLiteral);
    case "parenthesized_expression":
      return node.namedChildCount === 1 ? javascriptLiteral(node.namedChildren[0]!) : undefined;
    case "array":
      return itemsOf(node, javascriptLiteral, "list");
    case "object":
      return entriesOf(node, javascriptLiteral);
    default:
      return undefined;
  }
}

function intOf(text: string): LiteralValue | undefined {
  const clean = text.replace(/_/g, "");
  return /^\d+$/.test(clean) || /^0[xob][0-9a-f]+$/i.test(clean) ? { kind: "int", digits: BigInt(clean) } : undefined;
}

function floatOf(text: string): LiteralValue | undefined {
  const value = Number(text.replace(/_/g, ""));
  return Number.isFinite(value) && !/j$/i.test(text) ? { kind: "float", value } : undefined;
}

function negated(node: SyntaxNode, literal: (node: SyntaxNode) => LiteralValue | undefined): LiteralValue | undefined {
  const operator = node.childCount === 2 ? node.children[0]!.text : undefined;
  const argument = node.childForFieldName("argument");
  if (operator !== "-" || !argument) return undefined;
  const value = literal(argument);
  if (value?.kind === "int") return { kind: "int", digits: -value.digits };
  if (value?.kind === "float") return { kind: "float", value: -value.value };
  return undefined;
}

function itemsOf(node: SyntaxNode, literal: (node: SyntaxNode) => LiteralValue | undefined, kind: "list" | "tuple"): LiteralValue | undefined {
  const items: LiteralValue[] = [];
  for (const child of node.namedChildren) {
    if (!child || child.type === "comment") continue;
    const value = literal(child);
    if (!value) return undefined;
    items.push(value);
  }
  return { kind, items };
}

function entriesOf(node: SyntaxNode, literal: (node: SyntaxNode) => LiteralValue | undefined): LiteralValue | undefined {
  const entries: [LiteralValue, LiteralValue][] = [];
  for (const child of node.namedChildren) {
    if (!child || child.type === "comment") continue;
    if (child.type !== "pair") return undefined;
    const keyNode = child.childForFieldName("key");
    const valueNode = child.childForFieldName("value");
    if (!keyNode || !valueNode) return undefined;
    // `{a: 1}` in JavaScript: the bare name is the key's text.
    const key: LiteralValue | undefined = keyNode.type === "property_identifier" ? { kind: "string", value: keyNode.text } : literal(keyNode);
    const value = literal(valueNode);
    if (!key || !value) return undefined;
    entries.push([key, value]);
  }
  return { kind: "dict", entries };
}

/** A Python string literal without f/b prefixes; raw strings keep their backslashes. */
function pythonString(text: string): LiteralValue | undefined {
  const match = /^([rRuU]?)('''|"""|'|")([\s\S]*)\2$/.exec(text);
  if (!match) return undefined;
  const [, prefix, , body] = match;
  return prefix.toLowerCase() === "r" ? { kind: "string", value: body } : quotedString(body);
}

const ESCAPES: Record<string, string> = { n: "\n", t: "\t", r: "\r", "0": "\0", "\\": "\\", "'": "'", '"': '"', "`": "`" };

/** The body of a quoted string with the common escapes decoded; undefined for any other escape. */
function quotedString(body: string): LiteralValue | undefined {
  let unknown = false;
  const value = body.replace(/\\(x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|[\s\S])/g, (_, escape: string) => {
    if (escape.length > 1) return String.fromCharCode(parseInt(escape.slice(1), 16));
    const decoded = ESCAPES[escape];
    if (decoded === undefined) unknown = true;
    return decoded ?? "";
  });
  return unknown ? undefined : { kind: "string", value };
}

/** The value as a literal of `language`, e.g. `(1,)` or `None` in Python, `[1]` or `null` in JavaScript. */
export function renderLiteral(value: LiteralValue, language: LiteralLanguage): string {
  const render = (item: LiteralValue) => renderLiteral(item, language);
  switch (value.kind) {
    case "int":
      return value.digits.toString();
    case "float": {
      const text = String(value.value);
      return language === "python" && /^-?\d+$/.test(text) ? `${text}.0` : text;
    }
    case "string":
      // JSON's escapes (\n, \", \\, \uXXXX) mean the same in both languages.
      return JSON.stringify(value.value);
    case "bool":
      return language === "python" ? (value.value ? "True" : "False") : String(value.value);
    case "none":
      return language === "python" ? "None" : "null";
    case "undefined":
      return language === "python" ? "None" : "undefined";
    case "list":
      return `[${value.items.map(render).join(", ")}]`;
    case "tuple":
      if (language === "javascript") return `[${value.items.map(render).join(", ")}]`;
      return value.items.length === 1 ? `(${render(value.items[0]!)},)` : `(${value.items.map(render).join(", ")})`;
    case "dict":
      return `{${value.entries.map(([key, item]) => `${render(key)}: ${render(item)}`).join(", ")}}`;
  }
}

/**
 * Values a little different from this one: a number's neighbours (±1), and a collection or
 * string emptied or cut to its first element. These are the inputs next to a test's own,
 * where a correct fix usually behaves as the original did (or as it did on the failing input).
 */
export function neighboursOf(value: LiteralValue): LiteralValue[] {
  switch (value.kind) {
    case "int":
      return [
        { kind: "int", digits: value.digits - 1n },
        { kind: "int", digits: value.digits + 1n },
      ];
    case "float":
      return [
        { kind: "float", value: value.value - 1 },
        { kind: "float", value: value.value + 1 },
      ];
    case "string": {
      const chars = [...value.value];
      return [
        ...(chars.length > 0 ? [{ kind: "string" as const, value: "" }] : []),
        ...(chars.length > 1 ? [{ kind: "string" as const, value: chars[0]! }] : []),
      ];
    }
    case "list":
    case "tuple":
      return [
        ...(value.items.length > 0 ? [{ kind: value.kind, items: [] }] : []),
        ...(value.items.length > 1 ? [{ kind: value.kind, items: [value.items[0]!] }] : []),
      ];
    case "dict":
      return [
        ...(value.entries.length > 0 ? [{ kind: "dict" as const, entries: [] }] : []),
        ...(value.entries.length > 1 ? [{ kind: "dict" as const, entries: [value.entries[0]!] }] : []),
      ];
    default:
      return [];
  }
}
