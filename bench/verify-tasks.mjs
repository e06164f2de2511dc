// Tasks for bench:verify, written HumanEval-style: a requirement or docstring with worked
// examples, a buggy draft (a plausible human slip: an operator, a bound, a constant, a
// variable), the one-place fix (`fix.from` -> `fix.to`, for the reference), and a hidden test
// suite the loop never sees, wider than the examples (edge cases, larger inputs).
// The examples are what a person would write in a docstring: two or three typical calls.

const py = (id, draft, fix, hidden, prompt = "") => ({ id: `python/${id}`, language: "python", entry: `${id}.py`, prompt, draft, fix, hidden });
const js = (id, draft, fix, hidden, prompt = "") => ({ id: `javascript/${id}`, language: "javascript", entry: `${id}.js`, prompt, draft, fix, hidden });

const pytest = (id, body) => `from ${id} import *  # noqa: F403\n\n\n${body.trim()}\n`;
const nodeTest = (id, names, body) =>
  `import { test } from "node:test";\nimport assert from "node:assert/strict";\nimport { ${names} } from "./${id}.js";\n\n${body.trim()}\n`;

export const TASKS = [
  py(
    "below_threshold",
    `def below_threshold(values: list, threshold: int) -> bool:
    """Return True if every number in the list is strictly below threshold.
    >>> below_threshold([1, 2, 4, 10], 100)
    True
    >>> below_threshold([1, 20, 4, 10], 5)
    False
    """
    for value in values:
        if value > threshold:
            return False
    return True
`,
    { from: "value > threshold", to: "value >= threshold" },
    pytest("below_threshold", `
def test_hidden():
    assert below_threshold([1, 2, 4, 10], 100)
    assert not below_threshold([1, 20, 4, 10], 5)
    assert below_threshold([1, 20, 4, 10], 21)
    assert not below_threshold([1, 2, 3], 3)
    assert below_threshold([], 0)
`),
  ),
  py(
    "sum_to_n",
    `def sum_to_n(n: int) -> int:
    """Sum the numbers from 1 to n inclusive.
    >>> sum_to_n(30)
    465
    >>> sum_to_n(5)
    15
    >>> sum_to_n(1)
    1
    """
    return sum(range(n))
`,
    { from: "range(n)", to: "range(n + 1)" },
    pytest("sum_to_n", `
def test_hidden():
    assert sum_to_n(1) == 1
    assert sum_to_n(6) == 21
    assert sum_to_n(11) == 66
    assert sum_to_n(100) == 5050
`),
  ),
  py(
    "running_max",
    `def running_max(values):
    """Return the largest value seen so far at each position.

    >>> running_max([1, 3, 2, 5, 4])
    [1, 3, 3, 5, 5]
    >>> running_max([])
    []
    """
    result = []
    best = None
    for value in values:
        if best is None or value < best:
            best = value
        result.append(best)
    return result
`,
    { from: "value < best", to: "value > best" },
    pytest("running_max", `
def test_hidden():
    assert running_max([]) == []
    assert running_max([7]) == [7]
    assert running_max([5, 4, 3]) == [5, 5, 5]
    assert running_max([-3, -1, -2]) == [-3, -1, -1]
    assert running_max([1, 2, 3]) == [1, 2, 3]
`),
  ),
  py(
    "is_palindrome",
    `def is_palindrome(text: str) -> bool:
    """Checks if the given string reads the same backwards.
    >>> is_palindrome('')
    True
    >>> is_palindrome('aba')
    True
    >>> is_palindrome('zbcd')
    False
    """
    for i in range(len(text) // 2):
        if text[i] != text[len(text) - i]:
            return False
    return True
`,
    { from: "text[len(text) - i]", to: "text[len(text) - 1 - i]" },
    pytest("is_palindrome", `
def test_hidden():
    assert is_palindrome('')
    assert is_palindrome('aba')
    assert is_palindrome('aaaaa')
    assert not is_palindrome('zbcd')
    assert is_palindrome('xywyx')
    assert not is_palindrome('xywyz')
    assert not is_palindrome('xywzx')
`),
  ),
  py(
    "factorial",
    `def factorial(n: int) -> int:
    """Return n! for a non-negative n.
    >>> factorial(5)
    120
    >>> factorial(0)
    1
    """
    result = 1
    for k in range(1, n):
        result *= k
    return result
`,
    { from: "range(1, n)", to: "range(1, n + 1)" },
    pytest("factorial", `
def test_hidden():
    assert factorial(0) == 1
    assert factorial(1) == 1
    assert factorial(3) == 6
    assert factorial(10) == 3628800
`),
  ),
  py(
    "fib",
    `def fib(n: int) -> int:
    """Return the n-th Fibonacci number (fib(1) == 1, fib(2) == 1).
    >>> fib(10)
    55
    >>> fib(1)
    1
    >>> fib(8)
    21
    """
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return b
`,
    { from: "return b", to: "return a" },
    pytest("fib", `
def test_hidden():
    assert fib(10) == 55
    assert fib(1) == 1
    assert fib(2) == 1
    assert fib(8) == 21
    assert fib(11) == 89
    assert fib(12) == 144
`),
  ),
  py(
    "max_profit",
    `def max_profit(prices: list) -> int:
    """Best profit of one buy followed by one later sell; 0 when no trade makes money.
    >>> max_profit([7, 1, 5, 3, 6, 4])
    5
    >>> max_profit([7, 6, 4, 3, 1])
    0
    """
    lowest = float("inf")
    best = 0
    for price in prices:
        if price > lowest:
            lowest = price
        best = max(best, price - lowest)
    return best
`,
    { from: "price > lowest", to: "price < lowest" },
    pytest("max_profit", `
def test_hidden():
    assert max_profit([7, 1, 5, 3, 6, 4]) == 5
    assert max_profit([7, 6, 4, 3, 1]) == 0
    assert max_profit([]) == 0
    assert max_profit([2, 4, 1, 7]) == 6
    assert max_profit([3, 3, 3]) == 0
`),
  ),
  py(
    "rotate_left",
    `def rotate_left(items: list, k: int) -> list:
    """Rotate the list k places to the left; k may exceed the length.
    >>> rotate_left([1, 2, 3, 4, 5], 2)
    [3, 4, 5, 1, 2]
    >>> rotate_left([1, 2, 3], 0)
    [1, 2, 3]
    """
    if not items:
        return []
    k = k % len(items)
    return items[k + 1:] + items[:k]
`,
    { from: "items[k + 1:]", to: "items[k:]" },
    pytest("rotate_left", `
def test_hidden():
    assert rotate_left([1, 2, 3, 4, 5], 2) == [3, 4, 5, 1, 2]
    assert rotate_left([1, 2, 3], 0) == [1, 2, 3]
    assert rotate_left([1, 2, 3], 4) == [2, 3, 1]
    assert rotate_left([], 3) == []
    assert rotate_left([9], 5) == [9]
`),
  ),
  py(
    "triangle_area",
    `def triangle_area(base: float, height: float) -> float:
    """Area of a triangle from its base and height.
    >>> triangle_area(5, 3)
    7.5
    """
    return base * height // 2
`,
    { from: "base * height // 2", to: "base * height / 2" },
    pytest("triangle_area", `
def test_hidden():
    assert triangle_area(5, 3) == 7.5
    assert triangle_area(2, 2) == 2.0
    assert triangle_area(10, 8) == 40.0
    assert triangle_area(1, 1) == 0.5
`),
  ),
  py(
    "count_upper_even",
    `def count_upper_even(s: str) -> int:
    """Count the uppercase vowels at even indices of s.
    >>> count_upper_even('aBCdEf')
    1
    >>> count_upper_even('abcdefg')
    0
    >>> count_upper_even('dBBE')
    0
    """
    count = 0
    for i in range(1, len(s), 2):
        if s[i] in "AEIOU":
            count += 1
    return count
`,
    { from: "range(1, len(s), 2)", to: "range(0, len(s), 2)" },
    pytest("count_upper_even", `
def test_hidden():
    assert count_upper_even('aBCdEf') == 1
    assert count_upper_even('abcdefg') == 0
    assert count_upper_even('dBBE') == 0
    assert count_upper_even('B') == 0
    assert count_upper_even('U') == 1
    assert count_upper_even('EEEE') == 2
`),
  ),
  py(
    "mean_absolute_deviation",
    `def mean_absolute_deviation(numbers: list) -> float:
    """Average absolute difference between each number and the mean of the numbers.
    >>> mean_absolute_deviation([1.0, 2.0, 3.0, 4.0])
    1.0
    """
    mean = sum(numbers) / len(numbers)
    return sum(abs(x - mean) for x in numbers) / (len(numbers) - 1)
`,
    { from: "/ (len(numbers) - 1)", to: "/ len(numbers)" },
    pytest("mean_absolute_deviation", `
def test_hidden():
    assert abs(mean_absolute_deviation([1.0, 2.0, 3.0]) - 2.0 / 3.0) < 1e-6
    assert abs(mean_absolute_deviation([1.0, 2.0, 3.0, 4.0]) - 1.0) < 1e-6
    assert abs(mean_absolute_deviation([1.0, 2.0, 3.0, 4.0, 5.0]) - 6.0 / 5.0) < 1e-6
`),
  ),
  py(
    "below_zero",
    `def below_zero(operations: list) -> bool:
    """Given deposits and withdrawals on an account starting at zero, tell whether
    the balance ever falls below zero.
    >>> below_zero([1, 2, 3])
    False
    >>> below_zero([1, 2, -4, 5])
    True
    """
    balance = 0
    for op in operations:
        balance += op
        if balance <= 0:
            return True
    return False
`,
    { from: "balance <= 0", to: "balance < 0" },
    pytest("below_zero", `
def test_hidden():
    assert below_zero([]) is False
    assert below_zero([1, 2, -3, 1, 2, -3]) is False
    assert below_zero([1, 2, -4, 5, 6]) is True
    assert below_zero([1, -1, 2, -2, 5, -5, 4, -4]) is False
    assert below_zero([1, -1, 2, -2, 5, -5, 4, -5]) is True
    assert below_zero([1, -2, 2, -2, 5, -5, 4, -4]) is True
`),
  ),
  py(
    "truncate_number",
    `def truncate_number(number: float) -> float:
    """Return the decimal part of a positive floating point number.
    >>> truncate_number(3.5)
    0.5
    """
    return number // 1.0
`,
    { from: "number // 1.0", to: "number % 1.0" },
    pytest("truncate_number", `
def test_hidden():
    assert truncate_number(3.5) == 0.5
    assert abs(truncate_number(1.33) - 0.33) < 1e-6
    assert abs(truncate_number(123.456) - 0.456) < 1e-6
`),
  ),
  py(
    "largest_divisor",
    `def largest_divisor(n: int) -> int:
    """For a given n > 1, find the largest number that divides n evenly, smaller than n.
    >>> largest_divisor(15)
    5
    """
    for i in reversed(range(n + 1)):
        if n % i == 0:
            return i
`,
    { from: "range(n + 1)", to: "range(1, n)" },
    pytest("largest_divisor", `
def test_hidden():
    assert largest_divisor(3) == 1
    assert largest_divisor(7) == 1
    assert largest_divisor(10) == 5
    assert largest_divisor(100) == 50
    assert largest_divisor(49) == 7
`),
  ),
  py(
    "common",
    `def common(l1: list, l2: list) -> list:
    """Return the sorted unique elements found in both lists.
    >>> common([1, 4, 3, 34, 653, 2, 5], [5, 7, 1, 5, 9, 653, 121])
    [1, 5, 653]
    >>> common([5, 3, 2, 8], [3, 2])
    [2, 3]
    """
    found = set()
    for e1 in l1:
        for e2 in l2:
            if e1 != e2:
                found.add(e1)
    return sorted(found)
`,
    { from: "e1 != e2", to: "e1 == e2" },
    pytest("common", `
def test_hidden():
    assert common([1, 4, 3, 34, 653, 2, 5], [5, 7, 1, 5, 9, 653, 121]) == [1, 5, 653]
    assert common([5, 3, 2, 8], [3, 2]) == [2, 3]
    assert common([4, 3, 2, 8], [3, 2, 4]) == [2, 3, 4]
    assert common([4, 3, 2, 8], []) == []
`),
  ),
  py(
    "gcd",
    `def greatest_common_divisor(a: int, b: int) -> int:
    """Return the greatest common divisor of two integers a and b.
    >>> greatest_common_divisor(3, 5)
    1
    >>> greatest_common_divisor(25, 15)
    5
    """
    while b:
        a, b = b, a % b
    return b
`,
    { from: "return b", to: "return a" },
    pytest("gcd", `
def test_hidden():
    assert greatest_common_divisor(3, 7) == 1
    assert greatest_common_divisor(10, 15) == 5
    assert greatest_common_divisor(49, 14) == 7
    assert greatest_common_divisor(144, 60) == 12
`),
  ),
  py(
    "is_prime",
    `def is_prime(n: int) -> bool:
    """Return True if n is a prime number.
    >>> is_prime(6)
    False
    >>> is_prime(101)
    True
    >>> is_prime(13441)
    True
    >>> is_prime(1)
    False
    """
    if n < 2:
        return False
    for k in range(2, n - 1):
        if n % k == 0:
            return True
    return True
`,
    { from: "            return True\n    return True", to: "            return False\n    return True" },
    pytest("is_prime", `
def test_hidden():
    assert is_prime(6) is False
    assert is_prime(101) is True
    assert is_prime(11) is True
    assert is_prime(13441) is True
    assert is_prime(61) is True
    assert is_prime(4) is False
    assert is_prime(1) is False
    assert is_prime(5) is True
    assert is_prime(85) is False
`),
  ),
  py(
    "add_elements",
    `def add_elements(arr: list, k: int) -> int:
    """Sum the elements with at most two digits among the first k elements of arr.
    >>> add_elements([111, 21, 3, 4000, 5, 6, 7, 8, 9], 4)
    24
    """
    return sum(elem for elem in arr[:k] if len(str(elem)) < 2)
`,
    { from: "len(str(elem)) < 2", to: "len(str(elem)) <= 2" },
    pytest("add_elements", `
def test_hidden():
    assert add_elements([1, -2, -3, 41, 57, 76, 87, 88, 99], 3) == -4
    assert add_elements([111, 121, 3, 4000, 5, 6], 2) == 0
    assert add_elements([11, 21, 3, 90, 5, 6, 7, 8, 9], 4) == 125
    assert add_elements([111, 21, 3, 4000, 5, 6, 7, 8, 9], 4) == 24
    assert add_elements([1], 1) == 1
`),
  ),
  py(
    "monotonic",
    `def monotonic(values: list) -> bool:
    """Return True if the list elements are monotonically increasing or decreasing.
    >>> monotonic([1, 2, 4, 20])
    True
    >>> monotonic([1, 20, 4, 10])
    False
    >>> monotonic([4, 1, 0, -10])
    True
    """
    return values == sorted(values) and values == sorted(values, reverse=True)
`,
    { from: "values == sorted(values) and", to: "values == sorted(values) or" },
    pytest("monotonic", `
def test_hidden():
    assert monotonic([1, 2, 4, 10]) is True
    assert monotonic([1, 2, 4, 20]) is True
    assert monotonic([1, 20, 4, 10]) is False
    assert monotonic([4, 1, 0, -10]) is True
    assert monotonic([4, 1, 1, 0]) is True
    assert monotonic([1, 2, 3, 2, 5, 60]) is False
    assert monotonic([9, 9, 9, 9]) is True
`),
  ),
  py(
    "pairs_sum_to_zero",
    `def pairs_sum_to_zero(values: list) -> bool:
    """Return True if two distinct elements of the list sum to zero.
    >>> pairs_sum_to_zero([1, 3, 5, 0])
    False
    >>> pairs_sum_to_zero([2, 4, -5, 3, 5, 7])
    True
    >>> pairs_sum_to_zero([1])
    False
    """
    for i in range(len(values)):
        for j in range(i, len(values)):
            if values[i] + values[j] == 0:
                return True
    return False
`,
    { from: "range(i, len(values))", to: "range(i + 1, len(values))" },
    pytest("pairs_sum_to_zero", `
def test_hidden():
    assert pairs_sum_to_zero([1, 3, 5, 0]) is False
    assert pairs_sum_to_zero([1, 3, -2, 1]) is False
    assert pairs_sum_to_zero([1, 2, 3, 7]) is False
    assert pairs_sum_to_zero([2, 4, -5, 3, 5, 7]) is True
    assert pairs_sum_to_zero([1]) is False
    assert pairs_sum_to_zero([-3, 9, -1, 3, 2, 30]) is True
    assert pairs_sum_to_zero([0, 0]) is True
`),
  ),
  py(
    "median",
    `def median(values: list) -> float:
    """Return the median of the elements of a non-empty list.
    >>> median([3, 1, 2, 4, 5])
    3
    >>> median([-10, 4, 6, 1000, 10, 20])
    8.0
    """
    ordered = sorted(values)
    middle = len(ordered) // 2
    if len(ordered) % 2 == 1:
        return ordered[middle]
    return (ordered[middle] + ordered[middle + 1]) / 2
`,
    { from: "ordered[middle] + ordered[middle + 1]", to: "ordered[middle - 1] + ordered[middle]" },
    pytest("median", `
def test_hidden():
    assert median([3, 1, 2, 4, 5]) == 3
    assert median([-10, 4, 6, 1000, 10, 20]) == 8.0
    assert median([5]) == 5
    assert median([6, 5]) == 5.5
    assert median([8, 1, 3, 9, 9, 2, 7]) == 7
`),
  ),
  py(
    "digit_sum",
    `def digit_sum(n: int) -> int:
    """Sum of the decimal digits of a non-negative integer.
    >>> digit_sum(123)
    6
    >>> digit_sum(0)
    0
    """
    total = 0
    while n > 0:
        total += n // 10
        n //= 10
    return total
`,
    { from: "total += n // 10", to: "total += n % 10" },
    pytest("digit_sum", `
def test_hidden():
    assert digit_sum(0) == 0
    assert digit_sum(7) == 7
    assert digit_sum(123) == 6
    assert digit_sum(9999) == 36
    assert digit_sum(1005) == 6
`),
  ),
  py(
    "count_distinct_characters",
    `def count_distinct_characters(text: str) -> int:
    """Count the distinct characters of text, ignoring case.
    >>> count_distinct_characters('xyzXYZ')
    3
    >>> count_distinct_characters('Jerry')
    4
    """
    return len(set(text))
`,
    { from: "set(text)", to: "set(text.lower())" },
    pytest("count_distinct_characters", `
def test_hidden():
    assert count_distinct_characters('') == 0
    assert count_distinct_characters('abcde') == 5
    assert count_distinct_characters('abcde' + 'cade' + 'CADE') == 5
    assert count_distinct_characters('aaaaAAAAaaaa') == 1
    assert count_distinct_characters('Jerry jERRY JeRRRY') == 5
`),
  ),
  py(
    "strip_vowels",
    `def strip_vowels(text: str) -> str:
    """Remove the vowels (a, e, i, o, u, either case) from text.
    >>> strip_vowels('abcdef')
    'bcdf'
    >>> strip_vowels('aaBAA')
    'B'
    """
    return "".join(char for char in text if char.lower() in "aeiou")
`,
    { from: 'char.lower() in "aeiou"', to: 'char.lower() not in "aeiou"' },
    pytest("strip_vowels", `
def test_hidden():
    assert strip_vowels('') == ''
    assert strip_vowels('abcdef\\nghijklm') == 'bcdf\\nghjklm'
    assert strip_vowels('fedcba') == 'fdcb'
    assert strip_vowels('eeeee') == ''
    assert strip_vowels('acBAA') == 'cB'
    assert strip_vowels('ybcd') == 'ybcd'
`),
  ),
  // Examples written as lines `f(x) == y` in the requirement, the draft has no docstring.
  py(
    "count_positive",
    `def count_positive(values):
    return len([value for value in values if value >= 0])
`,
    { from: "value >= 0", to: "value > 0" },
    pytest("count_positive", `
def test_hidden():
    assert count_positive([1, -2, 3]) == 2
    assert count_positive([0, 0]) == 0
    assert count_positive([]) == 0
    assert count_positive([-1, -5]) == 0
    assert count_positive([4, 0, 9]) == 2
`),
    "Write count_positive(values): how many numbers of the list are strictly positive (zero is not).\n\n- count_positive([1, -2, 3]) == 2\n- count_positive([0, 5]) == 1\n- count_positive([]) == 0\n",
  ),
  py(
    "last_word_length",
    `def last_word_length(sentence):
    words = sentence.split()
    return len(words[0]) if words else 0
`,
    { from: "words[0]", to: "words[-1]" },
    pytest("last_word_length", `
def test_hidden():
    assert last_word_length("Hello World") == 5
    assert last_word_length("   fly me   to   the moon  ") == 4
    assert last_word_length("") == 0
    assert last_word_length("a") == 1
    assert last_word_length("luffy is still joyboy") == 6
`),
    "Return the length of the last word of the sentence (words are separated by spaces), 0 when there is none.\n\n```python\nlast_word_length(\"Hello World\") == 5\nlast_word_length(\"\") == 0\n```\n",
  ),
  js(
    "clamp",
    `/**
 * Limits value to the range [low, high].
 * @example clamp(5, 0, 10) // => 5
 * @example clamp(-3, 0, 10) // => 0
 * @example clamp(42, 0, 10) // => 10
 */
export function clamp(value, low, high) {
  if (value < low) return low;
  if (value < high) return high;
  return value;
}
`,
    { from: "value < high", to: "value > high" },
    nodeTest("clamp", "clamp", `
test("hidden", () => {
  assert.equal(clamp(5, 0, 10), 5);
  assert.equal(clamp(0, 0, 10), 0);
  assert.equal(clamp(10, 0, 10), 10);
  assert.equal(clamp(-1, 0, 10), 0);
  assert.equal(clamp(11, 0, 10), 10);
});
`),
  ),
  js(
    "chunk",
    `/**
 * Splits array into consecutive pieces of size items; the last piece may be shorter.
 * @example chunk([1, 2, 3, 4], 2) // => [[1, 2], [3, 4]]
 * @example chunk([1, 2, 3], 5) // => [[1, 2, 3]]
 */
export function chunk(array, size) {
  const chunks = [];
  for (let i = 0; i < array.length; i += size) {
    chunks.push(array.slice(i, i + size - 1));
  }
  return chunks;
}
`,
    { from: "i + size - 1", to: "i + size" },
    nodeTest("chunk", "chunk", `
test("hidden", () => {
  assert.deepEqual(chunk([1, 2, 3, 4], 2), [[1, 2], [3, 4]]);
  assert.deepEqual(chunk([1, 2, 3, 4, 5], 2), [[1, 2], [3, 4], [5]]);
  assert.deepEqual(chunk([], 3), []);
  assert.deepEqual(chunk([1, 2], 5), [[1, 2]]);
});
`),
  ),
  js(
    "capitalize",
    `/**
 * Upper-cases the first letter of word and leaves the rest as it is.
 * @example capitalize("hello") // => "Hello"
 * @example capitalize("a") // => "A"
 */
export function capitalize(word) {
  if (word === "") return word;
  return word[0].toUpperCase() + word.slice(0);
}
`,
    { from: "word.slice(0)", to: "word.slice(1)" },
    nodeTest("capitalize", "capitalize", `
test("hidden", () => {
  assert.equal(capitalize("hello"), "Hello");
  assert.equal(capitalize(""), "");
  assert.equal(capitalize("mIxed"), "MIxed");
  assert.equal(capitalize("x"), "X");
});
`),
  ),
  js(
    "range",
    `/**
 * The integers from start up to, but not including, end, going by step.
 * @example range(0, 5) // => [0, 1, 2, 3, 4]
 * @example range(2, 10, 3) // => [2, 5, 8]
 */
export function range(start, end, step = 1) {
  const result = [];
  for (let i = start; i <= end; i += step) result.push(i);
  return result;
}
`,
    { from: "i <= end", to: "i < end" },
    nodeTest("range", "range", `
test("hidden", () => {
  assert.deepEqual(range(0, 5), [0, 1, 2, 3, 4]);
  assert.deepEqual(range(2, 10, 3), [2, 5, 8]);
  assert.deepEqual(range(3, 3), []);
  assert.deepEqual(range(0, 9, 3), [0, 3, 6]);
});
`),
  ),
  js(
    "count_occurrences",
    `/**
 * How many times value occurs in array (strict equality).
 * @example countOccurrences([1, 2, 1, 3], 1) // => 2
 * @example countOccurrences([], 1) // => 0
 */
export function countOccurrences(array, value) {
  return array.filter((item) => item !== value).length;
}
`,
    { from: "item !== value", to: "item === value" },
    nodeTest("count_occurrences", "countOccurrences", `
test("hidden", () => {
  assert.equal(countOccurrences([1, 2, 1, 3], 1), 2);
  assert.equal(countOccurrences(["a", "b"], "c"), 0);
  assert.equal(countOccurrences([1, "1", 1], 1), 2);
  assert.equal(countOccurrences([], 1), 0);
});
`),
  ),
  js(
    "last_items",
    `/**
 * The last n items of array (all of them when n is larger than its length).
 * @example lastItems([1, 2, 3, 4], 2) // => [3, 4]
 * @example lastItems([1, 2], 5) // => [1, 2]
 */
export function lastItems(array, n) {
  return array.slice(Math.max(array.length + n, 0));
}
`,
    { from: "array.length + n", to: "array.length - n" },
    nodeTest("last_items", "lastItems", `
test("hidden", () => {
  assert.deepEqual(lastItems([1, 2, 3, 4], 2), [3, 4]);
  assert.deepEqual(lastItems([1, 2], 5), [1, 2]);
  assert.deepEqual(lastItems([1, 2, 3], 0), []);
  assert.deepEqual(lastItems([1, 2, 3], 1), [3]);
});
`),
  ),
  js(
    "is_leap_year",
    `/**
 * Whether year is a leap year in the Gregorian calendar.
 * @example isLeapYear(2024) // => true
 * @example isLeapYear(2023) // => false
 * @example isLeapYear(1900) // => false
 */
export function isLeapYear(year) {
  return year % 4 === 0 && (year % 100 === 0 || year % 400 === 0);
}
`,
    { from: "year % 100 === 0", to: "year % 100 !== 0" },
    nodeTest("is_leap_year", "isLeapYear", `
test("hidden", () => {
  assert.equal(isLeapYear(2024), true);
  assert.equal(isLeapYear(2023), false);
  assert.equal(isLeapYear(1900), false);
  assert.equal(isLeapYear(2000), true);
  assert.equal(isLeapYear(1996), true);
});
`),
  ),
  js(
    "average",
    `/**
 * The arithmetic mean of a non-empty list of numbers.
 * @example average([1, 2, 3, 4]) // => 2.5
 */
export function average(numbers) {
  let sum = 0;
  for (const n of numbers) sum += n;
  return sum / (numbers.length - 1);
}
`,
    { from: "sum / (numbers.length - 1)", to: "sum / numbers.length" },
    nodeTest("average", "average", `
test("hidden", () => {
  assert.equal(average([1, 2, 3, 4]), 2.5);
  assert.equal(average([5]), 5);
  assert.equal(average([-2, 2]), 0);
  assert.equal(average([1, 1, 4]), 2);
});
`),
  ),
  js(
    "unique_words",
    `/**
 * The words of list without repeats, in the order they first appear.
 * @example uniqueWords(["a", "b", "a", "c", "b"]) // => ["a", "b", "c"]
 */
export function uniqueWords(list) {
  return list.filter((word, index) => list.indexOf(word) !== index);
}
`,
    { from: "list.indexOf(word) !== index", to: "list.indexOf(word) === index" },
    nodeTest("unique_words", "uniqueWords", `
test("hidden", () => {
  assert.deepEqual(uniqueWords(["a", "b", "a", "c", "b"]), ["a", "b", "c"]);
  assert.deepEqual(uniqueWords([]), []);
  assert.deepEqual(uniqueWords(["x", "x", "x"]), ["x"]);
  assert.deepEqual(uniqueWords(["q", "r"]), ["q", "r"]);
});
`),
  ),
  // Examples in a code block of the requirement, the draft has no JSDoc.
  js(
    "sum_digits",
    `export function sumDigits(n) {
  let total = 0;
  for (const digit of String(Math.abs(n))) total += Number(digit);
  return total - 1;
}
`,
    { from: "return total - 1;", to: "return total;" },
    nodeTest("sum_digits", "sumDigits", `
test("hidden", () => {
  assert.equal(sumDigits(123), 6);
  assert.equal(sumDigits(-45), 9);
  assert.equal(sumDigits(0), 0);
  assert.equal(sumDigits(9999), 36);
});
`),
    "Write sumDigits(n): the sum of the decimal digits of an integer (the sign is ignored).\n\n```js\nsumDigits(123) // => 6\nsumDigits(-45) // => 9\n```\n",
  ),
];
