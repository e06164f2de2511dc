import type { OperatorTable } from "./operator-tables.js";
import type { SyntaxNode, SyntaxTree } from "./syntax-tree.js";

/** Variables bound in each function (by node id) and at module level. */
export interface ScopeNames {
  module: Set<string>;
  functions: Map<number, Set<string>>;
  /** Names bound to functions, classes and imports: not interchangeable with variables. */
  nonVariables: Set<string>;
  /** Parameter names of each function, in order. */
  parameters: Map<number, string[]>;
}

const PATTERN_TYPES = new Set([
  "pattern_list",
  "tuple_pattern",
  "list_pattern",
  "list_splat_pattern",
  "dictionary_splat_pattern",
  "parenthesized_expression",
  "tuple",
  "list",
  "array_pattern",
  "object_pattern",
  "pair_pattern",
  "rest_pattern",
  "assignment_pattern",
  "object_assignment_pattern",
  "shorthand_property_identifier_pattern",
  "as_pattern_target",
]);

/** Fields that bind names: `x = ...`, `for x in`, `const x = ...`, `catch (x)`, `with ... as x`. */
const BINDING_FIELDS: Readonly<Record<string, readonly string[]>> = {
  assignment: ["left"],
  augmented_assignment: ["left"],
  for_statement: ["left"],
  for_in_clause: ["left"],
  for_in_statement: ["left"],
  named_expression: ["name"],
  variable_declarator: ["name"],
  catch_clause: ["parameter"],
  as_pattern: ["alias"],
  assignment_expression: ["left"],
};

const PARAMETER_TYPES = new Set([
  "identifier",
  "default_parameter",
  "typed_parameter",
  "typed_default_parameter",
  "list_splat_pattern",
  "dictionary_splat_pattern",
  "required_parameter",
  "optional_parameter",
  "assignment_pattern",
  "object_pattern",
  "array_pattern",
  "rest_pattern",
]);

const DEFINITION_TYPES = new Set([
  "function_definition",
  "class_definition",
  "function_declaration",
  "generator_function_declaration",
  "class_declaration",
]);

const IMPORT_TYPES = new Set(["import_statement", "import_from_statement", "import_clause", "import_specifier", "namespace_import"]);

/** Collects the names each function binds, so that a variable can be swapped for a neighbour. */
export function collectScopeNames(tree: SyntaxTree, table: OperatorTable): ScopeNames {
  const result: ScopeNames = { module: new Set(), functions: new Map(), nonVariables: new Set(), parameters: new Map() };
  const visit = (node: SyntaxNode, scope: Set<string>) => {
    if (DEFINITION_TYPES.has(node.type)) {
      const name = node.childForFieldName("name");
      if (name) result.nonVariables.add(name.text);
    }
    if (IMPORT_TYPES.has(node.type)) {
      for (const id of identifiersIn(node)) result.nonVariables.add(id);
      return;
    }
    if (node.type === "variable_declarator") {
      const value = node.childForFieldName("value");
      const name = node.childForFieldName("name");
      if (name && value && table.functionTypes.has(value.type)) result.nonVariables.add(name.text);
    }
    let inner = scope;
    if (table.functionTypes.has(node.type) || node.type === "lambda") {
      inner = new Set();
      result.functions.set(node.id, inner);
      const params = node.childForFieldName("parameters");
      const ordered: string[] = [];
      if (params) {
        for (const param of params.namedChildren) {
          if (param && PARAMETER_TYPES.has(param.type)) {
            for (const id of bindingIdentifiers(param)) {
              inner.add(id);
              ordered.push(id);
            }
          }
        }
      } else {
        // A single unparenthesised arrow-function parameter.
        const single = node.childForFieldName("parameter");
        if (single) {
          inner.add(single.text);
          ordered.push(single.text);
        }
      }
      result.parameters.set(node.id, ordered);
    }
    const fields = BINDING_FIELDS[node.type];
    if (fields) {
      for (const field of fields) {
        const target = node.childForFieldName(field);
        if (target) for (const id of bindingIdentifiers(target)) inner.add(id);
      }
    }
    for (const child of node.namedChildren) if (child) visit(child, inner);
  };
  visit(tree.rootNode, result.module);
  for (const names of [result.module, ...result.functions.values()]) {
    for (const name of result.nonVariables) names.delete(name);
    names.delete("self");
    names.delete("cls");
  }
  return result;
}

/** Identifiers a binding target introduces (`a`, `(a, b)`, `{a, b: c}`, `a = 1` in parameters). */
function bindingIdentifiers(node: SyntaxNode): string[] {
  if (node.type === "identifier" || node.type === "shorthand_property_identifier_pattern") return [node.text];
  if (node.type === "pair_pattern") {
    const value = node.childForFieldName("value");
    return value ? bindingIdentifiers(value) : [];
  }
  const name = node.childForFieldName("name") ?? node.childForFieldName("pattern") ?? node.childForFieldName("left");
  if (name && !PATTERN_TYPES.has(node.type)) return bindingIdentifiers(name);
  if (node.type === "typed_parameter") {
    const first = node.namedChildren[0];
    return first ? bindingIdentifiers(first) : [];
  }
  if (!PATTERN_TYPES.has(node.type)) return [];
  if (node.type === "assignment_pattern" || node.type === "object_assignment_pattern") {
    const left = node.childForFieldName("left");
    return left ? bindingIdentifiers(left) : [];
  }
  return node.namedChildren.flatMap((child) => (child ? bindingIdentifiers(child) : []));
}

function identifiersIn(node: SyntaxNode): string[] {
  if (node.type === "identifier") return [node.text];
  return node.namedChildren.flatMap((child) => (child ? identifiersIn(child) : []));
}

/** The variables visible at `node`: its enclosing functions' names, then the module's. */
export function visibleNames(node: SyntaxNode, scopes: ScopeNames): string[] {
  const names: string[] = [];
  const seen = new Set<string>();
  for (let current: SyntaxNode | null = node.parent; current; current = current.parent) {
    const bound = scopes.functions.get(current.id);
    if (!bound) continue;
    for (const name of bound) {
      if (!seen.has(name)) {
        seen.add(name);
        names.push(name);
      }
    }
  }
  for (const name of scopes.module) {
    if (!seen.has(name)) {
      seen.add(name);
      names.push(name);
    }
  }
  return names;
}

/** Every identifier inside `node`, in source order (repeats kept). */
export function identifiersOf(node: SyntaxNode): string[] {
  if (node.type === "identifier") return [node.text];
  return node.namedChildren.flatMap((child) => (child ? identifiersOf(child) : []));
}
