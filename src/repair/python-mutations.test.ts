import { describe, expect, it } from "vitest";
import { generateMutations } from "./mutation-operators.js";
import { PYTHON_TABLE } from "./operator-tables.js";
import { applyEdits } from "./source-edit.js";
import { parseSource } from "./syntax-tree.js";

async function mutants(code: string): Promise<string[]> {
  const tree = await parseSource("python", code);
  try {
    return generateMutations(tree, code, PYTHON_TABLE).map((mutation) => applyEdits(code, [mutation.edit]));
  } finally {
    tree.delete();
  }
}

describe("Python operators: neighbours of a tuple or list in the wrong order", () => {
  it("swaps the two parts of a returned pair and of a tuple built in a comprehension", async () => {
    const code = [
      "def find_cells(grid, wanted):",
      "    hits = [(col, row) for row in range(len(grid)) for col in range(len(grid[row])) if grid[row][col] == wanted]",
      "    return hits",
      "",
      "def lightest(parcels):",
      "    weight = min(parcels)",
      "    return [parcels.index(weight), weight]",
      "",
    ].join("\n");
    const all = await mutants(code);
    expect(all).toContain(code.replace("(col, row)", "(row, col)"));
    expect(all).toContain(code.replace("[parcels.index(weight), weight]", "[weight, parcels.index(weight)]"));
  });

  it("leaves the targets of an assignment and of a loop alone", async () => {
    const code = "def fib(n):\n    a, b = 0, 1\n    for i, x in enumerate(range(n)):\n        a, b = b, a + b\n    return a\n";
    const all = await mutants(code);
    expect(all).not.toContain(code.replace("    a, b = 0, 1", "    b, a = 0, 1"));
    expect(all).not.toContain(code.replace("for i, x in", "for x, i in"));
    expect(all).toContain(code.replace("a, b = 0, 1", "a, b = 1, 0"));
  });
});

describe("Python operators: a predicate that answers the opposite everywhere", () => {
  it("swaps every boolean a function returns in one edit", async () => {
    const code = [
      "def all_short(words, limit):",
      "    for word in words:",
      "        if len(word) > limit:",
      "            return True",
      "    return False",
      "",
    ].join("\n");
    expect(await mutants(code)).toContain(code.replace("return True", "return @").replace("return False", "return True").replace("return @", "return False"));
  });

  it("does not touch a function that also returns something else", async () => {
    const code = "def lookup(table, key):\n    if key not in table:\n        return False\n    if table[key] is None:\n        return True\n    return table[key]\n";
    const all = await mutants(code);
    expect(all.some((mutant) => mutant.includes("return True\n    if table[key] is None:\n        return False"))).toBe(false);
  });
});

describe("Python operators: arithmetic slips", () => {
  it("adds the parentheses a precedence slip left out, either way round", async () => {
    const code = "def middle_index(items):\n    return len(items) - 1 // 2\n\ndef area(w, h, border):\n    return w * h + border\n";
    const all = await mutants(code);
    expect(all).toContain(code.replace("len(items) - 1 // 2", "(len(items) - 1) // 2"));
    expect(all).toContain(code.replace("w * h + border", "w * (h + border)"));
  });

  it("takes a wrap-around index modulo the size of the sequence it indexes", async () => {
    const code = "LETTERS = 'abcdefghijklmnopqrstuvwxyz'\n\ndef rotate(ch, k):\n    return LETTERS[(LETTERS.index(ch) + k) % 25]\n";
    expect(await mutants(code)).toContain(code.replace("% 25", "% len(LETTERS)"));
  });

  it("counts both ends of an inclusive range in a mean", async () => {
    const code = "def mean_of_range(lo, hi):\n    total = sum(range(lo, hi + 1))\n    return total / (hi - lo)\n";
    expect(await mutants(code)).toContain(code.replace("(hi - lo)", "(hi - lo + 1)"));
  });

  it("uses another call of the same function the function already makes", async () => {
    const code = "def shift_letter(ch, k):\n    start = ord('a')\n    return chr((ord(ch) - ord(ch) + k) % 26 + start)\n";
    expect(await mutants(code)).toContain(code.replace("ord(ch) - ord(ch)", "ord(ch) - ord('a')"));
  });

  it("drops several stray factors at the end of a product", async () => {
    const code = "def last_digits_product(a, b):\n    return (a % 10) * (b % 10) * a * b\n";
    expect(await mutants(code)).toContain(code.replace(" * a * b", ""));
  });

  it("halves a sum: a midpoint and a semi-perimeter", async () => {
    const code = "def heron(a, b, c):\n    s = a + b + c\n    return (s * (s - a) * (s - b) * (s - c)) ** 0.5\n";
    expect(await mutants(code)).toContain(code.replace("s = a + b + c", "s = (a + b + c) / 2"));
  });

  it("raises a root back to its power when it is compared with its radicand", async () => {
    const code = "def is_square_of_cube(n):\n    root = round(abs(n) ** (1 / 3))\n    return round(abs(n) ** (1 / 3)) == abs(n)\n";
    expect(await mutants(code)).toContain(code.replace("return round(abs(n) ** (1 / 3)) == abs(n)", "return round(abs(n) ** (1 / 3)) ** 3 == abs(n)"));
  });

  it("offers floor division wherever a swap offers division, for augmented assignments too", async () => {
    const code = "def digit_count(n, base):\n    count = 0\n    while n > 0:\n        n -= base\n        count += 1\n    return count * base\n";
    const all = await mutants(code);
    expect(all).toContain(code.replace("n -= base", "n //= base"));
    expect(all).toContain(code.replace("count * base", "count // base"));
  });
});

describe("Python operators: missing filters and conversions", () => {
  it("guards the body of an inner loop whose variable it never reads", async () => {
    const code = [
      "def shared_tags(left, right):",
      "    found = []",
      "    for a in left:",
      "        for b in right:",
      "            found.append(a)",
      "    return found",
      "",
    ].join("\n");
    expect(await mutants(code)).toContain(code.replace("            found.append(a)", "            if a == b:\n                found.append(a)"));
  });

  it("compares two collections as sets and removes repeats before sorting", async () => {
    const code = "def same_letters(a, b):\n    return a == b\n\ndef unique_in_order(xs):\n    return sorted(xs)\n";
    const all = await mutants(code);
    expect(all).toContain(code.replace("a == b", "set(a) == set(b)"));
    expect(all).toContain(code.replace("sorted(xs)", "sorted(set(xs))"));
  });

  it("drops the first element of a returned comprehension", async () => {
    const code = "def gaps(xs):\n    return [xs[i] - xs[i - 1] for i in range(len(xs))]\n";
    expect(await mutants(code)).toContain(code.replace("for i in range(len(xs))]", "for i in range(len(xs))][1:]"));
  });

  it("compares the element at the loop's index with its mirror instead of a counter", async () => {
    const code = [
      "def mismatches(word):",
      "    n = 0",
      "    for i in range(len(word) // 2):",
      "        if n != word[len(word) - 1 - i]:",
      "            n += 1",
      "    return n",
      "",
    ].join("\n");
    expect(await mutants(code)).toContain(code.replace("if n != word", "if word[i] != word"));
  });
});

describe("Python operators: short string literals", () => {
  it("tries a space for a separator, padding on the other side and one character less", async () => {
    const code = [
      "def tidy(text):",
      "    out = []",
      "    for ch in text:",
      "        out.append(';' if ch == ',' else ch)",
      "    return ''.join(out).count(' a') + len('ab+')",
      "",
    ].join("\n");
    const all = await mutants(code);
    expect(all).toContain(code.replace("append(';'", "append(' '"));
    expect(all).toContain(code.replace("count(' a')", "count('a ')"));
    expect(all).toContain(code.replace("len('ab+')", "len('ab')"));
  });

  it("adds the other case to a set of letters, never to a docstring", async () => {
    const code = 'def count_vowels(word):\n    """abc"""\n    vowels = "aeiou"\n    return sum(1 for ch in word if ch in vowels)\n';
    const all = await mutants(code);
    expect(all).toContain(code.replace('"aeiou"', '"aeiouAEIOU"'));
    expect(all.some((mutant) => mutant.includes('"""abcABC"""'))).toBe(false);
  });
});

describe("Python operators: Python forms of JavaScript's string classes", () => {
  it("lower-cases a string parameter read as a value, but not one annotated as another type", async () => {
    const code = [
      "from typing import List",
      "",
      "def distinct_letters(word: str) -> int:",
      "    return len(set(word))",
      "",
      "def total(prices: List[int]) -> int:",
      "    return sum(prices)",
      "",
      "def shout(message):",
      "    return message + '!'",
      "",
    ].join("\n");
    const all = await mutants(code);
    expect(all).toContain(code.replace("set(word)", "set(word.lower())"));
    expect(all).toContain(code.replace("message + '!'", "message.lower() + '!'"));
    expect(all.some((mutant) => mutant.includes("prices.lower()"))).toBe(false);
  });

  it("sorts what a join takes, by default and by the lookup table the function defines", async () => {
    const code = [
      "def order_sizes(text):",
      "    rank = {'small': 1, 'medium': 2, 'large': 3}",
      "    return ', '.join([size for size in text.split(',') if size])",
      "",
      "def tidy(words):",
      "    order = {'a': 1, 'b': 2}",
      "    return ' '.join(sorted(words))",
      "",
    ].join("\n");
    const all = await mutants(code);
    const items = "[size for size in text.split(',') if size]";
    expect(all).toContain(code.replace(items, `sorted(${items})`));
    expect(all).toContain(code.replace(items, `sorted(${items}, key=lambda size: rank[size])`));
    // Already sorted: no second order by the table.
    expect(all.some((mutant) => mutant.includes("order[x]"))).toBe(false);
  });
});
