import type { OperatorName, Mutation, TailShape } from "./source-edit.js";
import type { Alternative } from "./operator-tables.js";
import type { SyntaxNode } from "./syntax-tree.js";

/** Collects the mutations the operators propose, each a replacement of an exact source range. */
export class MutationSink {
  readonly mutations: Mutation[] = [];
  constructor(readonly source: string) {}

  replace(start: number, end: number, text: string, operator: OperatorName, cost: number, shows?: TailShape): void {
    if (this.source.slice(start, end) === text) return;
    this.mutations.push({ operator, line: lineOf(this.source, start), edit: { start, end, text }, cost, ...(shows ? { shows } : {}) });
  }

  replaceNode(node: SyntaxNode, text: string, operator: OperatorName, cost: number): void {
    this.replace(node.startIndex, node.endIndex, text, operator, cost);
  }

  alternatives(node: SyntaxNode, alternatives: readonly Alternative[] | undefined, operator: OperatorName): void {
    for (const [text, cost] of alternatives ?? []) this.replaceNode(node, text, operator, cost);
  }
}

function lineOf(source: string, index: number): number {
  let line = 1;
  for (let i = source.indexOf("\n"); i !== -1 && i < index; i = source.indexOf("\n", i + 1)) line++;
  return line;
}
