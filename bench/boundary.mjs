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
// Run: `npm run bench:boundary` (builds first).
import { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { AIMessage } from "@langchain/core/messages";
import { Annotation, END, MemorySaver, START, StateGraph } from "@langchain/langgraph";
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
