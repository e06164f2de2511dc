import type { BaseChannel } from "@langchain/langgraph";
import { describe, expect, it } from "vitest";
import type { RunFolder } from "../runs/run-folder.js";
import type { AgentDeps } from "./agent-deps.js";
import { recordedChecks } from "./__fixtures__/recorded-checks.js";
import { codeKey } from "./code-key.js";
import type { ModelClient, Repairer } from "./collaborators.js";
import { afterApprove, afterDiagnose, afterOfflineRepair, afterRepair, afterStart, afterTestAdequacy, afterValidate, afterWriteTests } from "./routing.js";
import { AgentState, type AgentStateValue } from "./state.js";
import { toDiagnosis } from "./to-diagnosis.js";

const model: ModelClient = { name: "test", call: () => Promise.reject(new Error("not called")) };
const repairer: Repairer = () => Promise.reject(new Error("not called"));

function deps(overrides: Partial<AgentDeps> = {}): AgentDeps {
  return {
    runId: "r",
    task: { prompt: "p", language: "python", entry: "median.py", tests: [] },
    limits: { maxAttempts: 5, budget: {}, approve: false },
    verifiedBy: "tests",
    writeTests: false,
    model,
    validator: () => Promise.reject(new Error("not called")),
    repairer: null,
    sandbox: { run: () => Promise.reject(new Error("not called")), close: async () => {} },
    folder: {} as RunFolder,
    emit: () => {},
    elapsedMs: () => 0,
    offlineBudgetMs: 1000,
    ...overrides,
  };
}

/** A state with the channel defaults, as the graph starts, plus the given values. */
function state(values: Partial<AgentStateValue>): AgentStateValue {
  const defaults = Object.fromEntries(
    Object.entries(AgentState.spec)
      // The channels kept only to read checkpoints of earlier versions start empty.
      .filter(([, channel]) => (channel as BaseChannel).isAvailable())
      .map(([key, channel]) => [key, structuredClone((channel as BaseChannel).get())]),
  );
  return { ...defaults, ...values } as AgentStateValue;
}

const failing = state({ attempts: 1, code: "x", check: recordedChecks.wrong, strategy: "fix" });

describe("routing", () => {
  it("after validation: passed -> finish, or approve when approval is required; failed -> diagnose", () => {
    const passed = state({ attempts: 1, code: "x", check: recordedChecks.right });
    expect(afterValidate(passed, deps()).to).toBe("finish");
    expect(afterValidate(passed, deps({ limits: { maxAttempts: 5, budget: {}, approve: true } })).to).toBe("approve");
    expect(afterValidate(failing, deps()).to).toBe("diagnose");
  });

  it("a failure validate diagnosed in its own step goes on as after diagnose; a note of the error boundary written after it goes to diagnose", () => {
    // Diagnosing an attempt puts it last in the recent attempts.
    const diagnosed = { ...failing, recent: [{ n: 1, strategy: "generate", code: "x", diagnosis: toDiagnosis(recordedChecks.wrong) }] };
    expect(afterValidate(diagnosed, deps())).toEqual(afterDiagnose(diagnosed, deps()));
    expect(afterValidate(diagnosed, deps()).to).toBe("repair");
    const fifth = { ...diagnosed, attempts: 5, recent: [{ ...diagnosed.recent[0], n: 5 }] };
    expect(afterValidate(fifth, deps()).to).toBe("give_up");
    // A later attempt not yet diagnosed (the recent attempts end with an earlier one) goes to diagnose.
    expect(afterValidate({ ...diagnosed, attempts: 5 }, deps()).to).toBe("diagnose");
    const note = { intervention: "modify_prompt" as const, message: "stuck", step: 4 };
    expect(afterValidate({ ...diagnosed, boundaryNote: note }, deps()).to).toBe("diagnose");
    expect(afterValidate({ ...diagnosed, boundaryNote: note, noteHandled: 4 }, deps()).to).toBe("repair");
  });

  it("stops at the attempt cap and at each budget, saying why", () => {
    const capped = afterDiagnose({ ...failing, attempts: 5 }, deps());
    expect(capped).toEqual({ to: "give_up", why: "5 of 5 attempts used" });
    const spent = { ...failing, usage: { modelCalls: 1, inputTokens: 900, outputTokens: 200, costUsd: 0.5, executions: 1 } };
    expect(afterDiagnose(spent, deps({ limits: { maxAttempts: 5, budget: { tokens: 1000 }, approve: false } })).why).toMatch(/1100 tokens/);
    expect(afterDiagnose(spent, deps({ limits: { maxAttempts: 5, budget: { usd: 0.25 }, approve: false } })).to).toBe("give_up");
    const late = deps({ limits: { maxAttempts: 5, budget: { seconds: 10 }, approve: false }, elapsedMs: () => 11_000 });
    expect(afterDiagnose(failing, late).why).toMatch(/budget 10 s/);
  });

  it("tries the offline engine first, once per program, but never on code that does not parse", () => {
    expect(afterDiagnose(failing, deps({ repairer })).to).toBe("offline_repair");
    expect(afterDiagnose({ ...failing, offlineTriedOn: codeKey("x") }, deps({ repairer })).to).toBe("repair");
    const syntax = { ...failing, check: recordedChecks.syntax };
    expect(afterDiagnose(syntax, deps({ repairer })).to).toBe("repair");
  });

  it("with no model, stops with no_model once the offline engine has had its turn", () => {
    const offline = deps({ model: null, repairer });
    expect(afterDiagnose(failing, offline).to).toBe("offline_repair");
    expect(afterOfflineRepair({ ...failing, offlineTriedOn: codeKey("x") }, offline)).toMatchObject({
      to: "give_up",
      why: expect.stringMatching(/--model/),
    });
  });

  it("with no model, when the offline engine ran out of time before its first candidate, says so and how to give it more time", () => {
    const offline = deps({ model: null, repairer, offlineBudgetMs: 10_000, task: { prompt: "p", language: "python", entry: "median.py", tests: [], draft: "x" } });
    const stopped = afterOfflineRepair({ ...failing, offlineTriedOn: codeKey("x"), offlineOutOfTime: "time budget spent before the tests' first run finished" }, offline);
    expect(stopped).toMatchObject({ to: "give_up", why: expect.stringContaining("ran no candidate in its 10 s (time budget spent before the tests' first run finished)") });
    expect(stopped.why).toMatch(/--offline-seconds 30\b/);
    // A search that ran candidates and found no fix is not told to take longer.
    expect(afterOfflineRepair({ ...failing, offlineTriedOn: codeKey("x") }, offline).why).not.toMatch(/--offline-seconds/);
  });

  it("picks the model fixer by strategy: repair (analyzing runtime and test failures first), or a fresh program", () => {
    expect(afterDiagnose(failing, deps())).toEqual({ to: "repair", why: "assertion failure: analyze, then repair" });
    expect(afterDiagnose({ ...failing, check: recordedChecks.nameError }, deps()).to).toBe("repair");
    expect(afterDiagnose({ ...failing, check: recordedChecks.syntax }, deps())).toEqual({ to: "repair", why: "syntax error: repair directly" });
    expect(afterDiagnose({ ...failing, strategy: "fresh" }, deps()).to).toBe("generate");
  });

  it("after the offline engine: validate its fix; after approval: finish or give up", () => {
    const candidate = { code: "y", source: "offline" as const, strategy: "offline" as const, produceMs: 1 };
    expect(afterOfflineRepair({ ...failing, candidate }, deps()).to).toBe("validate");
    expect(afterApprove(state({ reason: "rejected" }), deps()).to).toBe("give_up");
    expect(afterApprove(state({}), deps()).to).toBe("finish");
  });

  it("generated tests: written first when asked for; measured once per round on passing code; asked for once more when thin", () => {
    expect(afterStart(state({}), deps({ writeTests: true })).to).toBe("write_tests");
    expect(afterStart(state({}), deps()).to).toBe("generate");
    const generatedTests = { suite: { preamble: "", tests: [{ name: "test_a", source: "def test_a(): ..." }] }, dropped: [], rounds: 1, disputes: {}, upheld: [] };
    expect(afterWriteTests(state({ generatedTests }), deps()).to).toBe("generate");
    const passed = state({ attempts: 1, code: "x", check: recordedChecks.right, generatedTests });
    expect(afterValidate(passed, deps()).to).toBe("test_adequacy");
    const thin = { ...passed, testAdequacy: { status: "measured" as const, mutants: 10, killed: 3, score: 0.3, rounds: 1 } };
    expect(afterValidate(thin, deps()).to).toBe("finish");
    expect(afterTestAdequacy(thin, deps()).to).toBe("write_tests");
    expect(afterTestAdequacy({ ...thin, generatedTests: { ...generatedTests, rounds: 2 } }, deps()).to).toBe("finish");
    expect(afterTestAdequacy({ ...thin, testAdequacy: { ...thin.testAdequacy, killed: 8, score: 0.8 } }, deps()).to).toBe("finish");
  });

  it("a generated test two different programs failed alone goes to the test review, once", () => {
    const disputed = { suite: { preamble: "", tests: [{ name: "test_a", source: "" }] }, dropped: [], rounds: 1, disputes: { test_a: ["k1", "k2"] }, upheld: [] };
    expect(afterValidate({ ...failing, generatedTests: disputed }, deps()).to).toBe("review_tests");
    expect(afterValidate({ ...failing, generatedTests: { ...disputed, disputes: { test_a: ["k1"] } } }, deps()).to).toBe("diagnose");
    expect(afterValidate({ ...failing, generatedTests: { ...disputed, upheld: ["test_a"] } }, deps()).to).toBe("diagnose");
  });

  it("edits that did not apply go back to the repair with the reason, within the budgets; a provider error still stops", () => {
    const editFailure = { reply: "…", reason: "the edit block (`a.py`): its SEARCH part matches 2 places", count: 1 };
    const refused = { ...failing, editFailure };
    expect(afterRepair(refused, deps())).toEqual({ to: "repair", why: `the reply's edits did not apply (${editFailure.reason}): ask again with the reason` });
    const spent = { ...refused, usage: { modelCalls: 3, inputTokens: 900, outputTokens: 200, costUsd: 0, executions: 1 } };
    expect(afterRepair(spent, deps({ limits: { maxAttempts: 5, budget: { tokens: 1000 }, approve: false } }))).toMatchObject({ to: "give_up", why: expect.stringMatching(/1100 tokens/) as unknown });
    expect(afterRepair({ ...refused, reason: "error", message: "scripted failed" }, deps())).toEqual({ to: "give_up", why: "scripted failed" });
  });
});
