import type { Grammar } from "./syntax-tree.js";
import type { OperatorName } from "./source-edit.js";

/** A replacement and the cost of trying it (lower first). */
export type Alternative = readonly [text: string, cost: number];

/**
 * A table's entry for a name taken from the program: its own entries only, since a method
 * called `toString` or `constructor` would otherwise find Object.prototype's function.
 */
export function ownEntry<T>(table: Readonly<Record<string, T>>, name: string): T | undefined {
  return Object.hasOwn(table, name) ? table[name] : undefined;
}

/** What the mutation engine needs to know about one language. */
export interface OperatorTable {
  /** Binary expression nodes whose operator token sits in the field `operator`. */
  binaryTypes: ReadonlySet<string>;
  /**
   * Python's chained comparisons keep their operator tokens in the field `operators`; only
   * Python has them, so the few Python-only templates (`pop(0)`, `reverse=True`) key on it too.
   */
  comparisonChainType?: string;
  /** Operator token -> alternatives; also says which operator family the token belongs to. */
  operatorSwaps: Readonly<Record<string, readonly Alternative[]>>;
  operatorFamily: Readonly<Record<string, OperatorName>>;
  /** Operators whose operands may be swapped (`a - b` -> `b - a`). */
  nonCommutative: ReadonlySet<string>;
  /** Operators whose terms may be deleted (`a + b` -> `a`). */
  termOperators: ReadonlySet<string>;
  /** Boolean connectives whose clauses may be deleted. */
  clauseOperators: ReadonlySet<string>;
  augmentedTypes: ReadonlySet<string>;
  augmentedSwaps: Readonly<Record<string, readonly Alternative[]>>;
  /** `not x` / `!x` nodes: the argument is in the field `argument`. */
  notType: string;
  notOperator: string;
  unaryTypes: ReadonlySet<string>;
  updateType?: string;
  numberType: string;
  /** Literal nodes (by type) replaced by other constants. */
  constantSwaps: Readonly<Record<string, readonly Alternative[]>>;
  /** List literals: an empty one may have been meant to hold one item (`[]` -> `[[]]`, `[n]`). */
  emptyListType: string;
  callType: string;
  /** The field holding a call's callee and its argument list node. */
  calleeField: string;
  argumentsField: string;
  /** Member access (`a.b`): type, object field, property field. */
  memberType: string;
  memberObjectField: string;
  memberPropertyField: string;
  /** Free functions swapped with others of the same shape (min/max, any/all). */
  functionSwaps: Readonly<Record<string, readonly Alternative[]>>;
  /** Methods swapped with others of the same shape (append/extend, floor/ceil). */
  methodSwaps: Readonly<Record<string, readonly Alternative[]>>;
  /** Calls whose arguments are bounds (range, slice, substring). */
  boundFunctions: ReadonlySet<string>;
  boundMethods: ReadonlySet<string>;
  /** Wrappers that may be removed around their single argument (`abs(x)` -> `x`). */
  unwrapFunctions: ReadonlySet<string>;
  subscriptType: string;
  subscriptIndexField: string;
  sliceType?: string;
  /** Statements with a condition in the field `condition`. */
  conditionalTypes: ReadonlySet<string>;
  ternaryType: string;
  /** Statements that may be deleted. */
  deletableTypes: ReadonlySet<string>;
  /** Statements a guard may be inserted before. */
  guardableTypes: ReadonlySet<string>;
  /** Assignments whose value sits in the field `right` or `value`. */
  assignmentTypes: ReadonlySet<string>;
  returnType: string;
  functionTypes: ReadonlySet<string>;
  blockType: string;
  identifierType: string;
  /** Parent node types (and fields) under which an identifier is not a plain variable read. */
  identifierSkipParents: ReadonlySet<string>;
  parameterContainerTypes: ReadonlySet<string>;
  /** Builds `not (x)` / `!(x)`. */
  negate(text: string): string;
  /** `x + 1` with this language's spacing. */
  plus(text: string, n: number): string;
  /** Expression wrappers tried around returned values. */
  wrappers: readonly ((text: string) => string)[];
  /** Values a guard may return. */
  guardValues: readonly string[];
  /** `if not p: return v` placed before a statement at `indent`. */
  guard(name: string, value: string, indent: string, unit: string): string;
  /** `if cond: return v` placed before a statement at `indent` (a base case). */
  conditionGuard(condition: string, value: string, indent: string, unit: string): string;
  /** `len(x)` / `x.length`. */
  sizeOf(text: string): string;
  /** Equality as the language writes it (`==` / `===`). */
  equals: string;
  /** `x[k:]` / `x.slice(k)`: the rest of a sequence. */
  sliceFrom(text: string, start: string): string;
  /** `x[:k]` / `x.slice(0, k)`: the head of a sequence. */
  sliceTo(text: string, end: string): string;
  /** `if p is empty: return v`, where emptiness is not falsiness (JavaScript arrays). */
  emptyGuard?(name: string, value: string, indent: string, unit: string): string;
  /** `return v` appended after a statement at `indent`. */
  returnStatement(value: string): string;
  /** The whole-statement placeholder when deleting the last statement of a block. */
  emptyStatement?: string;
  /** Integer division wrappers (`Math.floor(a / b)`) in languages without `//`. */
  divisionWrapper?: (text: string) => string;
}

const ORDERING: Readonly<Record<string, readonly Alternative[]>> = {
  "<": [["<=", 1], [">=", 1.1], [">", 1.2], ["==", 1.6], ["!=", 1.6]],
  "<=": [["<", 1], [">", 1.1], [">=", 1.2], ["==", 1.6], ["!=", 1.6]],
  ">": [[">=", 1], ["<=", 1.1], ["<", 1.2], ["==", 1.6], ["!=", 1.6]],
  ">=": [[">", 1], ["<", 1.1], ["<=", 1.2], ["==", 1.6], ["!=", 1.6]],
  "==": [["!=", 1], ["<=", 1.5], [">=", 1.5], ["<", 1.6], [">", 1.6]],
  "!=": [["==", 1], ["<", 1.5], [">", 1.5], ["<=", 1.6], [">=", 1.6]],
};

const ARITHMETIC: Readonly<Record<string, readonly Alternative[]>> = {
  "+": [["-", 1], ["*", 1.5], ["/", 1.8], ["%", 1.9]],
  "-": [["+", 1], ["*", 1.6], ["/", 1.8], ["%", 1.9]],
  "*": [["/", 1], ["+", 1.3], ["**", 1.5], ["-", 1.6], ["%", 1.8]],
  "/": [["*", 1], ["%", 1.5], ["-", 1.7], ["+", 1.8]],
  "%": [["/", 1.2], ["*", 1.6], ["-", 1.8], ["+", 1.9]],
  "**": [["*", 1], ["+", 1.8]],
  "&": [["|", 1.2], ["^", 1.5]],
  "|": [["&", 1.2], ["^", 1.5]],
  "^": [["|", 1.3], ["&", 1.5], ["**", 1.5]],
  "<<": [[">>", 1.2]],
  ">>": [["<<", 1.2]],
};

function family(tokens: Record<string, unknown>, name: OperatorName): Record<string, OperatorName> {
  return Object.fromEntries(Object.keys(tokens).map((token) => [token, name]));
}

/**
 * Python has two divisions: where a swap may give `/`, it may as well give `//` (integer
 * code, the commoner of the two there), a little after it.
 */
function withFloorDivision(table: Readonly<Record<string, readonly Alternative[]>>, slash: string, floor: string): Record<string, readonly Alternative[]> {
  return Object.fromEntries(
    Object.entries(table).map(([token, alternatives]) => {
      const divide = alternatives.find(([text]) => text === slash);
      const has = alternatives.some(([text]) => text === floor);
      return [token, divide && !has && token !== floor ? [...alternatives, [floor, divide[1] + 0.3] as const] : alternatives];
    }),
  );
}

const PYTHON_OPERATORS: Record<string, readonly Alternative[]> = {
  ...ORDERING,
  ...withFloorDivision(ARITHMETIC, "/", "//"),
  "/": [["//", 0.9], ["*", 1], ["%", 1.5], ["-", 1.7], ["+", 1.8]],
  "//": [["/", 0.9], ["%", 1.1], ["*", 1.5], ["-", 1.8], ["+", 1.9]],
  "%": [["//", 1.1], ["/", 1.2], ["*", 1.6], ["-", 1.8], ["+", 1.9]],
  in: [["not in", 1]],
  "not in": [["in", 1]],
  is: [["is not", 1], ["==", 1.6]],
  "is not": [["is", 1], ["!=", 1.6]],
  and: [["or", 1]],
  or: [["and", 1]],
};

const PYTHON_FAMILIES: Record<string, OperatorName> = {
  ...family(ORDERING, "comparison"),
  ...family(ARITHMETIC, "arithmetic"),
  "//": "arithmetic",
  in: "comparison",
  "not in": "comparison",
  is: "comparison",
  "is not": "comparison",
  and: "boolean",
  or: "boolean",
};

const AUGMENTED: Readonly<Record<string, readonly Alternative[]>> = {
  "&=": [["|=", 1.2], ["^=", 1.4]],
  "|=": [["&=", 1.2], ["^=", 1.4]],
  "^=": [["&=", 1.2], ["|=", 1.3]],
  "<<=": [[">>=", 1.2]],
  ">>=": [["<<=", 1.2]],
  "+=": [["-=", 1], ["=", 1.5], ["*=", 1.7]],
  "-=": [["+=", 1], ["=", 1.5]],
  "*=": [["/=", 1.2], ["+=", 1.3], ["=", 1.6], ["**=", 1.7]],
  "/=": [["*=", 1.2], ["=", 1.6]],
  "%=": [["=", 1.6]],
};

/**
 * An augmented assignment's operator may be wrong the way a binary one is: `x -= base` for
 * `x //= base` (a digit loop) takes the same arithmetic alternatives, after those of AUGMENTED.
 */
const PYTHON_AUGMENTED: Readonly<Record<string, readonly Alternative[]>> = {
  ...AUGMENTED,
  "+=": [...AUGMENTED["+="], ["//=", 1.85], ["%=", 1.9]],
  "-=": [...AUGMENTED["-="], ["*=", 1.6], ["//=", 1.8], ["/=", 1.85], ["%=", 1.9]],
  "*=": [...AUGMENTED["*="], ["//=", 1.8]],
  "/=": [["//=", 1], ["*=", 1.2], ["=", 1.6]],
  "//=": [["/=", 1], ["%=", 1.3], ["=", 1.6]],
  "%=": [["//=", 1.2], ["=", 1.6]],
};

export const PYTHON_TABLE: OperatorTable = {
  binaryTypes: new Set(["binary_operator", "boolean_operator"]),
  comparisonChainType: "comparison_operator",
  operatorSwaps: PYTHON_OPERATORS,
  operatorFamily: PYTHON_FAMILIES,
  nonCommutative: new Set(["-", "/", "//", "%", "**", "+"]),
  termOperators: new Set(["+", "-", "*"]),
  clauseOperators: new Set(["and", "or"]),
  augmentedTypes: new Set(["augmented_assignment"]),
  augmentedSwaps: PYTHON_AUGMENTED,
  notType: "not_operator",
  notOperator: "not",
  unaryTypes: new Set(["unary_operator"]),
  numberType: "integer",
  constantSwaps: {
    true: [["False", 1.5]],
    false: [["True", 1.5]],
    none: [["0", 2.5], ["[]", 2.6], ["False", 2.7], ['""', 2.8]],
  },
  emptyListType: "list",
  callType: "call",
  calleeField: "function",
  argumentsField: "arguments",
  memberType: "attribute",
  memberObjectField: "object",
  memberPropertyField: "attribute",
  functionSwaps: {
    min: [["max", 1]],
    max: [["min", 1]],
    any: [["all", 1]],
    all: [["any", 1]],
    sorted: [["reversed", 1.8]],
    reversed: [["sorted", 1.8]],
    int: [["round", 1.5]],
    round: [["int", 1.5]],
    str: [["repr", 2]],
    filter: [["map", 2]],
    map: [["filter", 2]],
  },
  methodSwaps: {
    append: [["extend", 1]],
    extend: [["append", 1]],
    floor: [["ceil", 1]],
    ceil: [["floor", 1]],
    lower: [["upper", 1], ["swapcase", 1.4]],
    upper: [["lower", 1], ["swapcase", 1.4]],
    swapcase: [["lower", 1.2], ["upper", 1.2]],
    startswith: [["endswith", 1]],
    endswith: [["startswith", 1]],
    find: [["rfind", 1.2]],
    rfind: [["find", 1.2]],
    index: [["rindex", 1.3]],
    rindex: [["index", 1.3]],
    lstrip: [["rstrip", 1], ["strip", 1.2]],
    rstrip: [["lstrip", 1], ["strip", 1.2]],
    strip: [["lstrip", 1.2], ["rstrip", 1.2]],
    split: [["rsplit", 1.5]],
    keys: [["values", 1], ["items", 1.2]],
    values: [["keys", 1], ["items", 1.2]],
    items: [["values", 1.2], ["keys", 1.2]],
    isdigit: [["isalpha", 1.3]],
    isalpha: [["isdigit", 1.3]],
    islower: [["isupper", 1]],
    isupper: [["islower", 1]],
    add: [["discard", 1.6]],
    remove: [["discard", 1.6]],
    insert: [["append", 2]],
  },
  boundFunctions: new Set(["range"]),
  boundMethods: new Set(["pop", "insert"]),
  unwrapFunctions: new Set(["abs", "int", "round", "len", "sorted", "reversed", "list", "set", "str", "float"]),
  subscriptType: "subscript",
  subscriptIndexField: "subscript",
  sliceType: "slice",
  conditionalTypes: new Set(["if_statement", "elif_clause", "while_statement"]),
  ternaryType: "conditional_expression",
  deletableTypes: new Set(["expression_statement", "break_statement", "continue_statement", "return_statement"]),
  assignmentTypes: new Set(["assignment"]),
  guardableTypes: new Set(["return_statement", "expression_statement", "for_statement", "while_statement", "if_statement"]),
  returnType: "return_statement",
  functionTypes: new Set(["function_definition"]),
  blockType: "block",
  identifierType: "identifier",
  identifierSkipParents: new Set([
    "function_definition",
    "class_definition",
    "parameters",
    "lambda_parameters",
    "default_parameter",
    "typed_parameter",
    "typed_default_parameter",
    "keyword_argument",
    "import_statement",
    "import_from_statement",
    "aliased_import",
    "dotted_name",
    "global_statement",
    "nonlocal_statement",
    "decorator",
  ]),
  parameterContainerTypes: new Set(["parameters", "lambda_parameters"]),
  negate: (text) => `not (${text})`,
  plus: (text, n) => (n >= 0 ? `${text} + ${n}` : `${text} - ${-n}`),
  wrappers: [(t) => `abs(${t})`, (t) => `max(0, ${t})`, (t) => `len(${t})`, (t) => `int(${t})`],
  guardValues: ["None", "0", "[]", "False", '""'],
  guard: (name, value, indent, unit) => `if not ${name}:\n${indent}${unit}return ${value}\n${indent}`,
  conditionGuard: (condition, value, indent, unit) => `if ${condition}:\n${indent}${unit}return ${value}\n${indent}`,
  sizeOf: (text) => `len(${text})`,
  equals: "==",
  sliceFrom: (text, start) => `${text}[${start}:]`,
  sliceTo: (text, end) => `${text}[:${end}]`,
  returnStatement: (value) => `return ${value}`,
  emptyStatement: "pass",
};

const JS_OPERATORS: Record<string, readonly Alternative[]> = {
  ...ORDERING,
  ...ARITHMETIC,
  "===": [["!==", 1], ["<=", 1.5], [">=", 1.5], ["<", 1.6], [">", 1.6], ["==", 2]],
  "!==": [["===", 1], ["<", 1.5], [">", 1.5], ["<=", 1.6], [">=", 1.6], ["!=", 2]],
  ">>>": [[">>", 1.2]],
  "&&": [["||", 1], ["??", 2]],
  "||": [["&&", 1], ["??", 1.5]],
  "??": [["||", 1.2], ["&&", 2]],
};

const JS_FAMILIES: Record<string, OperatorName> = {
  ...family(ORDERING, "comparison"),
  ...family(ARITHMETIC, "arithmetic"),
  "===": "comparison",
  "!==": "comparison",
  ">>>": "arithmetic",
  "&&": "boolean",
  "||": "boolean",
  "??": "boolean",
};

const JS_TYPES = {
  functionTypes: new Set([
    "function_declaration",
    "function_expression",
    "function",
    "arrow_function",
    "method_definition",
    "generator_function_declaration",
  ]),
};

export const JAVASCRIPT_TABLE: OperatorTable = {
  binaryTypes: new Set(["binary_expression"]),
  operatorSwaps: JS_OPERATORS,
  operatorFamily: JS_FAMILIES,
  nonCommutative: new Set(["-", "/", "%", "**", "+"]),
  termOperators: new Set(["+", "-", "*"]),
  clauseOperators: new Set(["&&", "||"]),
  augmentedTypes: new Set(["augmented_assignment_expression"]),
  augmentedSwaps: { ...AUGMENTED, "&&=": [["||=", 1]], "||=": [["&&=", 1], ["??=", 1.5]], "??=": [["||=", 1.2]] },
  notType: "unary_expression",
  notOperator: "!",
  unaryTypes: new Set(["unary_expression"]),
  updateType: "update_expression",
  numberType: "number",
  constantSwaps: {
    true: [["false", 1.5]],
    false: [["true", 1.5]],
    null: [["undefined", 2], ["0", 2.5], ["[]", 2.6], ["false", 2.7], ['""', 2.8]],
    undefined: [["null", 2], ["0", 2.5], ["[]", 2.6], ["false", 2.7]],
  },
  emptyListType: "array",
  callType: "call_expression",
  calleeField: "function",
  argumentsField: "arguments",
  memberType: "member_expression",
  memberObjectField: "object",
  memberPropertyField: "property",
  functionSwaps: {
    parseInt: [["parseFloat", 1.5], ["Number", 1.6]],
    parseFloat: [["parseInt", 1.5], ["Number", 1.6]],
    Number: [["parseInt", 1.6]],
  },
  methodSwaps: {
    min: [["max", 1]],
    max: [["min", 1]],
    floor: [["ceil", 1], ["round", 1.2], ["trunc", 1.4]],
    ceil: [["floor", 1], ["round", 1.2], ["trunc", 1.5]],
    round: [["floor", 1.1], ["ceil", 1.2], ["trunc", 1.5]],
    trunc: [["floor", 1.1], ["ceil", 1.2]],
    push: [["unshift", 1.2]],
    unshift: [["push", 1.2]],
    pop: [["shift", 1]],
    shift: [["pop", 1]],
    some: [["every", 1]],
    every: [["some", 1]],
    indexOf: [["lastIndexOf", 1.2], ["includes", 1.8]],
    lastIndexOf: [["indexOf", 1.2]],
    startsWith: [["endsWith", 1]],
    endsWith: [["startsWith", 1]],
    toUpperCase: [["toLowerCase", 1]],
    toLowerCase: [["toUpperCase", 1]],
    trimStart: [["trimEnd", 1], ["trim", 1.2]],
    trimEnd: [["trimStart", 1], ["trim", 1.2]],
    trim: [["trimStart", 1.2], ["trimEnd", 1.2]],
    padStart: [["padEnd", 1]],
    padEnd: [["padStart", 1]],
    find: [["findLast", 1.3], ["filter", 1.8]],
    findLast: [["find", 1.3]],
    findIndex: [["findLastIndex", 1.3], ["indexOf", 1.8]],
    findLastIndex: [["findIndex", 1.3]],
    filter: [["map", 2], ["find", 1.8]],
    map: [["filter", 2], ["forEach", 2.5]],
    slice: [["substring", 1.6], ["splice", 1.8]],
    substring: [["slice", 1.6], ["substr", 1.8]],
    keys: [["values", 1], ["entries", 1.2]],
    values: [["keys", 1], ["entries", 1.2]],
    entries: [["values", 1.2], ["keys", 1.2]],
    reduce: [["reduceRight", 1.5]],
    sort: [["reverse", 2]],
  },
  boundFunctions: new Set([]),
  boundMethods: new Set(["slice", "substring", "substr", "splice", "charAt", "at", "padStart", "padEnd", "repeat"]),
  unwrapFunctions: new Set(["Math.abs", "Math.floor", "Math.ceil", "Math.round", "Math.trunc", "Number", "parseInt", "String"]),
  subscriptType: "subscript_expression",
  subscriptIndexField: "index",
  conditionalTypes: new Set(["if_statement", "while_statement", "do_statement", "for_statement"]),
  ternaryType: "ternary_expression",
  deletableTypes: new Set([
    "expression_statement",
    "break_statement",
    "continue_statement",
    "return_statement",
  ]),
  assignmentTypes: new Set(["assignment_expression", "variable_declarator"]),
  guardableTypes: new Set([
    "return_statement",
    "expression_statement",
    "for_statement",
    "for_in_statement",
    "while_statement",
    "if_statement",
    "lexical_declaration",
  ]),
  returnType: "return_statement",
  functionTypes: JS_TYPES.functionTypes,
  blockType: "statement_block",
  identifierType: "identifier",
  identifierSkipParents: new Set([
    "function_declaration",
    "function_expression",
    "function",
    "generator_function_declaration",
    "class_declaration",
    "class",
    "formal_parameters",
    "required_parameter",
    "optional_parameter",
    "import_specifier",
    "import_clause",
    "namespace_import",
    "export_specifier",
    "labeled_statement",
    "break_statement",
    "continue_statement",
    "method_definition",
  ]),
  parameterContainerTypes: new Set(["formal_parameters"]),
  negate: (text) => `!(${text})`,
  plus: (text, n) => (n >= 0 ? `${text} + ${n}` : `${text} - ${-n}`),
  wrappers: [(t) => `Math.abs(${t})`, (t) => `Math.max(0, ${t})`, (t) => (/^[\w$.]+$/.test(t) ? `${t}.length` : `(${t}).length`), (t) => `Math.floor(${t})`],
  guardValues: ["null", "0", "[]", "false", "undefined", '""'],
  guard: (name, value, indent) => `if (!${name}) return ${value};\n${indent}`,
  conditionGuard: (condition, value, indent) => `if (${condition}) return ${value};\n${indent}`,
  sizeOf: (text) => `${text}.length`,
  equals: "===",
  sliceFrom: (text, start) => `${text}.slice(${start})`,
  sliceTo: (text, end) => `${text}.slice(0, ${end})`,
  emptyGuard: (name, value, indent) => `if (${name}.length === 0) return ${value};\n${indent}`,
  returnStatement: (value) => `return ${value};`,
  divisionWrapper: (text) => `Math.floor(${text})`,
};

export function operatorTableFor(grammar: Grammar): OperatorTable {
  return grammar === "python" ? PYTHON_TABLE : JAVASCRIPT_TABLE;
}
