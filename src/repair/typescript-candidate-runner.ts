import { SourceMap } from "node:module";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { transpileTypeScriptFiles } from "../sandbox/transpile-typescript.js";
import type { SourceFile } from "../shared/task.js";
import type { Baseline, CandidateRunner, CandidateVerdict, RunnerSetup } from "./candidate-runner.js";

interface Prepared {
  runner: CandidateRunner;
  jsEntry: string;
  /** Line of the transpiled entry (1-based) -> line of the TypeScript source. */
  toSourceLine: (line: number) => number | undefined;
}

/**
 * TypeScript runs as the JavaScript the sandbox's transpiler makes of it: the program and
 * tests are transpiled once, every candidate on its own (one that does not transpile is
 * invalid), and coverage lines are mapped back through the source map.
 */
export function createTypeScriptRunner(setup: RunnerSetup, createJavaScriptRunner: (setup: RunnerSetup) => CandidateRunner): CandidateRunner {
  let prepared: Promise<Prepared> | undefined;
  const prepare = () =>
    (prepared ??= (async () => {
      const sources: Record<string, string> = { [setup.entry]: setup.code };
      for (const file of [...(setup.support ?? []), ...setup.tests]) sources[file.path] = file.content;
      // A project's other TypeScript modules run as transpiled JavaScript beside the candidate.
      for (const path of setup.project?.files ?? []) {
        if (/\.[cm]?ts$/.test(path) && !path.endsWith(".d.ts") && !(path in sources)) {
          sources[path] = await readFile(join(setup.project!.root, path), "utf8").catch(() => "");
        }
      }
      const out = await transpileTypeScriptFiles(sources);
      const rename = (path: string) => out.renamed[path] ?? path;
      const jsEntry = rename(setup.entry);
      const testPaths = new Set(setup.tests.map((file) => rename(file.path)));
      const asFile = (path: string): SourceFile => ({ path, content: out.files[path] });
      const runner = createJavaScriptRunner({
        ...setup,
        language: "javascript",
        entry: jsEntry,
        code: out.files[jsEntry],
        tests: [...testPaths].map(asFile),
        support: Object.keys(out.files)
          .filter((path) => path !== jsEntry && !testPaths.has(path))
          .map(asFile),
      });
      return { runner, jsEntry, toSourceLine: sourceLineMapper(out.files[jsEntry]) };
    })());

  return {
    async baseline(testTimeoutMs, budgetMs, wallLimitMs): Promise<Baseline> {
      const { runner, toSourceLine } = await prepare();
      const baseline = await runner.baseline(testTimeoutMs, budgetMs, wallLimitMs);
      if (baseline.status !== "ok") return baseline;
      const mapLines = (lines: number[]) => [
        ...new Set(lines.map(toSourceLine).filter((line): line is number => line !== undefined)),
      ];
      return {
        ...baseline,
        tests: baseline.tests.map((test) => ({
          ...test,
          lines: mapLines(test.lines),
          failLine: test.failLine === undefined ? undefined : toSourceLine(test.failLine),
        })),
      };
    },

    async evaluate(batch) {
      const { runner, jsEntry } = await prepare();
      const invalid: CandidateVerdict[] = [];
      const candidates: { id: number; code: string }[] = [];
      for (const candidate of batch.candidates) {
        const out = await transpileTypeScriptFiles({ [setup.entry]: candidate.code });
        if (out.errors.length > 0) {
          invalid.push({
            id: candidate.id,
            invalid: true,
            timedOut: false,
            failingPassed: 0,
            failingTotal: batch.failing.length,
            restPassed: null,
            restTotal: batch.passing.length,
            unknownFailed: 0,
            durationMs: 0,
          });
        } else {
          candidates.push({ id: candidate.id, code: out.files[jsEntry] });
        }
      }
      const outcome = candidates.length > 0 ? await runner.evaluate({ ...batch, candidates }) : { verdicts: [], unstarted: [] };
      return { verdicts: [...invalid, ...outcome.verdicts], unstarted: outcome.unstarted };
    },

    async close() {
      const ready = await prepared?.catch(() => undefined);
      await ready?.runner.close();
    },
  };
}

/** Maps lines of transpiled code to lines of its source through the inline source map. */
function sourceLineMapper(javascript: string): (line: number) => number | undefined {
  const match = /\/\/# sourceMappingURL=data:application\/json;base64,([A-Za-z0-9+/=]+)\s*$/.exec(javascript);
  if (!match) return (line) => line;
  const map = new SourceMap(JSON.parse(Buffer.from(match[1], "base64").toString("utf8")));
  const lines = javascript.split("\n");
  return (line) => {
    const text = lines[line - 1];
    if (text === undefined) return undefined;
    const column = text.length - text.trimStart().length;
    const entry = map.findEntry(line - 1, column) as { originalLine?: number };
    return entry.originalLine === undefined ? undefined : entry.originalLine + 1;
  };
}
