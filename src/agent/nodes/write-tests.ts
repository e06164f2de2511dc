import { findExamples } from "../../examples/choose-tests.js";
import type { DroppedGeneratedTest, GeneratedSuite } from "../../testgen/generated-suite.js";
import { generatedTestFile } from "../../testgen/generated-test-file.js";
import { javascriptInterface } from "../../testgen/javascript-interface.js";
import { javascriptStubPrograms } from "../../testgen/javascript-stub-programs.js";
import { pythonInterface } from "../../testgen/python-interface.js";
import { splitJavaScriptTests } from "../../testgen/split-javascript-tests.js";
import { splitPythonTests } from "../../testgen/split-python-tests.js";
import { pythonStubPrograms } from "../../testgen/stub-programs.js";
import { testCodeFromReply } from "../../testgen/test-code-from-reply.js";
import { vetGeneratedTests } from "../../testgen/vet-generated-tests.js";
import type { AgentDeps } from "../agent-deps.js";
import { askModel } from "../ask-model.js";
import { writeTestsPrompt } from "../prompts/write-tests-prompt.js";
import { JUDGED_WRONG } from "./review-tests.js";
import type { AgentStateValue, AgentUpdate, GeneratedTests } from "../state.js";

/**
 * Asks the model for tests written from the requirement and the examples alone (it never sees
 * a candidate program), before the first program exists; asked again once when the kept tests
 * kill too few mutants of a passing program. Each test must collect, run and fail on stubs
 * that return None/undefined or raise, else it is dropped with the reason. The kept tests run with every
 * validation after this, apart from the user's tests, which are never changed.
 */
export function writeTestsNode(deps: AgentDeps) {
  return async (state: AgentStateValue): Promise<AgentUpdate> => {
    if (!deps.model) throw new Error("write_tests reached without a model");
    const { task } = deps;
    const python = task.language === "python";
    const before = state.generatedTests;
    const more = before && state.testAdequacy?.status === "measured" ? state.testAdequacy : undefined;
    const messages = writeTestsPrompt({
      task,
      examples: findExamples(task),
      interface: task.draft === undefined ? [] : python ? pythonInterface(task.draft) : javascriptInterface(task.draft),
      ...(before && more ? { more: { tests: generatedTestFile(task.language, before.suite).content, killed: more.killed, mutants: more.mutants } } : {}),
    });
    const asked = await askModel(deps, deps.model, "write_tests", messages, 0);
    const rounds = (before?.rounds ?? 0) + 1;
    const base: GeneratedTests = before ? { ...before, rounds } : { suite: { preamble: "", tests: [] }, dropped: [], rounds, disputes: {}, upheld: [] };
    if (!asked.ok) {
      return finish(deps, state, { ...base, dropped: [...base.dropped, { name: "(no tests written)", why: asked.message }] }, 0);
    }
    const code = testCodeFromReply(asked.reply.text, task.language);
    const split = python ? await splitPythonTests(code) : splitJavaScriptTests(code);
    // A test judged wrong does not come back under its old name in a later round.
    const judgedWrong = new Set(base.dropped.filter((test) => test.why.startsWith(JUDGED_WRONG)).map((test) => test.name));
    const kept = new Set(base.suite.tests.map((test) => test.name));
    const taken = new Set([...kept, ...judgedWrong]);
    const duplicates: DroppedGeneratedTest[] = split.suite.tests
      .filter((test) => taken.has(test.name))
      .map((test) => ({ name: test.name, why: kept.has(test.name) ? "a test of that name was already kept" : "a test of that name was judged wrong before" }));
    const fresh: GeneratedSuite = {
      preamble: [base.suite.preamble, split.suite.preamble].filter((part) => part.trim() !== "").join("\n\n"),
      tests: split.suite.tests.filter((test) => !taken.has(test.name)),
    };
    const noTests = split.suite.tests.length === 0 && split.dropped.length === 0 ? [{ name: "(no tests written)", why: "the reply held no test functions" }] : [];
    const stubs = python ? pythonStubPrograms() : javascriptStubPrograms(fresh, task.entry, task.language);
    const vetted = await vetGeneratedTests(task.language, fresh, stubs, (program, file) =>
      deps.validator(
        {
          language: task.language,
          entry: task.entry,
          code: program,
          tests: [file],
          ...(task.support ? { support: task.support } : {}),
          ...(task.project ? { project: task.project } : {}),
        },
        { sandbox: deps.sandbox, signal: deps.signal },
      ),
    );
    const generated: GeneratedTests = {
      suite: { preamble: fresh.preamble, tests: [...base.suite.tests, ...fresh.tests.filter((test) => vetted.kept.includes(test.name))] },
      dropped: [...base.dropped, ...noTests, ...split.dropped, ...duplicates, ...vetted.dropped],
      rounds,
      disputes: base.disputes,
      upheld: base.upheld,
    };
    return { ...finish(deps, state, generated, vetted.executions), usage: { ...asked.usage, executions: vetted.executions } };
  };
}

/** Records the tests; after a second round that added some, the passing code is validated again with them. */
function finish(deps: AgentDeps, state: AgentStateValue, generated: GeneratedTests, executions: number): AgentUpdate {
  const added = generated.suite.tests.length - (state.generatedTests?.suite.tests.length ?? 0);
  const names = generated.suite.tests.map((test) => test.name);
  deps.emit({ type: "tests_generated", round: generated.rounds, kept: names.length, added, dropped: generated.dropped.length, names });
  const recheck = state.generatedTests !== null && added > 0 && state.code !== null;
  return {
    generatedTests: generated,
    ...(executions > 0 ? { usage: { executions } } : {}),
    ...(recheck ? { candidate: { code: state.code as string, source: lastSource(deps), strategy: "recheck" as const, produceMs: 0 } } : {}),
  };
}

/** Where the code being checked again came from: the source of the last attempt. */
function lastSource(deps: AgentDeps) {
  return deps.folder.readAttempts().at(-1)?.record.source ?? "model";
}
