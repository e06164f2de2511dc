import { describe, expect, it } from "vitest";
import { generateMutations } from "./mutation-operators.js";
import { JAVASCRIPT_TABLE, PYTHON_TABLE } from "./operator-tables.js";
import { applyEdits, type Mutation } from "./source-edit.js";
import { parseSource, type Grammar } from "./syntax-tree.js";

async function mutantsOf(grammar: Grammar, code: string): Promise<{ mutation: Mutation; code: string }[]> {
  const tree = await parseSource(grammar, code);
  const table = grammar === "python" ? PYTHON_TABLE : JAVASCRIPT_TABLE;
  const mutations = generateMutations(tree, code, table);
  tree.delete();
  return mutations.map((mutation) => ({ mutation, code: applyEdits(code, [mutation.edit]) }));
}

const PYTHON = `def clamp_total(xs, limit):
    # keep the comment   and    odd spacing
    total  =  0
    for x in xs[1:]:
        if x > limit and x != 0:
            total += max(x, 1)
    return total
`;

describe("generateMutations (Python)", () => {
  it("swaps comparison, boolean and assignment operators in place, keeping comments and spacing", async () => {
    const mutants = (await mutantsOf("python", PYTHON)).map((m) => m.code);
    expect(mutants).toContain(PYTHON.replace("x > limit", "x >= limit"));
    expect(mutants).toContain(PYTHON.replace("x > limit and x", "x > limit or x"));
    expect(mutants).toContain(PYTHON.replace("total += max", "total -= max"));
    for (const mutant of mutants) expect(mutant).toContain("# keep the comment   and    odd spacing");
  });

  it("adjusts slice bounds and literals by one, and swaps min/max", async () => {
    const mutants = (await mutantsOf("python", PYTHON)).map((m) => m.code);
    expect(mutants).toContain(PYTHON.replace("xs[1:]", "xs[0:]"));
    expect(mutants).toContain(PYTHON.replace("total  =  0", "total  =  1"));
    expect(mutants).toContain(PYTHON.replace("max(x, 1)", "min(x, 1)"));
    expect(mutants).toContain(PYTHON.replace("max(x, 1)", "max(1, x)"));
  });

  it("replaces a variable by another one in scope, never by a global or the function's own name", async () => {
    const replaced = (await mutantsOf("python", PYTHON))
      .filter((m) => m.mutation.operator === "replace_name")
      .map((m) => m.mutation.edit.text);
    expect(new Set(replaced)).toEqual(new Set(["xs", "limit", "total", "x"]));
  });

  it("negates conditions, deletes clauses and statements, and inserts guards and wrappers", async () => {
    const code = "def first(xs):\n    if xs:\n        return xs[0]\n    return None\n";
    const mutants = (await mutantsOf("python", code)).map((m) => m.code);
    expect(mutants).toContain(code.replace("if xs:", "if not (xs):"));
    expect(mutants).toContain(code.replace("    if xs:", "    if not xs:\n        return None\n    if xs:"));
    expect(mutants).toContain(code.replace("    return None\n", ""));
    expect(mutants).toContain(code.replace("return xs[0]", "return abs(xs[0])"));
  });

  it("swaps // and /, any and all, append and extend", async () => {
    const code = "def f(a, b, out):\n    out.append(a // b)\n    return any(out)\n";
    const mutants = (await mutantsOf("python", code)).map((m) => m.code);
    expect(mutants).toContain(code.replace("a // b", "a / b"));
    expect(mutants).toContain(code.replace("any(out)", "all(out)"));
    expect(mutants).toContain(code.replace("out.append", "out.extend"));
  });

  it("adjusts sizes and recursive-call arguments by one, fills empty lists and wraps computed values", async () => {
    const code = `def walk(xs, i, acc):
    if i >= len(xs):
        return []
    acc ^= xs[i]
    best = acc - 1
    return walk(xs, i, best) + str(acc)
`;
    const mutants = (await mutantsOf("python", code)).map((m) => m.code);
    expect(mutants).toContain(code.replace("len(xs)", "len(xs) - 1"));
    expect(mutants).toContain(code.replace("return []", "return [[]]"));
    expect(mutants).toContain(code.replace("return []", "return [xs]"));
    expect(mutants).toContain(code.replace("acc ^= xs[i]", "acc &= xs[i]"));
    expect(mutants).toContain(code.replace("best = acc - 1", "best = max(0, acc - 1)"));
    expect(mutants).toContain(code.replace("walk(xs, i, best)", "walk(xs, i + 1, best)"));
    expect(mutants).toContain(code.replace("walk(xs, i, best) + str(acc)", "str(acc) + walk(xs, i, best)"));
  });
});

const JAVASCRIPT = `export function countBelow(values, limit) {
  let count = 0; // running count
  for (let i = 0; i < values.length; i++) {
    if (values[i] < limit || !limit) count++;
  }
  return Math.floor(count / 2);
}
`;

describe("generateMutations (JavaScript)", () => {
  it("swaps operators and off-by-one bounds, keeping the rest of the text", async () => {
    const mutants = (await mutantsOf("javascript", JAVASCRIPT)).map((m) => m.code);
    expect(mutants).toContain(JAVASCRIPT.replace("i < values.length", "i <= values.length"));
    expect(mutants).toContain(JAVASCRIPT.replace("i < values.length", "i < values.length - 1"));
    expect(mutants).toContain(JAVASCRIPT.replace("values[i] < limit", "values[i - 1] < limit"));
    expect(mutants).toContain(JAVASCRIPT.replace("|| !limit", "&& !limit"));
    expect(mutants).toContain(JAVASCRIPT.replace("i++", "i--"));
    for (const mutant of mutants) expect(mutant).toContain("// running count");
  });

  it("mutates a program calling methods named like Object.prototype's (toString, constructor, valueOf)", async () => {
    // HumanEvalFix-JavaScript 036 (`ns.map(x => x.toString())`) made the search crash: the method
    // table's lookup by name found Object.prototype.toString.
    const code = "const digits = (xs) => {\n  const s = xs.map((x) => x.toString()).join('');\n  return s.length + xs.constructor.name.length + xs.valueOf().length;\n};\n";
    const mutants = (await mutantsOf("javascript", code)).map((m) => m.code);
    expect(mutants).toContain(code.replace("s.length +", "s.length -"));
  });

  it("swaps Math methods, removes negations and deletes clauses", async () => {
    const mutants = (await mutantsOf("javascript", JAVASCRIPT)).map((m) => m.code);
    expect(mutants).toContain(JAVASCRIPT.replace("Math.floor", "Math.ceil"));
    expect(mutants).toContain(JAVASCRIPT.replace("Math.floor(count / 2)", "count / 2"));
    expect(mutants).toContain(JAVASCRIPT.replace("!limit", "limit"));
    expect(mutants).toContain(JAVASCRIPT.replace("values[i] < limit || !limit", "values[i] < limit"));
  });

  it("does not rename globals such as Math or properties", async () => {
    const replaced = (await mutantsOf("javascript", JAVASCRIPT)).filter((m) => m.mutation.operator === "replace_name");
    // A name, or a property read the function itself makes (`values.length`, JavaScript's ingredient operator).
    for (const { mutation } of replaced) expect(["values", "limit", "count", "i", "values.length"]).toContain(mutation.edit.text);
    const targets = replaced.map((m) => JAVASCRIPT.slice(m.mutation.edit.start, m.mutation.edit.end));
    expect(targets).not.toContain("Math");
    expect(targets).not.toContain("length");
  });
});

describe("generateMutations guards", () => {
  it("tries first the guard values the function already returns", async () => {
    const code = `def reaches(queue, goal):
    while True:
        node = queue.pop()
        if node == goal:
            return True
    return False
`;
    const guards = (await mutantsOf("python", code))
      .filter(({ mutation }) => mutation.operator === "insert_guard" && mutation.edit.start === code.indexOf("node = queue"))
      .sort((a, b) => a.mutation.cost - b.mutation.cost)
      .map(({ mutation }) => mutation.edit.text.trim().split("\n").pop()?.trim());
    expect(guards.indexOf("return False")).toBeGreaterThanOrEqual(0);
    expect(guards.indexOf("return False")).toBeLessThan(guards.indexOf("return None"));
  });
});

describe("generateMutations: the classes one-token edits miss", () => {
  const MERGE = `def merge(a, b):
    out = []
    i = j = 0
    while i < len(a) and j < len(b):
        if a[i] <= b[j]:
            out.append(a[i])
            i += 1
        else:
            out.append(b[j])
    out.extend(a[i:])
    return out
`;

  it("inserts a base case built from a parameter and the values the function returns, in a recursive function only", async () => {
    const factorial = "def factorial(n):\n    return n * factorial(n - 1)\n";
    const mutants = (await mutantsOf("python", factorial)).map((m) => m.code);
    expect(mutants).toContain("def factorial(n):\n    if n == 0:\n        return 1\n    return n * factorial(n - 1)\n");
    const sort = "function sort(xs) {\n  const [p, ...rest] = xs;\n  return [...sort(rest.filter((x) => x < p)), p, ...sort(rest.filter((x) => x >= p))];\n}\n";
    expect((await mutantsOf("javascript", sort)).map((m) => m.code)).toContain(sort.replace("  const [p", "  if (xs.length <= 1) return xs;\n  const [p"));
    const flat = "def double(n):\n    return n * 2\n";
    expect((await mutantsOf("python", flat)).filter((m) => m.mutation.operator === "insert_guard" && m.code.includes("== 0"))).toEqual([]);
  });

  it("copies a statement from the sibling branch with the branch's names swapped, and mirrors a statement after a loop", async () => {
    const mutants = (await mutantsOf("python", MERGE)).map((m) => m.code);
    expect(mutants).toContain(MERGE.replace("out.append(b[j])\n", "out.append(b[j])\n            j += 1\n"));
    expect(mutants).toContain(MERGE.replace("out.extend(a[i:])\n", "out.extend(a[i:])\n    out.extend(b[j:])\n"));
  });

  it("replaces a subscript by its index or another variable inside any expression", async () => {
    const code = "def best(xs):\n    best = 0\n    for i in range(len(xs)):\n        if xs[i] > xs[best]:\n            best = i\n    return xs[best]\n";
    expect((await mutantsOf("python", code)).map((m) => m.code)).toContain(code.replace("return xs[best]", "return best"));
  });

  it("widens a value with a power, a slice, or a builtin the file already uses, and with nothing it does not", async () => {
    const code = "def spread(xs, k):\n    total = sum(xs)\n    head = xs[:k]\n    return total - k ** 2\n";
    const mutants = (await mutantsOf("python", code)).filter((m) => m.mutation.operator === "widen").map((m) => m.code);
    expect(mutants).toContain(code.replace("total = sum(xs)", "total = sum(xs[k:])"));
    expect(mutants).toContain(code.replace("return total -", "return total ** 2 -"));
    expect(mutants.some((mutant) => mutant.includes("abs("))).toBe(false);
  });

  it("returns another parameter from a base case (Euclid's `if b == 0: return a`)", async () => {
    const gcd = "def gcd(a, b):\n    return gcd(b, a % b)\n";
    expect((await mutantsOf("python", gcd)).map((m) => m.code)).toContain("def gcd(a, b):\n    if b == 0:\n        return a\n    return gcd(b, a % b)\n");
  });

  it("copies a sibling statement renaming the names that share the stem of a renamed pair (evens/odds: even_sum -> odd_sum)", async () => {
    const code = `def split(xs):
    evens, odds = [], []
    even_sum = odd_sum = 0
    for x in xs:
        if x % 2 == 0:
            evens.append(x)
            even_sum += x
        else:
            odds.append(x)
    return evens, odds, even_sum, odd_sum
`;
    const mutants = (await mutantsOf("python", code)).map((m) => m.code);
    expect(mutants).toContain(code.replace("odds.append(x)\n", "odds.append(x)\n            odd_sum += x\n"));
    const js = "function split(xs) {\n  let evenSum = 0;\n  let oddSum = 0;\n  const evens = [];\n  const odds = [];\n  for (const x of xs) {\n    if (x % 2 === 0) {\n      evens.push(x);\n      evenSum += x;\n    } else {\n      odds.push(x);\n    }\n  }\n  return [evenSum, oddSum];\n}\n";
    expect((await mutantsOf("javascript", js)).map((m) => m.code)).toContain(js.replace("odds.push(x);\n", "odds.push(x);\n      oddSum += x;\n"));
  });

  it("inserts a while loop's missing step into the branch that lacks it, and not where the loop already steps", async () => {
    const code = `def squeeze(text):
    out = []
    i = 0
    while i < len(text):
        if text[i] == " ":
            out.append(" ")
            while i < len(text) and text[i] == " ":
                i += 1
        else:
            out.append(text[i])
    return "".join(out)
`;
    const steps = (await mutantsOf("python", code)).filter((m) => m.mutation.operator === "insert_statement").map((m) => m.code);
    expect(steps).toContain(code.replace("out.append(text[i])\n", "out.append(text[i])\n            i += 1\n"));
    expect(steps).not.toContain(code.replace('out.append(" ")\n', 'out.append(" ")\n            i += 1\n'));
  });

  it("makes a running extreme compare (`longest = max(longest, length + 1)`)", async () => {
    const code = "def longest_run(xs):\n    longest = 0\n    length = 0\n    for x in xs:\n        length = length + 1 if x else 0\n        longest = length + 1\n    return longest\n";
    const mutants = (await mutantsOf("python", code)).map((m) => m.code);
    expect(mutants).toContain(code.replace("longest = length + 1", "longest = max(longest, length + 1)"));
    const js = "function best(xs) {\n  let top = 0;\n  for (const x of xs) top = x * 2;\n  return top;\n}\n";
    expect((await mutantsOf("javascript", js)).map((m) => m.code)).toContain(js.replace("top = x * 2", "top = Math.max(top, x * 2)"));
  });

  it("flushes a loop's remainder after it, and copies a call of one branch onto another receiver in the other", async () => {
    const wrap = `def wrap(text, cols):
    lines = []
    while len(text) > cols:
        line, text = text[:cols], text[cols:]
        lines.append(line)
    return lines
`;
    expect((await mutantsOf("python", wrap)).map((m) => m.code)).toContain(wrap.replace("        lines.append(line)\n", "        lines.append(line)\n    lines.append(text)\n"));
    const code = `function toRpn(tokens) {
  const out = [];
  const ops = [];
  for (const token of tokens) {
    if (typeof token === "number") {
      out.push(token);
    } else {
      while (ops.length > 0) out.push(ops.pop());
    }
  }
  return out.concat(ops.reverse());
}
`;
    expect((await mutantsOf("javascript", code)).map((m) => m.code)).toContain(
      code.replace("while (ops.length > 0) out.push(ops.pop());\n", "while (ops.length > 0) out.push(ops.pop());\n      ops.push(token);\n"),
    );
  });

  it("widens a loop's iterable with a slice the file uses", async () => {
    const code = "def tail_sum(arr, k):\n    head = arr[:k]\n    total = 0\n    for x in arr:\n        total += x\n    return total, head\n";
    const mutants = (await mutantsOf("python", code)).filter((m) => m.mutation.operator === "widen").map((m) => m.code);
    expect(mutants).toContain(code.replace("for x in arr:", "for x in arr[k:]:"));
  });

  it("squares an operand of arithmetic even in a file that writes no power, and nothing else", async () => {
    const code = "def near_root(target, guess, eps):\n    miss = abs(target - guess)\n    return miss <= eps, guess\n";
    const widened = (await mutantsOf("python", code)).filter((m) => m.mutation.operator === "widen").map((m) => m.code);
    expect(widened).toContain(code.replace("target - guess", "target - guess ** 2"));
    expect(widened).toContain(code.replace("target - guess", "target ** 2 - guess"));
    // `miss` and `guess` are compared and returned, not operands of arithmetic.
    expect(widened.some((mutant) => mutant.includes("miss ** 2") || mutant.includes("guess ** 2,"))).toBe(false);
    const js = "function nearRoot(target, guess) {\n  return Math.abs(target - guess);\n}\n";
    expect((await mutantsOf("javascript", js)).map((m) => m.code)).toContain(js.replace("target - guess", "target - guess ** 2"));
  });

  it("swaps the parts of a tuple key read along the wrong axis", async () => {
    const code = "def route_cost(cost, n):\n    for i in range(n):\n        for j in range(n):\n            cost[i, j] = min(cost[i, j], cost[j, i] + 1)\n    return cost\n";
    const swapped = (await mutantsOf("python", code)).filter((m) => m.mutation.operator === "swap_arguments").map((m) => m.code);
    expect(swapped).toContain(code.replace("cost[j, i] + 1", "cost[i, j] + 1"));
    expect(swapped).toContain(code.replace("cost[i, j] = min", "cost[j, i] = min"));
  });

  it("moves an assignment into another table the function indexes, keyed by one part of the key", async () => {
    const code =
      "def settle(balances, transfers):\n    owed = {name: 0 for name in balances}\n    for (payer, payee), amount in transfers.items():\n" +
      "        transfers[payer, payee] = owed[payee] + amount\n    return owed\n";
    const mutants = (await mutantsOf("python", code)).map((m) => m.code);
    expect(mutants).toContain(code.replace("transfers[payer, payee] =", "owed[payee] ="));
    expect(mutants).toContain(code.replace("transfers[payer, payee] =", "owed[payer] ="));
    // Only into a table the function indexes: `balances` is iterated, never indexed.
    expect(mutants).not.toContain(code.replace("transfers[payer, payee] =", "balances[payee] ="));
  });

  it("takes a running extreme of the element in hand, not of the whole collection the loop walks", async () => {
    const code = "def peaks(levels):\n    top = 0\n    out = []\n    for level in levels:\n        top = max(levels)\n        out.append(top)\n    return out\n";
    expect((await mutantsOf("python", code)).map((m) => m.code)).toContain(code.replace("max(levels)", "max(top, level)"));
    // Only over the collection the loop walks: `max(levels)` in a loop over another is left alone.
    const other = code.replace("for level in levels:", "for level in sorted(levels):");
    expect((await mutantsOf("python", other)).map((m) => m.code)).not.toContain(other.replace("max(levels)", "max(top, level)"));
    const js = "function lows(xs) {\n  let low = Infinity;\n  const out = [];\n  for (const x of xs) {\n    low = Math.min(xs);\n    out.push(low);\n  }\n  return out;\n}\n";
    expect((await mutantsOf("javascript", js)).map((m) => m.code)).toContain(js.replace("Math.min(xs)", "Math.min(low, x)"));
  });

  it("flushes the last item after a loop over all but the last", async () => {
    const code = "def joined(words, sep):\n    out = []\n    for word in words[:-1]:\n        out.append(word)\n        out.append(sep)\n    return out\n";
    const inserted = (await mutantsOf("python", code)).filter((m) => m.mutation.operator === "insert_statement").map((m) => m.code);
    expect(inserted).toContain(code.replace("        out.append(sep)\n", "        out.append(sep)\n    out.append(words[-1])\n"));
    const whole = code.replace("words[:-1]", "words");
    expect((await mutantsOf("python", whole)).some((m) => m.code.includes("words[-1]"))).toBe(false);
  });

  it("swaps a case method for the one that flips case, and tries 2 for an integer literal", async () => {
    const code = "def shout(text, start):\n    i = 0\n    return text[start + i:].lower()\n";
    const mutants = (await mutantsOf("python", code)).map((m) => m.code);
    expect(mutants).toContain(code.replace(".lower()", ".swapcase()"));
    expect(mutants).toContain(code.replace(".lower()", ".upper()"));
    expect(mutants).toContain(code.replace("i = 0", "i = 2"));
  });

  it("copies a call storing the loop's element into the branch that only tests it, before other copies", async () => {
    const code = `def route(items):
    small = []
    large = []
    for item in items:
        if item < 10:
            small.append(item)
        else:
            while large and large[-1] > item:
                small.append(large.pop())
    return small + large
`;
    const inserted = (await mutantsOf("python", code)).filter((m) => m.mutation.operator === "insert_statement");
    const stored = inserted.find((m) => m.code === code.replace("small.append(large.pop())\n", "small.append(large.pop())\n            large.append(item)\n"));
    expect(stored).toBeDefined();
    // Where the other branch already stores the element, the same copy costs the usual.
    const storing = code.replace("                small.append(large.pop())\n", "                small.append(large.pop())\n            print(item)\n");
    const usual = (await mutantsOf("python", storing)).find((m) => m.code.includes("print(item)\n            large.append(item)"));
    expect(usual?.mutation.cost).toBeGreaterThan(stored?.mutation.cost ?? Infinity);
  });
});
