// The loop's own cost, without model or sandbox time: an instant model and a trivial
// validator, so what is measured is LangGraph, checkpointing, the run folder and prompts.
// Prints the overhead per attempt and the checkpoint database size as attempts grow.
// Run after `npm run build`: `npm run bench:loop`.
import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FakeListChatModel } from "@langchain/core/utils/testing";
import { Annotation, END, START, StateGraph } from "@langchain/langgraph";
import { SqliteSaver } from "@langchain/langgraph-checkpoint-sqlite";
import { createAgent } from "../dist/agent/create-agent.js";
import { startScriptedServer } from "../dist/testkit/index.js";

const ATTEMPTS = [50, 100, 200];
const runsDir = mkdtempSync(join(tmpdir(), "mend-bench-loop-"));

const task = {
  prompt: "Write f() returning 42.",
  language: "python",
  entry: "f.py",
  tests: [{ path: "test_f.py", content: "from f import f\n\n\ndef test_f():\n    assert f() == 42\n" }],
};

/** Always fails, like a real test failure (with a realistic amount of detail), in no time. */
let validations = 0;
async function trivialValidator(input) {
  validations += 1;
  const got = (input.code.match(/return (\d+)/) ?? [])[1] ?? "?";
  return {
    passed: false,
    stage: "tests",
    errorType: "assertion",
    summary: `1 of 1 tests failed; test_f: expected 42, got ${got}`,
    location: { file: "test_f.py", line: 5 },
    context: "  3 | \n  4 | def test_f():\n> 5 |     assert f() == 42",
    tests: { passed: 0, failed: 1, errors: 0, failures: [{ name: "test_f", message: `assert ${got} == 42`, expected: "42", actual: got }] },
    layers: [
      { name: "syntax", status: "pass", durationMs: 0 },
      { name: "tests", status: "fail", durationMs: 0 },
    ],
    signature: `assertion|assert <n> == <n>|test_f.py:5|${got}`,
    message: `AssertionError: assert ${got} == 42`,
    executions: 1,
  };
}

const noSandbox = {
  run() {
    throw new Error("the bench validator never executes anything");
  },
  async close() {},
};

const replies = (n) => Array.from({ length: n }, (_, i) => "Here you go:\n\n```python\ndef f():\n    return " + i + "\n```\n");

async function measure(label, attempts, model, extra = {}) {
  validations = 0;
  const agent = createAgent({ model, validator: trivialValidator, repairer: null, localizer: null, sandbox: noSandbox, runsDir, maxAttempts: attempts, ...extra });
  const started = performance.now();
  const cpu = process.cpuUsage();
  const result = await agent.run(task);
  const ms = performance.now() - started;
  // CPU time as well as wall time: on a machine shared with other work, wall time also
  // measures the waits for a core.
  const used = process.cpuUsage(cpu);
  const cpuMs = (used.user + used.system) / 1000;
  await agent.close();
  if (result.reason !== "max_attempts" || result.attempts.length !== attempts) {
    throw new Error(`${label}: expected ${attempts} attempts ending at max_attempts, got ${result.attempts.length} (${result.reason}: ${result.message})`);
  }
  const db = join(result.runDir, "checkpoints.sqlite");
  const bytes = statSync(db).size + (existsSync(`${db}-wal`) ? statSync(`${db}-wal`).size : 0);
  return { ms, perAttempt: ms / attempts, cpuPerAttempt: cpuMs / attempts, bytes, modelCalls: result.usage.modelCalls };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(0)} KB`;

/**
 * The floor under the loop's own cost: LangGraph.js and SqliteSaver alone, as a user sets them
 * up, running a graph with the loop's steps per failed attempt (repair, validate, diagnose,
 * analyze, each with a conditional route) and a state of the loop's size, nodes doing nothing.
 * Measured in the same process and moment, so that a loaded machine slows both alike.
 */
async function measureFloor(attempts) {
  const last = (initial) => Annotation({ reducer: (_, next) => next, default: initial });
  const State = Annotation.Root({ attempts: last(() => 0), candidate: last(() => null), code: last(() => null), check: last(() => null), recent: last(() => []) });
  const text = (size, n) => `${"x".repeat(size)} ${n}`;
  const route = (next) => (state) => (state.attempts >= attempts ? END : next);
  const graph = new StateGraph(State)
    .addNode("repair", (state) => ({ candidate: { code: text(300, state.attempts), prompt: text(2500, state.attempts) } }))
    .addNode("validate", (state) => ({ attempts: state.attempts + 1, code: state.candidate.code, candidate: null, check: { summary: text(600, state.attempts) } }))
    .addNode("diagnose", (state) => ({ recent: [...state.recent, { code: state.code, diagnosis: text(400, state.attempts) }].slice(-2) }))
    .addNode("analyze", () => ({}))
    .addEdge(START, "repair")
    .addConditionalEdges("repair", route("validate"), ["validate", END])
    .addConditionalEdges("validate", route("diagnose"), ["diagnose", END])
    .addConditionalEdges("diagnose", () => "analyze", ["analyze"])
    .addConditionalEdges("analyze", route("repair"), ["repair", END]);
  const saver = SqliteSaver.fromConnString(join(runsDir, `floor-${attempts}-${Date.now()}.sqlite`));
  saver.db.pragma("journal_mode = WAL");
  saver.db.pragma("synchronous = NORMAL");
  const started = performance.now();
  const cpu = process.cpuUsage();
  const stream = await graph.compile({ checkpointer: saver }).stream({}, { configurable: { thread_id: "floor" }, streamMode: "updates", durability: "sync", recursionLimit: 10 * attempts });
  for await (const _ of stream);
  const used = process.cpuUsage(cpu);
  const ms = performance.now() - started;
  saver.db.close();
  return { perAttempt: ms / attempts, cpuPerAttempt: (used.user + used.system) / 1000 / attempts };
}

try {
  console.log("mendloop bench:loop — loop overhead with an instant model and a trivial validator\n");
  await measure("warm-up", 5, new FakeListChatModel({ responses: replies(5) }), { boundary: "off" });

  // The trivial validator never makes progress, so an enforcing boundary would (rightly) stop
  // these runs as stuck: the loop is measured alone, then with the boundary observing.
  console.log("in-process model (no HTTP), error boundary off:");
  const rows = [];
  for (const n of ATTEMPTS) {
    const row = await measure(`in-process ${n}`, n, new FakeListChatModel({ responses: replies(n) }), { boundary: "off" });
    rows.push([n, row]);
    console.log(
      `  ${String(n).padStart(3)} attempts: ${(row.ms / 1000).toFixed(2)} s total, ${row.perAttempt.toFixed(1)} ms per attempt (${row.cpuPerAttempt.toFixed(1)} ms CPU), ` +
        `${row.modelCalls} model calls, checkpoint DB ${kb(row.bytes)} (${(row.bytes / n / 1024).toFixed(1)} KB per attempt)`,
    );
  }
  const floor = await measureFloor(200);
  const loop = rows[rows.length - 1][1];
  console.log(
    `  floor, LangGraph.js + SqliteSaver alone (same steps and state size per attempt, nodes doing nothing), 200 attempts: ` +
      `${floor.perAttempt.toFixed(1)} ms per attempt (${floor.cpuPerAttempt.toFixed(1)} ms CPU)`,
  );
  console.log(
    `  the loop's own cost above that floor: ${(loop.perAttempt - floor.perAttempt).toFixed(1)} ms per attempt (${(loop.cpuPerAttempt - floor.cpuPerAttempt).toFixed(1)} ms CPU)`,
  );
  const [first, last] = [rows[0], rows[rows.length - 1]];
  const growth = (last[1].bytes / last[0]) / (first[1].bytes / first[0]);
  console.log(`  checkpoint bytes per attempt, ${last[0]} vs ${first[0]} attempts: x${growth.toFixed(2)} (1.00 = linear growth, no history in the hot state)`);

  const n = 200;
  const observed = await measure("observed", n, new FakeListChatModel({ responses: replies(n) }), { boundary: "observe" });
  console.log(`\nin-process model, error boundary observing (budgets, stuck detectors, callbacks):`);
  console.log(`  ${n} attempts: ${(observed.ms / 1000).toFixed(2)} s total, ${observed.perAttempt.toFixed(1)} ms per attempt (${observed.cpuPerAttempt.toFixed(1)} ms CPU)`);

  const server = await startScriptedServer(replies(n).map((reply) => ({ reply })));
  try {
    const row = await measure("scripted HTTP", n, "openai:bench", { baseUrl: server.url, env: { OPENAI_API_KEY: "bench" }, boundary: "observe" });
    console.log(`\nscripted OpenAI-compatible server over loopback HTTP (real client, usage), error boundary observing:`);
    console.log(`  ${n} attempts: ${(row.ms / 1000).toFixed(2)} s total, ${row.perAttempt.toFixed(1)} ms per attempt (${row.cpuPerAttempt.toFixed(1)} ms CPU, the server's included), checkpoint DB ${kb(row.bytes)}`);
  } finally {
    await server.close();
  }
} finally {
  rmSync(runsDir, { recursive: true, force: true });
}
