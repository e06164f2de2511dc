import { Annotation, type BaseCheckpointSaver, END, START, StateGraph } from "@langchain/langgraph";
import { boundaryNoteChannel } from "../boundary-note.js";

/** One scripted attempt: the code a repair produces and what checking it finds. */
export interface ScriptedAttempt {
  code: string;
  passed: number;
  error?: string;
}

const last = <T>(initial: () => T) => Annotation<T>({ reducer: (_, next) => next, default: initial });

export const RepairState = Annotation.Root({
  attempt: last<number>(() => 0),
  code: last<string>(() => ""),
  passed: last<number>(() => 0),
  error: last<string | null>(() => null),
  strategy: last<string>(() => "fix"),
  boundaryNote: boundaryNoteChannel(),
  log: Annotation<string[]>({ reducer: (all, more) => all.concat(more), default: () => [] }),
});

export type RepairStateValue = typeof RepairState.State;

/**
 * A miniature code-repair loop: `repair` writes the next scripted code, `check` reports the
 * tests it passes, until all `total` pass. A run whose strategy changed (a boundary note, or
 * the `rethink` node) follows the `rescue` script instead: that is how a graph's own nodes
 * act on an intervention.
 */
export function repairLoopGraph(options: {
  attempts: ScriptedAttempt[];
  total: number;
  rescue?: ScriptedAttempt[];
  checkpointer?: BaseCheckpointSaver;
}) {
  const results = new Map([...options.attempts, ...(options.rescue ?? [])].map((a) => [a.code, a]));
  return new StateGraph(RepairState)
    .addNode("repair", (state) => {
      const rescued = state.strategy !== "fix" || state.boundaryNote !== null;
      const script = rescued && options.rescue !== undefined ? options.rescue : options.attempts;
      const next = script[Math.min(state.attempt, script.length - 1)];
      return { attempt: state.attempt + 1, code: next.code, log: [`repair ${state.attempt + 1}${rescued ? " (rescued)" : ""}`] };
    })
    .addNode("check", (state) => {
      const result = results.get(state.code);
      return { passed: result?.passed ?? 0, error: result?.error ?? null, log: [`check ${state.attempt}`] };
    })
    .addNode("rethink", () => ({ strategy: "rethink", log: ["rethink"] }))
    .addEdge(START, "repair")
    .addEdge("repair", "check")
    .addConditionalEdges("check", (state) => (state.passed >= options.total ? END : "repair"))
    .addEdge("rethink", "repair")
    .compile(options.checkpointer === undefined ? {} : { checkpointer: options.checkpointer });
}

/** A small program with a visible change per version, like successive one-line fixes. */
export function programVersion(version: number, fixed = false): string {
  return [
    "def median(values):",
    '    """The middle value of a non-empty list of numbers."""',
    "    if not values:",
    '        raise ValueError("median of an empty list")',
    "    ordered = sorted(values)",
    "    middle = len(ordered) // 2",
    fixed ? "    if len(ordered) % 2 == 0:" : `    if len(ordered) % ${version + 3} == 0:`,
    "        return (ordered[middle - 1] + ordered[middle]) / 2",
    "    return ordered[middle]",
    "",
  ].join("\n");
}

/** Extractors a repair loop gives the boundary. */
export const repairExtractors = {
  errorSignature: (update: Partial<RepairStateValue>) => update.error ?? undefined,
  progress: (update: Partial<RepairStateValue>) => update.passed,
  code: (update: Partial<RepairStateValue>) => update.code,
};
