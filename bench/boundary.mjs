// The error boundary's stuck detection against a plain attempt cap, over scripted repair
// trajectories: some converge (fast, slowly, over a plateau, with near-identical small
// fixes, with progress that dips), some loop (the same code, two codes in turn, the same
// error, stalled progress, tiny edits). Each runs twice on a small repair graph whose
// `repair` node asks a scripted model for code: once with only the attempt cap, once under
// `withErrorBoundary` configured as mendloop's agent configures it (first stuck detection:
// switch strategy through a note in the prompt; second: stop with `stuck`). Some loops have
// a way out that only a switched strategy finds. Prints per trajectory the model calls each
// way and how the run ended, then the totals: model calls saved, and the converging runs
// the boundary wrongly stopped (the target is 0).
//
// Then, with default options only, trajectories the way LangGraph.js agents misbehave: a
// ToolNode loop whose results carry a timestamp and fresh tool-call ids, a planner that
// rephrases, a tool that keeps failing with a fresh request id, a job poll, each looping or
// converging after a few rounds. Prints model calls saved on the looping runs (goal: at least
// 50%) and converging runs wrongly stopped (goal: 0). Then a 50-step conversation whose
// history grows with every turn: input tokens per call and total tokens without the boundary
// and with it compressing the messages (on a slow leak, on a state budget, by trimming or by
// a summary). Last, the import time of
// `mendloop/boundary` against `@langchain/langgraph` alone (goal: at most 1.5x).
// Run: `npm run bench:boundary` (builds first).
import { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { execFileSync } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { AIMessage, HumanMessage, SystemMessage } from "@langchain/core/messages";
import { tool } from "@langchain/core/tools";
import { FakeListChatModel } from "@langchain/core/utils/testing";
import { Annotation, END, MemorySaver, MessagesAnnotation, START, StateGraph } from "@langchain/langgraph";
import { ToolNode, toolsCondition } from "@langchain/langgraph/prebuilt";
import { ChatOpenAI } from "@langchain/openai";
import { z } from "zod";
import { startScriptedServer } from "../dist/testkit/index.js";
import { boundaryNoteChannel, escalatingPolicy, withErrorBoundary } from "../dist/boundary/index.js";

const CAP = 12;
const SEED = 20240607;

// LangChain logs every callback that throws, and the boundary stops runs by throwing from
// its callbacks; those lines would bury the table.
const consoleError = console.error;
console.error = (...args) => {
  if (typeof args[0] === "string" && args[0].startsWith("Error in handler BoundaryCallbackHandler")) return;
  consoleError(...args);
};

/** mulberry32: a small seeded generator, so every run of the bench sees the same trajectories. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = random(SEED);
const pick = (low, high) => low + Math.floor(rand() * (high - low + 1));

/** A program; `variant` changes one line, as a small fix does. */
function program(variant) {
  return [
    "def median(values):",
    '    """The middle value of a non-empty list of numbers."""',
    "    if not values:",
    '        raise ValueError("median of an empty list")',
    "    ordered = sorted(values)",
    "    middle = len(ordered) // 2",
    `    if len(ordered) % ${variant + 2} == 0:`,
    "        return (ordered[middle - 1] + ordered[middle]) / 2",
    "    return ordered[middle]",
  ].join("\n");
}

const NAMES = ["values", "xs", "numbers", "items", "data", "seq", "sample", "nums"];
const SHAPES = [
  (v, n) => `def median(${v}):\n    ${v} = sorted(${v})\n    if len(${v}) % 2:\n        return ${v}[len(${v}) // ${n}]\n    return sum(${v}[len(${v}) // 2 - 1:len(${v}) // 2 + 1]) / 2`,
  (v, n) => `import statistics\n\ndef median(${v}):\n    if not ${v}:\n        return None\n    return statistics.median_low(${v}) + ${n} * 0`,
  (v, n) => `import heapq\n\ndef median(${v}):\n    low, high = [], []\n    for x in ${v}:\n        heapq.heappush(low, -x)\n        heapq.heappush(high, -heapq.heappop(low))\n        if len(high) > len(low) + ${n - 1}:\n            heapq.heappush(low, -heapq.heappop(high))\n    return -low[0]`,
  (v, n) => `def median(${v}):\n    count = 0\n    for i, x in enumerate(${v}):\n        below = sum(1 for y in ${v} if y < x)\n        if below == len(${v}) // ${n}:\n            return x\n        count += i\n    raise ValueError(count)`,
];

/** A rewrite: a differently shaped program, as a model starting over writes. */
function rewrite(n) {
  const shape = SHAPES[n % SHAPES.length];
  return shape(NAMES[(n * 5 + 3) % NAMES.length], 2 + (n % 3));
}

/** An attempt: the code the model writes and what the tests say about it. */
const attempt = (code, passed, error) => ({ code, passed, error });
const failing = (passed, tag) => `AssertionError: test_${passed + 1} failed (${tag})`;

/** Converges: one more test passes every `every` attempts; each fix edits one line. */
function steady(total, every) {
  return Array.from({ length: total * every }, (_, i) => {
    const passed = Math.floor((i + 1) / every);
    return attempt(program(i + 1), passed, failing(passed, "steady"));
  });
}

const families = {
  converging: {
    fast: () => steady(pick(2, 4), 1),
    slow: () => steady(pick(2, 3), pick(2, 3)),
    plateau: () => {
      const before = pick(1, 2);
      const flat = pick(2, 3);
      return [
        ...Array.from({ length: before }, (_, i) => attempt(rewrite(i + 1), i + 1, failing(i + 1, "climb"))),
        ...Array.from({ length: flat }, (_, i) => attempt(rewrite(10 + i), before, failing(before, `flat ${i}`))),
        attempt(rewrite(20), before + 1, failing(before + 1, "climb")),
        attempt(rewrite(21), before + 2, undefined),
      ];
    },
    plateauSmallFixes: () => {
      const flat = pick(2, 3);
      return [
        attempt(program(1), 1, failing(1, "climb")),
        ...Array.from({ length: flat }, (_, i) => attempt(program(2 + i), 1, failing(1, `flat ${i}`))),
        attempt(program(9), 2, failing(2, "climb")),
        attempt(program(10), 3, undefined),
      ];
    },
    dips: () => [2, 1, 2, 3, 2, 4, 5].map((passed, i) => attempt(rewrite(i + 1), passed, failing(passed, `dip ${i}`))),
    revisit: () => [
      attempt(program(1), 0, failing(0, "a")),
      attempt(program(2), 0, failing(0, "b")),
      attempt(program(1), 0, failing(0, "a")),
      attempt(program(3), 1, failing(1, "c")),
      attempt(program(4), 2, failing(2, "d")),
      attempt(program(5), 3, undefined),
    ],
  },
  looping: {
    identical: () => [attempt(program(1), pick(0, 2), failing(1, "same"))],
    alternating: () => {
      const passed = pick(0, 2);
      return Array.from({ length: 2 * CAP }, (_, i) => attempt(program(i % 2), passed, failing(passed, `flip ${i % 2}`)));
    },
    sameError: () => {
      const passed = pick(0, 2);
      return Array.from({ length: CAP }, (_, i) => attempt(rewrite(i + 1), passed, "NameError: name 'middel' is not defined"));
    },
    stalled: () => {
      const passed = pick(1, 3);
      return Array.from({ length: CAP }, (_, i) => attempt(rewrite(i + 1), passed - (i % 2), failing(passed, `stall ${i}`)));
    },
    tinyEdits: () => {
      const passed = pick(0, 2);
      return Array.from({ length: CAP }, (_, i) => attempt(program(i + 1), passed, failing(passed, `edit ${i}`)));
    },
  },
};

/** What a switched strategy finds, for loops that have a way out. */
const rescue = (total) => [attempt(rewrite(90), total - 1, failing(total - 1, "rescue")), attempt(rewrite(91), total, undefined)];

/** A model that writes the scripted code; once a boundary note is in its prompt, it follows the rescue script. */
class ScriptedCoder extends BaseChatModel {
  constructor(script, rescueScript) {
    super({});
    this.script = script;
    this.rescueScript = rescueScript;
    this.calls = 0;
    this.rescued = 0;
  }
  _llmType() {
    return "scripted-coder";
  }
  async _generate(messages) {
    this.calls += 1;
    const prompt = String(messages.at(-1)?.content ?? "");
    const switched = prompt.includes("BOUNDARY NOTE:") && this.rescueScript !== undefined;
    const next = switched
      ? this.rescueScript[Math.min(this.rescued++, this.rescueScript.length - 1)]
      : this.script[Math.min(this.calls - 1 - this.rescued, this.script.length - 1)];
    const message = new AIMessage({ content: next.code, usage_metadata: { input_tokens: 400, output_tokens: 120, total_tokens: 520 } });
    return { generations: [{ message, text: next.code }] };
  }
}

const last = (initial) => Annotation({ reducer: (_, next) => next, default: initial });
const RepairState = Annotation.Root({
  attempt: last(() => 0),
  code: last(() => ""),
  passed: last(() => 0),
  error: last(() => null),
  boundaryNote: boundaryNoteChannel(),
});

function repairGraph(model, results, total, checkpointer) {
  return new StateGraph(RepairState)
    .addNode("repair", async (state) => {
      const note = state.boundaryNote ? `\nBOUNDARY NOTE: ${state.boundaryNote.message}` : "";
      const reply = await model.invoke(`Fix the code so that ${total} tests pass.${note}\n\n${state.code}`);
      return { attempt: state.attempt + 1, code: String(reply.content) };
    })
    .addNode("check", (state) => {
      const result = results.get(state.code) ?? { passed: 0 };
      return { passed: result.passed, error: result.error ?? null };
    })
    .addEdge(START, "repair")
    .addEdge("repair", "check")
    .addConditionalEdges("check", (state) => (state.passed >= total || state.attempt >= CAP ? END : "repair"))
    .compile(checkpointer ? { checkpointer } : {});
}

const agentLike = {
  errorSignature: (update) => update.error ?? undefined,
  progress: (update) => update.passed,
  code: (update) => update.code,
  noteKey: "boundaryNote",
  policy: escalatingPolicy([{ kind: "modify_prompt" }, "terminate"]),
};

async function runTrajectory(trajectory, thread) {
  const results = new Map([...trajectory.script, ...(trajectory.rescue ?? [])].map((a) => [a.code, a]));
  const plainModel = new ScriptedCoder(trajectory.script, trajectory.rescue);
  const plain = await repairGraph(plainModel, results, trajectory.total).invoke({}, { recursionLimit: 100 });
  const guardedModel = new ScriptedCoder(trajectory.script, trajectory.rescue);
  const bounded = withErrorBoundary(repairGraph(guardedModel, results, trajectory.total, new MemorySaver()), agentLike);
  const guarded = await bounded.invoke({}, { configurable: { thread_id: thread }, recursionLimit: 100 });
  const summary = bounded.summary();
  return {
    plain: { calls: plainModel.calls, passed: plain.passed >= trajectory.total },
    guarded: {
      calls: guardedModel.calls,
      boundaryCalls: summary.usage.modelCalls,
      passed: guarded.passed >= trajectory.total,
      reason: guarded.boundary?.reason,
      detections: summary.detections.map((d) => d.kind),
    },
  };
}

function build() {
  const trajectories = [];
  for (const [kind, makers] of Object.entries(families)) {
    for (const [family, make] of Object.entries(makers)) {
      for (let i = 0; i < 4; i += 1) {
        const script = make();
        const total = kind === "converging" ? Math.max(...script.map((a) => a.passed)) : 5;
        // Half the loops have a way out that only a changed strategy finds.
        const withRescue = kind === "looping" && i % 2 === 1;
        trajectories.push({ name: `${family}-${i + 1}`, kind, total, script, ...(withRescue ? { rescue: rescue(total) } : {}) });
      }
    }
  }
  return trajectories;
}

const trajectories = build();
const rows = [];
const started = Date.now();
for (const [i, trajectory] of trajectories.entries()) {
  const outcome = await runTrajectory(trajectory, `bench-${i}`);
  rows.push({ trajectory, ...outcome });
}

const pad = (text, width) => String(text).padEnd(width);
console.log(`Stuck detection vs a plain cap of ${CAP} attempts (${trajectories.length} scripted trajectories, seed ${SEED})\n`);
console.log(`${pad("trajectory", 20)}${pad("kind", 12)}${pad("plain", 16)}${pad("boundary", 30)}detections`);
for (const { trajectory, plain, guarded } of rows) {
  const plainText = `${plain.calls} calls ${plain.passed ? "pass" : "cap"}`;
  const guardedText = `${guarded.calls} calls ${guarded.passed ? "pass" : (guarded.reason ?? "cap")}`;
  console.log(`${pad(trajectory.name, 20)}${pad(trajectory.kind, 12)}${pad(plainText, 16)}${pad(guardedText, 30)}${guarded.detections.join(", ") || "-"}`);
}

const converging = rows.filter((r) => r.plain.passed);
const looping = rows.filter((r) => !r.plain.passed);
const sum = (list, pick) => list.reduce((total, row) => total + pick(row), 0);
const plainCalls = sum(rows, (r) => r.plain.calls);
const guardedCalls = sum(rows, (r) => r.guarded.calls);
const loopPlain = sum(looping, (r) => r.plain.calls);
const loopGuarded = sum(looping, (r) => r.guarded.calls);
const wronglyStopped = converging.filter((r) => !r.guarded.passed);
const falseAlarms = converging.filter((r) => r.guarded.detections.length > 0);
const rescued = looping.filter((r) => r.guarded.passed);
const miscounted = rows.filter((r) => r.guarded.calls !== r.guarded.boundaryCalls);

console.log("");
console.log(`converging runs (pass under the plain cap): ${converging.length}; looping runs: ${looping.length}`);
console.log(`model calls, all runs: plain cap ${plainCalls}, boundary ${guardedCalls}, saved ${plainCalls - guardedCalls} (${((100 * (plainCalls - guardedCalls)) / plainCalls).toFixed(1)}%)`);
console.log(`model calls, looping runs: plain cap ${loopPlain}, boundary ${loopGuarded}, saved ${loopPlain - loopGuarded} (${((100 * (loopPlain - loopGuarded)) / loopPlain).toFixed(1)}%)`);
console.log(`looping runs the boundary stopped as stuck: ${looping.filter((r) => r.guarded.reason === "stuck").length} of ${looping.length}; rescued by a strategy switch: ${rescued.length}`);
console.log(`converging runs wrongly stopped: ${wronglyStopped.length} (target 0)${wronglyStopped.length ? `: ${wronglyStopped.map((r) => r.trajectory.name).join(", ")}` : ""}`);
console.log(`converging runs with a detection (a strategy switch, not a stop): ${falseAlarms.length}`);
console.log(`calls counted by the boundary's callbacks differ from the model's own count in ${miscounted.length} runs`);
console.log(`(${((Date.now() - started) / 1000).toFixed(1)} s)`);

// ---- default options on agents the way LangGraph.js users write them ----

const providerId = (prefix, length) =>
  prefix + [...randomBytes(length)].map((b) => "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"[b % 62]).join("");

/** FakeListChatModel replying as a provider does: fresh message and tool-call ids, usage. The last reply repeats. */
class ProviderLikeModel extends FakeListChatModel {
  constructor(replies) {
    super({ responses: replies.map((r) => (typeof r === "string" ? r : "")) });
    this.replies = replies;
    this.calls = 0;
  }
  async _generate() {
    const reply = this.replies[Math.min(this.calls, this.replies.length - 1)];
    this.calls += 1;
    const content = typeof reply === "string" ? reply : "";
    const message = new AIMessage({
      id: providerId("chatcmpl-", 29),
      content,
      tool_calls: typeof reply === "string" ? [] : [{ name: reply.tool, args: reply.args, id: providerId("call_", 24), type: "tool_call" }],
      usage_metadata: { input_tokens: 200, output_tokens: 40, total_tokens: 240 },
    });
    return { generations: [{ message, text: content }] };
  }
}

const flightStatus = tool(async ({ flight }) => JSON.stringify({ flight, status: "unknown", checkedAt: new Date().toISOString(), requestId: randomUUID() }), {
  name: "flight_status",
  description: "Departure status of a flight",
  schema: z.object({ flight: z.string() }),
});
const failingQuote = tool(
  async ({ symbol }) => {
    throw new Error(`Upstream returned 503 for request req_${randomBytes(6).toString("hex")} after ${200 + Math.floor(rand() * 900)}ms (${symbol})`);
  },
  { name: "stock_quote", description: "Latest quote", schema: z.object({ symbol: z.string() }) },
);
function jobStatusTool(doneAfter) {
  let polls = 0;
  return tool(
    async ({ job }) => {
      polls += 1;
      return JSON.stringify({ job, status: polls >= doneAfter ? "succeeded" : "running", checkedAt: new Date().toISOString(), polls });
    },
    { name: "job_status", description: "Status of a batch job", schema: z.object({ job: z.string() }) },
  );
}
/** A quote tool that fails `failures` times, then answers. */
function flakyQuote(failures) {
  let calls = 0;
  return tool(
    async ({ symbol }) => {
      calls += 1;
      if (calls <= failures) throw new Error(`Upstream returned 503 for request req_${randomBytes(6).toString("hex")} after ${200 + calls * 37}ms`);
      return JSON.stringify({ symbol, price: 187.42, at: new Date().toISOString() });
    },
    { name: "stock_quote", description: "Latest quote", schema: z.object({ symbol: z.string() }) },
  );
}

function toolAgent(model, tools) {
  return new StateGraph(MessagesAnnotation)
    .addNode("agent", async (state) => ({ messages: [await model.invoke(state.messages)] }))
    .addNode("tools", new ToolNode(tools))
    .addEdge(START, "agent")
    .addConditionalEdges("agent", toolsCondition, ["tools", END])
    .addEdge("tools", "agent")
    .compile();
}

const REPHRASINGS = [
  "I will look up the departure status of flight BA117 before answering.",
  "Let me look up the departure status of flight BA117 before answering.",
  "Let me look up the departure status for flight BA117 before I answer.",
  "I will look up the departure status for flight BA117 before I answer.",
];
const STEPS = [
  "Step 1: search for flights from London to Paris on Friday.",
  "Step 2: book the cheapest hotel near the Louvre for two nights.",
  "Step 3: summarise the itinerary and total cost for the user.",
  "Step 4: email the itinerary with the booking references attached.",
];
function planner(model) {
  return new StateGraph(MessagesAnnotation)
    .addNode("plan", async (state) => ({ messages: [await model.invoke(state.messages)] }))
    .addNode("act", () => ({ messages: [new AIMessage({ id: randomUUID(), content: `Checked at ${new Date().toISOString()}: no new data.` })] }))
    .addEdge(START, "plan")
    .addConditionalEdges("plan", (state) => (state.messages.at(-1)?.content === "DONE" ? END : "act"))
    .addEdge("act", "plan")
    .compile();
}

const call = (tool, args) => ({ tool, args });
const repeat = (n, item) => Array.from({ length: n }, () => item);
const agentTrajectories = [];
for (let i = 0; i < 3; i += 1) {
  const k = 1 + i;
  agentTrajectories.push(
    { name: `tool-loop-${i + 1}`, kind: "looping", make: () => { const m = new ProviderLikeModel([call("flight_status", { flight: "BA117" })]); return { model: m, graph: toolAgent(m, [flightStatus]) }; } },
    { name: `tool-ends-${i + 1}`, kind: "converging", make: () => { const m = new ProviderLikeModel([...repeat(k, call("flight_status", { flight: "BA117" })), "BA117 is on time."]); return { model: m, graph: toolAgent(m, [flightStatus]) }; } },
    { name: `rephrase-loop-${i + 1}`, kind: "looping", make: () => { const m = new ProviderLikeModel(REPHRASINGS.slice(i).concat(REPHRASINGS.slice(0, i)).concat(REPHRASINGS).concat(REPHRASINGS).concat(REPHRASINGS).concat(REPHRASINGS)); return { model: m, graph: planner(m) }; } },
    { name: `rephrase-ends-${i + 1}`, kind: "converging", make: () => { const m = new ProviderLikeModel([...REPHRASINGS.slice(0, 1 + i), "DONE"]); return { model: m, graph: planner(m) }; } },
    { name: `steps-${i + 1}`, kind: "converging", make: () => { const m = new ProviderLikeModel([...STEPS.slice(0, 2 + i), "DONE"]); return { model: m, graph: planner(m) }; } },
    { name: `tool-error-loop-${i + 1}`, kind: "looping", make: () => { const m = new ProviderLikeModel([call("stock_quote", { symbol: "AAPL" })]); return { model: m, graph: toolAgent(m, [failingQuote]) }; } },
    { name: `tool-error-ends-${i + 1}`, kind: "converging", make: () => { const m = new ProviderLikeModel([...repeat(k + 1, call("stock_quote", { symbol: "AAPL" })), "AAPL trades at 187.42."]); return { model: m, graph: toolAgent(m, [flakyQuote(k)]) }; } },
    { name: `poll-loop-${i + 1}`, kind: "looping", make: () => { const m = new ProviderLikeModel([call("job_status", { job: "nightly-etl" })]); return { model: m, graph: toolAgent(m, [jobStatusTool(Infinity)]) }; } },
    { name: `poll-ends-${i + 1}`, kind: "converging", make: () => { const m = new ProviderLikeModel([...repeat(3 + i, call("job_status", { job: "nightly-etl" })), "The job succeeded."]); return { model: m, graph: toolAgent(m, [jobStatusTool(3 + i)]) }; } },
  );
}

async function runAgent(trajectory) {
  const plainSetup = trajectory.make();
  let plainDone = true;
  try {
    await plainSetup.graph.invoke({ messages: [new HumanMessage("Go ahead.")] });
  } catch (error) {
    if (error?.name !== "GraphRecursionError") throw error;
    plainDone = false;
  }
  const guardedSetup = trajectory.make();
  const bounded = withErrorBoundary(guardedSetup.graph);
  const result = await bounded.invoke({ messages: [new HumanMessage("Go ahead.")] });
  return {
    plain: { calls: plainSetup.model.calls, done: plainDone },
    guarded: { calls: guardedSetup.model.calls, done: result.boundary === undefined, reason: result.boundary?.reason, steps: bounded.summary().steps },
  };
}

const agentRows = [];
for (const trajectory of agentTrajectories) agentRows.push({ trajectory, ...(await runAgent(trajectory)) });
console.log(`\nDefault options on agents written the LangGraph.js way (plain: LangGraph's recursion limit of 25)\n`);
console.log(`${pad("trajectory", 20)}${pad("kind", 12)}${pad("plain", 22)}boundary`);
for (const { trajectory, plain, guarded } of agentRows) {
  console.log(
    `${pad(trajectory.name, 20)}${pad(trajectory.kind, 12)}${pad(`${plain.calls} calls ${plain.done ? "done" : "limit"}`, 22)}${guarded.calls} calls ${guarded.done ? "done" : guarded.reason} (${guarded.steps} steps)`,
  );
}
const agentLoops = agentRows.filter((r) => r.trajectory.kind === "looping");
const agentConverging = agentRows.filter((r) => r.trajectory.kind === "converging");
const loopPlainCalls = sum(agentLoops, (r) => r.plain.calls);
const loopGuardedCalls = sum(agentLoops, (r) => r.guarded.calls);
const wronglyStoppedAgents = agentConverging.filter((r) => !r.guarded.done);
console.log("");
console.log(`default options, looping runs: model calls plain ${loopPlainCalls}, boundary ${loopGuardedCalls}, saved ${loopPlainCalls - loopGuardedCalls} (${((100 * (loopPlainCalls - loopGuardedCalls)) / loopPlainCalls).toFixed(1)}%, goal >= 50%)`);
console.log(`default options, looping runs stopped within 12 steps: ${agentLoops.filter((r) => !r.guarded.done && r.guarded.steps <= 12).length} of ${agentLoops.length}`);
console.log(`default options, converging runs wrongly stopped: ${wronglyStoppedAgents.length} of ${agentConverging.length} (goal 0)${wronglyStoppedAgents.length ? `: ${wronglyStoppedAgents.map((r) => r.trajectory.name).join(", ")}` : ""}`);

// ---- a 50-step conversation: input tokens per call with and without compression ----

/**
 * A chat of `turns` model calls, a user node asking the next question and an assistant node
 * answering through ChatOpenAI against the scripted server, which reports usage from the
 * request's text as a provider counts it. Returns the input tokens of each call (the
 * summary calls of a compression counted apart) and the total tokens spent.
 */
async function conversationRun(turns, options) {
  const server = await startScriptedServer((_request, index) => ({ reply: `Answer ${index + 1}: ${program(index % 5).repeat(2)}` }));
  try {
    const calls = [];
    const counted = (kind) => [{ handleLLMEnd: (output) => calls.push({ kind, input: output.llmOutput?.tokenUsage?.promptTokens ?? 0, output: output.llmOutput?.tokenUsage?.completionTokens ?? 0 }) }];
    const chat = new ChatOpenAI({ model: "gpt-4o-mini", apiKey: "bench", maxRetries: 0, configuration: { baseURL: server.url }, callbacks: counted("chat") });
    const ChatState = Annotation.Root({ ...MessagesAnnotation.spec, turn: Annotation({ reducer: (_, b) => b, default: () => 0 }) });
    const graph = new StateGraph(ChatState)
      .addNode("user", (state) => ({ messages: [new HumanMessage(`Question ${state.turn + 1}: what does variant ${state.turn % 7} of median change?`)], turn: state.turn + 1 }))
      .addNode("assistant", async (state) => ({ messages: [await chat.invoke(state.messages)] }))
      .addEdge(START, "user")
      .addEdge("user", "assistant")
      .addConditionalEdges("assistant", (state) => (state.turn < turns ? "user" : END), ["user", END])
      .compile({ checkpointer: new MemorySaver() });
    const input = { messages: [new SystemMessage("You review Python code and answer questions about it.")] };
    const config = { configurable: { thread_id: randomUUID() }, recursionLimit: 4 * turns + 10 };
    let compressions = 0;
    if (options === undefined) await graph.invoke(input, config);
    else {
      const summarizeWith = options.summarize ? new ChatOpenAI({ model: "gpt-4o-mini", apiKey: "bench", maxRetries: 0, configuration: { baseURL: server.url }, callbacks: counted("summary") }) : undefined;
      const bounded = withErrorBoundary(graph, { ...options.boundary, ...(summarizeWith === undefined ? {} : { compress: { summarizeWith } }) });
      const result = await bounded.invoke(input, config);
      if (result.boundary !== undefined) throw new Error(`the conversation was stopped: ${result.boundary.message}`);
      compressions = bounded.summary().interventions.filter((r) => r.kind === "compress" && r.applied).length;
    }
    const chatCalls = calls.filter((c) => c.kind === "chat");
    return { perCall: chatCalls.map((c) => c.input), total: sum(calls, (c) => c.input + c.output), summaries: calls.length - chatCalls.length, compressions };
  } finally {
    await server.close();
  }
}

const TURNS = 50;
const conversations = [
  ["no boundary", undefined],
  ["boundary, defaults (slow leak: trim)", { boundary: {} }],
  ["boundary, stateBytes 12000 (trim)", { boundary: { budgets: { stateBytes: 12_000 } } }],
  ["boundary, stateBytes 12000 (summary)", { boundary: { budgets: { stateBytes: 12_000 } }, summarize: true }],
];
const shownCalls = [1, 10, 20, 30, 40, 50];
console.log(`\nA ${TURNS}-step conversation (ChatOpenAI against the scripted server): input tokens per call, and total tokens\n`);
console.log(`${pad("run", 40)}${shownCalls.map((n) => pad(`#${n}`, 8)).join("")}${pad("max", 8)}${pad("total", 10)}compressions`);
let plainTotal;
for (const [name, options] of conversations) {
  const run = await conversationRun(TURNS, options);
  plainTotal ??= run.total;
  const saved = run.total === plainTotal ? "" : ` (${((100 * (plainTotal - run.total)) / plainTotal).toFixed(1)}% fewer)`;
  console.log(
    `${pad(name, 40)}${shownCalls.map((n) => pad(String(run.perCall[n - 1] ?? "-"), 8)).join("")}${pad(String(Math.max(...run.perCall)), 8)}${pad(String(run.total), 10)}${run.compressions}${run.summaries > 0 ? ` (+${run.summaries} summary calls)` : ""}${saved}`,
  );
}

// ---- import time of the light entry point ----

/** Milliseconds to import `specifier` in a fresh Node process (the median of `runs`). */
function importMs(specifier, runs) {
  const times = [];
  for (let i = 0; i < runs; i += 1) {
    const script = `const t = performance.now(); await import(${JSON.stringify(specifier)}); console.log(performance.now() - t);`;
    times.push(Number(execFileSync(process.execPath, ["--input-type=module", "-e", script], { cwd: process.cwd(), encoding: "utf8" }).trim()));
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)];
}
const langgraphMs = importMs("@langchain/langgraph", 5);
const boundaryMs = importMs("mendloop/boundary", 5);
const mainMs = importMs("mendloop", 3);
console.log("");
console.log(`import time (median of fresh processes): @langchain/langgraph ${langgraphMs.toFixed(0)} ms, mendloop/boundary ${boundaryMs.toFixed(0)} ms (${(boundaryMs / langgraphMs).toFixed(2)}x, goal <= 1.5x), mendloop ${mainMs.toFixed(0)} ms`);
