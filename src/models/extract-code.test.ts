import { describe, expect, it } from "vitest";
import { cannedReplies } from "../testkit/canned-replies.js";
import { extractCode } from "./extract-code.js";

describe("extractCode", () => {
  it("takes the fenced block out of prose", () => {
    const result = extractCode(cannedReplies.python.right, "python");
    expect(result).toEqual({ code: cannedReplies.python.code.right, method: "fence", truncated: false });
  });

  it("prefers the program over its tests and over shell commands", () => {
    const result = extractCode(cannedReplies.python.withTests, "python");
    expect(result.code).toBe(cannedReplies.python.code.right);
    expect(result.method).toBe("fence");
  });

  it("takes a test fence when it is the only code there is", () => {
    const reply = "Tests:\n\n```python\n" + cannedReplies.python.code.tests + "```\n";
    expect(extractCode(reply, "python").code).toContain("def test_even");
  });

  it("prefers the fence tagged with the language over other languages and output", () => {
    const reply = [
      "Given this input:",
      "```json\n{\"values\": [1, 2, 3, 4], \"expected\": 2.5, \"note\": \"a longer json block than the code itself, to tempt a longest-wins rule\"}\n```",
      "the JavaScript version is:",
      "```js\nexport const median = (xs) => xs[0];\n```",
      "and in Python it would be:",
      "```python\ndef median(xs):\n    return sorted(xs)[len(xs) // 2]\n```",
    ].join("\n");
    expect(extractCode(reply, "javascript").code).toBe("export const median = (xs) => xs[0];\n");
    expect(extractCode(reply, "python").code).toBe("def median(xs):\n    return sorted(xs)[len(xs) // 2]\n");
  });

  it("accepts a JavaScript fence for a TypeScript task when there is no TypeScript one", () => {
    const reply = "```js\nexport function add(a, b) {\n  return a + b;\n}\n```";
    expect(extractCode(reply, "typescript").code).toContain("export function add");
  });

  it("picks the fence defining the entry function, then the longest", () => {
    const reply = [
      "First a helper:",
      "```python\ndef _middle(ordered):\n    n = len(ordered)\n    return ordered[(n - 1) // 2 : n // 2 + 1]\n\n\ndef _mean(pair):\n    return sum(pair) / len(pair)\n```",
      "Then the function itself:",
      "```python\ndef median(values):\n    return _mean(_middle(sorted(values)))\n```",
      "Example:",
      "```python\nprint(median([1, 2, 3, 4]))\n```",
    ].join("\n\n");
    expect(extractCode(reply, "python", { entry: "median" }).code).toBe("def median(values):\n    return _mean(_middle(sorted(values)))\n");
    expect(extractCode(reply, "python").code).toContain("def _middle");
  });

  it("takes the fixed version when a reply shows the broken one first", () => {
    const broken = "def median(values):\n    ordered = sorted(values)\n    return ordered[len(ordered) // 2]";
    const fixed = "def median(values):\n    ordered = sorted(values)\n    m = len(ordered) // 2\n    return ordered[m] if len(ordered) % 2 else (ordered[m - 1] + ordered[m]) / 2";
    const reply = `The original code:\n\n\`\`\`python\n${broken}\n\`\`\`\n\nignores even lengths. Fixed:\n\n\`\`\`python\n${fixed}\n\`\`\``;
    expect(extractCode(reply, "python").code).toBe(`${fixed}\n`);
  });

  it("ignores a test file named in the fence info string", () => {
    const reply =
      '```python title="solution.py"\ndef add(a, b):\n    return a + b\n```\n\n```python title="test_solution.py"\nfrom solution import add\n\n\ndef check():\n    assert add(1, 2) == 3\n\n\ndef check_more():\n    assert add(2, 2) == 4\n```';
    expect(extractCode(reply, "python").code).toBe("def add(a, b):\n    return a + b\n");
  });

  it("ignores JavaScript test files", () => {
    const reply = [
      "```javascript\nimport { test } from 'node:test';\nimport assert from 'node:assert';\nimport { median } from './median.js';\n\ntest('even', () => {\n  assert.equal(median([1, 2, 3, 4]), 2.5);\n});\n```",
      "```javascript\n" + cannedReplies.javascript.code.right + "```",
    ].join("\n");
    expect(extractCode(reply, "javascript").code).toBe(cannedReplies.javascript.code.right);
  });

  it("without a fence, starts at the first line of code and drops the prose around it", () => {
    const python = extractCode(cannedReplies.python.noFence, "python");
    expect(python).toEqual({ code: cannedReplies.python.code.right, method: "heuristic", truncated: false });
    const javascript = extractCode(cannedReplies.javascript.noFence, "javascript");
    expect(javascript.code).toBe(cannedReplies.javascript.code.right);
    expect(javascript.method).toBe("heuristic");
  });

  it("keeps the last line's newline, and only one, whatever the reply had around the code", () => {
    // The code becomes a file: a fence's content ends in a line break, however the fence was closed.
    for (const reply of ["```python\nx = 1\n```", "```python\nx = 1\n\n\n```\nDone.", "```python\r\nx = 1\r\n```\r\n", "import os\nx = 1", "x = 1   \n\n"]) {
      expect(extractCode(reply, "python").code, reply).toMatch(/^(import os\n)?x = 1\n$/);
    }
  });

  it("returns the whole text when nothing looks like code", () => {
    expect(extractCode("  I cannot help with that.  ", "python")).toEqual({
      code: "I cannot help with that.\n",
      method: "whole",
      truncated: false,
    });
  });

  it("flags a reply cut off mid-fence", () => {
    for (const language of ["python", "javascript"] as const) {
      const result = extractCode(cannedReplies[language].truncated, language);
      expect(result.method).toBe("fence");
      expect(result.truncated).toBe(true);
    }
  });

  it("flags unbalanced brackets at the end even when the fence is closed", () => {
    const reply = "```js\nexport function f(xs) {\n  return xs.map((x) => {\n    return x * 2;\n```";
    expect(extractCode(reply, "javascript").truncated).toBe(true);
  });

  it("does not flag brackets inside strings, comments and regexes", () => {
    const js = "```js\n// a comment with ( and {\nconst open = '(';\nconst re = /[({]/g;\nconst t = `x ${open} {`;\nexport const f = (s) => s.replace(re, '');\n```";
    expect(extractCode(js, "javascript").truncated).toBe(false);
    const py = '```python\n# note: ( is not closed here\ndef f(s):\n    """Strip ( and [ from s."""\n    return s.replace("(", "").replace(\'[\', "")\n```';
    expect(extractCode(py, "python").truncated).toBe(false);
  });

  it("flags a Python block header with no body, and an open triple-quoted string", () => {
    expect(extractCode("```python\ndef f(x):\n    if x > 0:\n```", "python").truncated).toBe(true);
    expect(extractCode('```python\ndef f(x):\n    """Docstring that never\n```', "python").truncated).toBe(true);
  });

  it("skips the thinking of reasoning models", () => {
    const reply = "<think>\nMaybe use ```python\nimport os\n``` no...\n</think>\n\n```python\ndef f():\n    return 1\n```";
    expect(extractCode(reply, "python").code).toBe("def f():\n    return 1\n");
  });

  it("reads fences indented inside a list and tildes fences", () => {
    const reply = "1. Replace the file with:\n\n   ```python\n   def f():\n       return 1\n   ```\n";
    expect(extractCode(reply, "python").code).toBe("def f():\n    return 1\n");
    expect(extractCode("~~~ts\nexport const x: number = 1;\n~~~", "typescript").code).toBe("export const x: number = 1;\n");
  });
});

describe("extractCode on test files with helpers", () => {
  it("still recognises a jest-style test file that defines a helper", () => {
    const tests =
      "const cases = [[[1, 2, 3], 2], [[4, 1, 3, 2], 2.5]];\nfunction check(input, expected) {\n  expect(median(input)).toBe(expected);\n}\n\ndescribe('median', () => {\n  it('odd', () => check(...cases[0]));\n  it('even', () => check(...cases[1]));\n});";
    const reply = `\`\`\`js\n${tests}\n\`\`\`\n\n\`\`\`js\nfunction median(xs) {\n  return xs[0];\n}\n\`\`\``;
    expect(extractCode(reply, "javascript").code).toBe("function median(xs) {\n  return xs[0];\n}\n");
  });
});
