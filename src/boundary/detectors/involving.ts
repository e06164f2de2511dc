import type { Detection } from "../detection.js";
import type { NodeObservation } from "../node-observation.js";

/** The nodes, node executions and supersteps a set of observations covers, for a detection. */
export function involving(observations: readonly NodeObservation[]): Pick<Detection, "nodes" | "steps" | "supersteps"> {
  return {
    nodes: [...new Set(observations.map((o) => o.node))],
    steps: observations.map((o) => o.index),
    supersteps: [...new Set(observations.map((o) => o.superstep))],
  };
}

/** A signature shortened for explanations. */
export function shortSignature(signature: string): string {
  return signature.length > 24 ? `${signature.slice(0, 21)}...` : signature;
}
