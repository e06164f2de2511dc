import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createSandbox } from "../sandbox/create-sandbox.js";
import type { Language } from "../shared/language.js";
import type { SourceFile } from "../shared/task.js";
import { validate, type ValidateInput } from "./validate.js";

/**
 * The diagnosis corpus: one folder per real broken (or passing) program under
 * test/corpus, with `case.json` holding the program, its tests and what the diagnosis
 * must say (layer, error type, location, expected/actual, test counts).
 */
const CORPUS = join(import.meta.dirname, "../../test/corpus");

interface CorpusCase {
  program: string;
  tests: string | string[];
  lang: Language;
  support?: string[];
  draft?: string;
  typeCheck?: boolean;
  allowNetwork?: boolean;
  /**
   * The per-test limit for this case, when it is not about time: a program that fills the
   * memory limit must reach it before the clock stops it, and on a loaded machine the 3 s
   * default can come first.
   */
  perTestTimeoutMs?: number;
  expect: {
    passed: boolean;
    stage: string;
    errorType?: string;
    location?: { file: string; line?: number; lines?: [number, number] };
    expected?: string;
    actual?: string;
    input?: string;
    testsPassed?: number;
    testsFailed?: number;
    summaryIncludes?: string;
    failureName?: string;
  };
}

const names = readdirSync(CORPUS).filter((name) => !name.startsWith(".")).sort();
const sandbox = createSandbox();
afterAll(() => sandbox.close());

function readCase(name: string): { spec: CorpusCase; input: ValidateInput } {
  const dir = join(CORPUS, name);
  const spec = JSON.parse(readFileSync(join(dir, "case.json"), "utf8")) as CorpusCase;
  const read = (path: string): SourceFile => ({ path, content: readFileSync(join(dir, path), "utf8") });
  const input: ValidateInput = {
    language: spec.lang,
    entry: spec.program,
    code: read(spec.program).content,
    tests: [spec.tests].flat().map(read),
    support: (spec.support ?? []).map(read),
  };
  if (spec.typeCheck !== undefined) input.typeCheck = spec.typeCheck;
  if (spec.allowNetwork !== undefined) input.allowNetwork = spec.allowNetwork;
  return { spec, input };
}

const options = { sandbox, perTestTimeoutMs: 3000, timeoutMs: 60_000 };

/** Two cases at a time: the machines this runs on have two cores, and timeouts are real. */
const slots = limit(2);

function limit(count: number): <T>(task: () => Promise<T>) => Promise<T> {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    while (active >= count) await new Promise<void>((resolve) => waiting.push(resolve));
    active++;
    try {
      return await task();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}

describe.concurrent("diagnosis corpus", () => {
  it("holds at least 80 broken programs covering every error type, and passing ones", () => {
    const specs = names.map((name) => readCase(name).spec);
    const broken = specs.filter((spec) => !spec.expect.passed);
    expect(broken.length).toBeGreaterThanOrEqual(80);
    expect(specs.filter((spec) => spec.expect.passed).length).toBeGreaterThanOrEqual(5);
    const types = new Set(broken.map((spec) => spec.expect.errorType));
    for (const type of ["syntax", "name", "type", "attribute", "index", "key", "dependency", "assertion", "timeout", "memory", "recursion", "network", "lint", "type_check", "runtime", "test_error", "no_tests", "empty"]) {
      expect(types, type).toContain(type);
    }
  });

  it.each(names)("%s", (name) => slots(() => checkCase(name)), 180_000);
});

async function checkCase(name: string): Promise<void> {
  const { spec, input } = readCase(name);
  if (spec.draft) {
    const draft = await validate({ ...input, code: readFileSync(join(CORPUS, name, spec.draft), "utf8") }, options);
    input.baselineLint = draft.lintSignatures ?? [];
  }
  const result = await validate(input, { ...options, ...(spec.perTestTimeoutMs ? { perTestTimeoutMs: spec.perTestTimeoutMs } : {}) });
  const want = spec.expect;
  const brief = `${result.stage}/${result.errorType}: ${result.summary}`;
  expect(result.passed, brief).toBe(want.passed);
  expect(result.stage, brief).toBe(want.stage);
  if (want.errorType) expect(result.errorType, brief).toBe(want.errorType);
  if (want.location) {
    expect(result.location?.file, brief).toBe(want.location.file);
    const line = result.location?.line ?? -1;
    if (want.location.line !== undefined) expect(line, brief).toBe(want.location.line);
    if (want.location.lines) {
      expect(line, brief).toBeGreaterThanOrEqual(want.location.lines[0]);
      expect(line, brief).toBeLessThanOrEqual(want.location.lines[1]);
    }
    expect(result.context, brief).toMatch(new RegExp(`^> +${line} \\|`, "m"));
  }
  if (want.testsPassed !== undefined) expect(result.tests?.passed, brief).toBe(want.testsPassed);
  if (want.testsFailed !== undefined) expect(result.tests?.failed, brief).toBe(want.testsFailed);
  const failure = result.tests?.failures[0];
  if (want.expected !== undefined) expect(failure?.expected, brief).toBe(want.expected);
  if (want.actual !== undefined) expect(failure?.actual, brief).toBe(want.actual);
  if (want.input !== undefined) expect(failure?.input, brief).toBe(want.input);
  if (want.failureName !== undefined) expect(result.tests?.failures.map((entry) => entry.name), brief).toContain(want.failureName);
  if (want.summaryIncludes !== undefined) expect(result.summary).toContain(want.summaryIncludes);
  if (!want.passed) expect(result.signature, brief).toMatch(new RegExp(`^${want.errorType}\\|`));
}
