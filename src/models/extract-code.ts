import type { Language } from "../shared/language.js";
import { isTruncatedCode } from "./truncated-code.js";

/** Code read out of a model reply, and how. */
export interface ExtractedCode {
  code: string;
  /** `fence`: a markdown code block; `heuristic`: from the first line that starts code; `whole`: the reply as is. */
  method: "fence" | "heuristic" | "whole";
  /** The reply looks cut off: an unclosed fence, unbalanced brackets or an open string at the end. */
  truncated: boolean;
}

export interface ExtractCodeOptions {
  /** Name of the function (or class) the program must define: breaks ties between fences. */
  entry?: string;
}

const TAGS: Record<Language, string[]> = {
  python: ["python", "py", "python3", "py3", "pycon"],
  javascript: ["javascript", "js", "node", "nodejs", "mjs", "cjs", "jsx", "es6"],
  typescript: ["typescript", "ts", "tsx", "mts", "cts"],
};
/** A fence in a language close enough to be used when no better one exists. */
const RELATED: Record<Language, Language[]> = { python: [], javascript: ["typescript"], typescript: ["javascript"] };
const SHELL_TAGS = new Set(["sh", "bash", "shell", "zsh", "console", "shell-session", "terminal", "powershell", "ps1", "cmd", "bat"]);

interface Fence {
  tag: string;
  /** The whole info string after the tag (may hold a file name: ```python title="test_x.py"). */
  info: string;
  code: string;
  closed: boolean;
  order: number;
}

type TagClass = "match" | "untagged" | "related" | "other";

/**
 * Turns a model reply into code: the right fenced block when there is one, else the text
 * from the first line that starts code (an import, def, function, class, const...), else the
 * whole reply. Among several fences it prefers, in order: code over shell commands and
 * non-code (json, text), a program over its tests, the fence tagged with the language, the
 * one defining `options.entry`, then the longest (the later one when two are about as long:
 * models show the broken version before the fixed one).
 */
export function extractCode(reply: string, language: Language, options: ExtractCodeOptions = {}): ExtractedCode {
  const text = stripReasoning(reply);
  const fences = parseFences(text).filter((fence) => fence.code.trim() !== "");
  if (fences.length > 0) {
    const fence = chooseFence(fences, language, options.entry);
    const code = trimBlankLines(fence.code);
    return { code, method: "fence", truncated: !fence.closed || isTruncatedCode(code, language) };
  }
  const fromCode = codeFromFirstCodeLine(text, language);
  if (fromCode !== undefined) {
    return { code: fromCode, method: "heuristic", truncated: isTruncatedCode(fromCode, language) };
  }
  const whole = trimBlankLines(text.trim());
  return { code: whole, method: "whole", truncated: isTruncatedCode(whole, language) };
}

/** Reasoning models served through Ollama or vLLM put their thinking in the reply. */
function stripReasoning(reply: string): string {
  return reply.replace(/<think>[\s\S]*?<\/think>/g, "");
}

function parseFences(text: string): Fence[] {
  const lines = text.split(/\r?\n/);
  const fences: Fence[] = [];
  for (let index = 0; index < lines.length; index++) {
    const open = /^(\s*)(`{3,}|~{3,})\s*([^`]*)$/.exec(lines[index]);
    if (open === null) continue;
    const [, indent, marker, info] = open;
    const body: string[] = [];
    let closed = false;
    let end = index + 1;
    for (; end < lines.length; end++) {
      const close = /^\s*(`{3,}|~{3,})\s*$/.exec(lines[end]);
      if (close !== null && close[1][0] === marker[0] && close[1].length >= marker.length) {
        closed = true;
        break;
      }
      body.push(lines[end].startsWith(indent) ? lines[end].slice(indent.length) : lines[end].trimStart());
    }
    fences.push({ tag: tagOf(info), info: info.trim(), code: body.join("\n"), closed, order: fences.length });
    index = end;
  }
  return fences;
}

/** `python`, `{.python}`, `python:median.py` and `python title="x"` all mean python. */
function tagOf(info: string): string {
  const word = info.trim().split(/\s+/)[0] ?? "";
  return word.replace(/^\{?\.?/, "").replace(/\}$/, "").split(/[:,]/)[0].toLowerCase();
}

function chooseFence(fences: Fence[], language: Language, entry: string | undefined): Fence {
  let pool = fences;
  pool = preferSome(pool, (fence) => !isShell(fence) && tagClass(fence.tag, language) !== "other");
  pool = preferSome(pool, (fence) => !isTestFile(fence.info) && !isTestCode(fence.code, language));
  for (const wanted of ["match", "untagged", "related"] as TagClass[]) {
    const some = pool.filter((fence) => tagClass(fence.tag, language) === wanted);
    if (some.length > 0) {
      pool = some;
      break;
    }
  }
  if (entry !== undefined) pool = preferSome(pool, (fence) => definesName(fence.code, entry));
  return pool.reduce((best, fence) => {
    const size = fence.code.trim().length;
    const bestSize = best.code.trim().length;
    if (size > bestSize * 1.1) return fence;
    if (size >= bestSize * 0.9 && fence.order > best.order) return fence;
    return best;
  });
}

/** Keeps the fences that pass `test`, unless none does. */
function preferSome(fences: Fence[], test: (fence: Fence) => boolean): Fence[] {
  const kept = fences.filter(test);
  return kept.length > 0 ? kept : fences;
}

function tagClass(tag: string, language: Language): TagClass {
  if (tag === "") return "untagged";
  if (TAGS[language].includes(tag)) return "match";
  if (RELATED[language].some((related) => TAGS[related].includes(tag))) return "related";
  return "other";
}

function isShell(fence: Fence): boolean {
  if (SHELL_TAGS.has(fence.tag)) return true;
  const lines = fence.code.split("\n").filter((line) => line.trim() !== "");
  return lines.length > 0 && lines.every((line) => /^\s*(\$ |> |pip3? install|npm (install|i|test|run)|npx |pytest\b|python3? -m |node --test)/.test(line));
}

function isTestFile(info: string): boolean {
  return /(^|[\s/"':=])test_\w|_test\.\w|\.(test|spec)\.\w/.test(info);
}

/** Test files: a test framework import, or test functions making up most of the definitions. */
function isTestCode(code: string, language: Language): boolean {
  if (language === "python") {
    if (/^\s*(import pytest|from pytest|import unittest|from unittest)\b/m.test(code)) return true;
    const tests = code.match(/^\s*(async\s+)?def test_\w*\s*\(/gm)?.length ?? 0;
    const defs = code.match(/^\s*(async\s+)?def \w+\s*\(/gm)?.length ?? 0;
    return tests > 0 && tests * 2 >= defs;
  }
  if (/from\s+["'](node:test|vitest|@jest\/globals|mocha|ava|tap)["']|require\(\s*["'](node:test|mocha|tap)["']\s*\)/.test(code)) return true;
  const tests = code.match(/^\s*(describe|it|test)\s*\(\s*["'`]/gm)?.length ?? 0;
  const defs = code.match(/^(export\s+)?((async\s+)?function\s*\*?\s*\w|(const|let)\s+\w+\s*=\s*(async\s*)?(\(|\w+\s*=>|function))/gm)?.length ?? 0;
  return tests > 0 && tests * 2 >= defs;
}

function definesName(code: string, name: string): boolean {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(
    `^\\s*(?:(?:async\\s+)?def\\s+${escaped}\\s*\\(|class\\s+${escaped}\\b|(?:export\\s+)?(?:default\\s+)?(?:async\\s+)?function\\s*\\*?\\s*${escaped}\\s*[(<]|(?:export\\s+)?(?:const|let|var)\\s+${escaped}\\s*[=:])`,
    "m",
  ).test(code);
}

const CODE_START: Record<Language, RegExp> = {
  python: /^(from\s+[\w.]+\s+import\s|import\s+[\w.]|def\s+\w|async\s+def\s|class\s+\w|@\w|#!|if\s+__name__\s*==)/,
  javascript:
    /^(import[\s{*"']|export\s|function[\s*]|async\s+function|class\s+\w|const\s|let\s|var\s|["']use strict["']|module\.exports|#!)/,
  typescript:
    /^(import[\s{*"']|export\s|function[\s*]|async\s+function|class\s+\w|const\s|let\s|var\s|["']use strict["']|module\.exports|#!|interface\s+\w|type\s+\w+\s*[=<]|enum\s+\w|declare\s)/,
};

/** From the first line that starts code to the end, without the prose that often follows. */
function codeFromFirstCodeLine(text: string, language: Language): string | undefined {
  const lines = text.split(/\r?\n/);
  const start = lines.findIndex((line) => CODE_START[language].test(line));
  if (start === -1) return undefined;
  let end = lines.length;
  while (end > start + 1 && (lines[end - 1].trim() === "" || isProse(lines[end - 1]))) end--;
  return trimBlankLines(lines.slice(start, end).join("\n"));
}

/** A sentence at the left margin: words, no code punctuation, ends like a sentence. */
function isProse(line: string): boolean {
  if (/^\s/.test(line) || /[;{}=]|^(#|\/\/|\/\*|\*)/.test(line)) return false;
  return /^[A-Z*_-][^]*[.!?:)]$/.test(line.trim()) && line.trim().split(/\s+/).length >= 3;
}

/**
 * Drops the blank lines around the code but keeps its last line's break: the code becomes a
 * file, and a text file's lines end in a newline (a missing one shows in every diff).
 */
function trimBlankLines(code: string): string {
  const trimmed = code.replace(/^(\s*\n)+/, "").replace(/\s+$/, "");
  return trimmed === "" ? "" : `${trimmed}\n`;
}
