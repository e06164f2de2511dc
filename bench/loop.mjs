// The loop's own cost, without model or sandbox time: an instant model (reporting token usage, as a
// real server does) and a trivial
// validator, so what is measured is LangGraph, checkpointing, the run folder and prompts.
// Prints the loop's CPU time per attempt beside a floor (LangGraph.js + SqliteSaver alone, same
// steps and state size), as medians of alternating runs with the machine's load average, and the
// checkpoint database size as attempts grow and with a program of a real size. BENCH_LOOP_ROUNDS sets the rounds (default 5).
// MEND_BENCH_DIST=DIR runs another build; MEND_BENCH_BASE=DIR runs a second build (an older one) in the
// same alternating rounds, the error boundary off and then observing, and prints both with the change.
// Run after `npm run build`: `npm run bench:loop`.
import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { AIMessage } from "@langchain/core/messages";
import { FakeListChatModel } from "@langchain/core/utils/testing";
import { Annotation, END, START, StateGraph } from "@langchain/langgraph";
import { SqliteSaver } from "@langchain/langgraph-checkpoint-sqlite";

const dist = resolve(process.env.MEND_BENCH_DIST ?? join(import.meta.dirname, "../dist"));
const baseDist = process.env.MEND_BENCH_BASE ? resolve(process.env.MEND_BENCH_BASE) : undefined;
for (const dir of [dist, baseDist ?? dist]) {
  if (!existsSync(join(dir, "agent/create-agent.js"))) {
    console.error(`bench:loop: no build in ${dir}: run npm run build first`);
    process.exit(2);
  }
}
const { createAgent } = await import(join(dist, "agent/create-agent.js"));
const { startScriptedServer } = await import(join(dist, "testkit/index.js"));
// Each build loads its own modules (the libraries are shared), so both run in one process.
const base = baseDist ? (await import(join(baseDist, "agent/create-agent.js"))).createAgent : undefined;

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

/**
 * The scripted replies in process, with the token usage a real OpenAI-compatible server reports
 * on every reply (as the scripted HTTP server below does): without it the loop counts the
 * prompt's tokens itself with js-tiktoken, a cost no real provider's run pays.
 */
class InstantModel extends FakeListChatModel {
  constructor(responses) {
    super({ responses });
  }

  async _generate(messages, options, runManager) {
    const result = await super._generate(messages, options, runManager);
    const [generation] = result.generations;
    const input = Math.ceil(messages.reduce((chars, message) => chars + message.text.length, 0) / 4);
    const output = Math.ceil(generation.text.length / 4);
    generation.message = new AIMessage({
      content: generation.text,
      usage_metadata: { input_tokens: input, output_tokens: output, total_tokens: input + output },
    });
    return result;
  }
}

const replies = (n, before = "") => Array.from({ length: n }, (_, i) => "Here you go:\n\n```python\n" + before + "def f():\n    return " + i + "\n```\n");
/** About 3 KB of helpers above f(), the size of a real program under repair. */
const helpers = Array.from({ length: 40 }, (_, k) => `def helper_${k}(values):\n    return [value * ${k} for value in values if value > ${k}]\n\n`).join("");

async function measure(label, attempts, model, extra = {}, create = createAgent) {
  validations = 0;
  const agent = create({ model, validator: trivialValidator, repairer: null, localizer: null, sandbox: noSandbox, runsDir, maxAttempts: attempts, ...extra });
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
 * up, running a graph with the loop's steps per failed attempt (repair with the failure's
 * analysis, validate with the attempt's diagnosis, each with a conditional route) and a state
 * of the loop's size, nodes doing nothing (as plain functions, the way users write them).
 * Measured in the same process and moment, so that a loaded machine slows both alike.
 */
async function measureFloor(attempts) {
  const last = (initial) => Annotation({ reducer: (_, next) => next, default: initial });
  const State = Annotation.Root({ attempts: last(() => 0), candidate: last(() => null), code: last(() => null), check: last(() => null), recent: last(() => []) });
  const text = (size, n) => `${"x".repeat(size)} ${n}`;
  const route = (next) => (state) => (state.attempts >= attempts ? END : next);
  const graph = new StateGraph(State)
    // The loop's candidate carries the code, not the model's prompt (kept in the run folder).
    .addNode("repair", (state) => ({ candidate: { code: text(300, state.attempts), source: "model", strategy: "fix", produceMs: 0 } }))
    .addNode("validate", (state) => ({
      attempts: state.attempts + 1,
      code: state.candidate.code,
      candidate: null,
      check: { summary: text(600, state.attempts) },
      recent: [...state.recent, { code: state.candidate.code, diagnosis: text(400, state.attempts) }].slice(-2),
    }))
    .addEdge(START, "repair")
    .addConditionalEdges("repair", route("validate"), ["validate", END])
    .addConditionalEdges("validate", route("repair"), ["repair", END]);
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

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const change = (mine, theirs) => `${mine <= theirs ? "-" : "+"}${ms(Math.abs(mine - theirs))} (${(((mine - theirs) / theirs) * 100).toFixed(0)}%)`;
const load = () => loadavg().map((value) => value.toFixed(2)).join(", ");
const ms = (value) => `${value.toFixed(1)} ms`;

// Alternating runs of the loop and its floor, medians reported: a machine whose load changes
// during the bench slows both alike, and one noisy run does not decide the figure.
const ROUNDS = Number(process.env.BENCH_LOOP_ROUNDS ?? 5);
const N = 200;
// The goal of #14: the loop's whole cost per attempt with an instant model, on a quiet machine.
const GOAL_MS = 5;

try {
  console.log("mendloop bench:loop — loop overhead with an instant model and a trivial validator\n");
  const loadBefore = load();
  await measure("warm-up", 5, new InstantModel(replies(5)), { boundary: "off" });
  if (base) await measure("warm-up", 5, new InstantModel(replies(5)), { boundary: "off" }, base);
  await measureFloor(20);

  // The trivial validator never makes progress, so an enforcing boundary would (rightly) stop
  // these runs as stuck: the loop is measured alone, then with the boundary observing.
  console.log(`in-process model reporting usage (no HTTP), error boundary off, ${N} attempts per run, ${ROUNDS} alternating rounds (CPU ms per attempt; wall in brackets):`);
  const loops = [];
  const floors = [];
  const bases = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const runs = [
      async () => loops.push(await measure(`in-process ${N}`, N, new InstantModel(replies(N)), { boundary: "off" })),
      async () => floors.push(await measureFloor(N)),
      ...(base ? [async () => bases.push(await measure(`base ${N}`, N, new InstantModel(replies(N)), { boundary: "off" }, base))] : []),
    ];
    for (const run of round % 2 === 0 ? runs : runs.reverse()) await run();
    const [loop, floor] = [loops.at(-1), floors.at(-1)];
    console.log(
      `  round ${round + 1}: loop ${ms(loop.cpuPerAttempt)} (${ms(loop.perAttempt)} wall), floor ${ms(floor.cpuPerAttempt)} (${ms(floor.perAttempt)} wall), ` +
        `own ${ms(loop.cpuPerAttempt - floor.cpuPerAttempt)}` +
        (base ? `; base build ${ms(bases.at(-1).cpuPerAttempt)} (${ms(bases.at(-1).perAttempt)} wall)` : ""),
    );
  }
  const loopCpu = median(loops.map((row) => row.cpuPerAttempt));
  const floorCpu = median(floors.map((row) => row.cpuPerAttempt));
  const loopWall = median(loops.map((row) => row.perAttempt));
  const floorWall = median(floors.map((row) => row.perAttempt));
  console.log(`  medians of ${ROUNDS} rounds, CPU per attempt:`);
  console.log(`    loop:  ${ms(loopCpu)} (${ms(loopWall)} wall)`);
  console.log(
    `    floor: ${ms(floorCpu)} (${ms(floorWall)} wall): LangGraph.js + SqliteSaver alone as a user sets them up, same steps and state size per attempt, nodes doing nothing`,
  );
  console.log(`    own cost (loop - floor): ${ms(loopCpu - floorCpu)} (${ms(loopWall - floorWall)} wall)`);
  console.log(`    loop / floor: x${(loopCpu / floorCpu).toFixed(2)} CPU (x${(loopWall / floorWall).toFixed(2)} wall)`);
  if (base) {
    const baseCpu = median(bases.map((row) => row.cpuPerAttempt));
    console.log(`    base build (${baseDist}): ${ms(baseCpu)} CPU, x${(baseCpu / floorCpu).toFixed(2)} the floor; this build ${change(loopCpu, baseCpu)}`);
  }
  console.log(`    load average (1, 5, 15 min) before: ${loadBefore}; after: ${load()}; ${cpus().length} cores`);
  console.log(
    `    goal loop <= ${GOAL_MS} ms CPU per attempt (on a quiet machine): ${loopCpu <= GOAL_MS ? "met" : "not met"} here` +
      (loopCpu <= GOAL_MS ? "" : ` (${ms(loopCpu - GOAL_MS)} above; a loaded machine inflates CPU time too: compare the ratio to the floor)`),
  );
  const loop200 = loops[0];
  console.log(`  checkpoint DB after ${N} attempts: ${kb(loop200.bytes)} (${(loop200.bytes / N / 1024).toFixed(1)} KB per attempt), ${loop200.modelCalls} model calls`);

  const rows = [];
  for (const n of [50, 100]) rows.push([n, await measure(`in-process ${n}`, n, new InstantModel(replies(n)), { boundary: "off" })]);
  rows.push([N, loop200]);
  const [first, last] = [rows[0], rows[rows.length - 1]];
  const growth = (last[1].bytes / last[0]) / (first[1].bytes / first[0]);
  console.log(`  checkpoint bytes per attempt, ${last[0]} vs ${first[0]} attempts: x${growth.toFixed(2)} (1.00 = linear growth, no history in the hot state)`);
  const sized = await measure("3 KB program", 50, new InstantModel(replies(50, helpers)), { boundary: "off" });
  console.log(`  with a ${kb(helpers.length + 30)} program: checkpoint DB ${(sized.bytes / 50 / 1024).toFixed(1)} KB per attempt, ${ms(sized.cpuPerAttempt)} CPU per attempt (50 attempts)`);

  const n = N;
  const observed = await measure("observed", n, new InstantModel(replies(n)), { boundary: "observe" });
  console.log(`\nin-process model, error boundary observing (budgets, stuck detectors, callbacks):`);
  console.log(`  ${n} attempts: ${(observed.ms / 1000).toFixed(2)} s total, ${observed.perAttempt.toFixed(1)} ms per attempt (${observed.cpuPerAttempt.toFixed(1)} ms CPU)`);
  if (base) {
    const pairs = [[], []];
    for (let round = 0; round < ROUNDS; round += 1) {
      const builds = round % 2 === 0 ? [createAgent, base] : [base, createAgent];
      for (const create of builds) pairs[create === base ? 1 : 0].push(await measure("observed", n, new InstantModel(replies(n)), { boundary: "observe" }, create));
    }
    const [mine, theirs] = pairs.map((rows) => median(rows.map((row) => row.cpuPerAttempt)));
    console.log(`  ${ROUNDS} alternating rounds against the base build: this ${ms(mine)} CPU per attempt, base ${ms(theirs)}; ${change(mine, theirs)} (load ${load()})`);
  }
  // A program of a real size: the similar-code detector compares each attempt's code with the last ones.
  const sizedRuns = [[], []];
  for (let round = 0; round < (base ? ROUNDS : 1); round += 1) {
    const builds = base ? (round % 2 === 0 ? [createAgent, base] : [base, createAgent]) : [createAgent];
    for (const create of builds) sizedRuns[create === base ? 1 : 0].push(await measure("3 KB observed", 50, new InstantModel(replies(50, helpers)), { boundary: "observe" }, create));
  }
  const sizedCpu = median(sizedRuns[0].map((row) => row.cpuPerAttempt));
  console.log(
    `  with a ${kb(helpers.length + 30)} program (50 attempts): ${ms(sizedCpu)} CPU per attempt` +
      (base ? `, base build ${ms(median(sizedRuns[1].map((row) => row.cpuPerAttempt)))}; ${change(sizedCpu, median(sizedRuns[1].map((row) => row.cpuPerAttempt)))}` : ""),
  );

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
