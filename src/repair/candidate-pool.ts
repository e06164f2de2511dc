import type { SuspiciousLine } from "./ochiai.js";
import { countArithmeticNoOps } from "./arithmetic-no-ops.js";
import { applyEdits, editsOverlap, type Mutation } from "./source-edit.js";
import { hasSyntaxError, normalizedText, parserFor, type Grammar } from "./syntax-tree.js";
import type TreeSitter from "@vscode/tree-sitter-wasm";
import { commonEnds } from "../shared/common-ends.js";

/** A program to test: the original with one or two mutations applied. */
export interface Candidate {
  id: number;
  /** The program file the mutations change (the pool's file). */
  file: string;
  /** That file's content with the mutations applied. */
  code: string;
  mutations: Mutation[];
  /** Search order: lower runs first. */
  key: number;
  /**
   * Tokens removed plus inserted, not counting those an edit keeps at either end (replacing
   * `i + size - 1` by `i + size` removes two): the smaller, the likelier the intended patch.
   */
  size: number;
  /** Tokens inserted: of two patches of the same size, the one that deletes more reads likelier. */
  inserted: number;
  /**
   * Characters removed plus inserted, the same way: between rewrites of the same text of as
   * many tokens, the smaller reads likelier (`<` -> `>` before `<` -> `>=`).
   */
  characters: number;
}

/** How much a line's lower suspiciousness delays its mutations, in operator-cost units. */
const LOCATION_WEIGHT = 3;

export interface PoolOptions {
  /** The file the pool mutates, carried by its candidates (default `""`, a single-file program). */
  file?: string;
  /**
   * The score suspicion is measured against (default: this file's top score). A multi-file
   * search passes the top score over every file, so one file's lines weigh against another's.
   */
  top?: number;
  /** Candidate ids shared by the pools of one search, so that ids stay unique across files. */
  ids?: { next: number };
}

/**
 * Builds candidates in search order and filters them: a candidate that does not parse, or
 * that normalizes (layout and comments aside) to a program already seen, is never run.
 */
export class CandidatePool {
  private readonly seen = new Set<string>();
  /** Mutations dropped because the result did not parse. */
  unparseable = 0;
  /** Mutations dropped as duplicates of a program already produced. */
  duplicates = 0;
  /** Mutations dropped because they add an arithmetic no-op (`x - 0`, `x * 1`). */
  noOps = 0;

  private constructor(
    private readonly original: string,
    private readonly parser: TreeSitter.Parser,
    private readonly suspicion: ReadonlyMap<number, number>,
    private readonly originalNoOps: number,
    private readonly file: string,
    private readonly ids: { next: number },
  ) {}

  static async create(grammar: Grammar, original: string, ranking: readonly SuspiciousLine[], options: PoolOptions = {}): Promise<CandidatePool> {
    const parser = await parserFor(grammar);
    const top = options.top ?? ranking[0]?.score ?? 0;
    const suspicion = new Map(ranking.map((entry) => [entry.line, top > 0 ? entry.score / top : 0]));
    const tree = parser.parse(original);
    const pool = new CandidatePool(original, parser, suspicion, tree ? countArithmeticNoOps(tree) : 0, options.file ?? "", options.ids ?? { next: 0 });
    if (tree) pool.seen.add(normalizedText(tree, original));
    tree?.delete();
    return pool;
  }

  /** The search key of a mutation, or undefined when its line was never suspicious. */
  keyOf(mutation: Mutation): number | undefined {
    if (this.suspicion.size === 0) return mutation.cost;
    const weight = this.suspicion.get(mutation.line);
    if (weight === undefined) return undefined;
    return mutation.cost + (1 - weight) * LOCATION_WEIGHT;
  }

  /**
   * How suspicious a line is relative to the most suspicious one, 0 to 1; undefined when it
   * was never suspicious, 1 for every line when nothing was localized.
   */
  suspicionOf(line: number): number | undefined {
    return this.suspicion.size === 0 ? 1 : this.suspicion.get(line);
  }

  /** Mutations on suspicious lines, cheapest key first. */
  order(mutations: readonly Mutation[]): Mutation[] {
    const keyed: { mutation: Mutation; key: number; index: number }[] = [];
    mutations.forEach((mutation, index) => {
      const key = this.keyOf(mutation);
      if (key !== undefined) keyed.push({ mutation, key, index });
    });
    keyed.sort((a, b) => a.key - b.key || a.index - b.index);
    return keyed.map((entry) => entry.mutation);
  }

  /**
   * A runnable candidate for these mutations, or undefined when it does not parse, repeats,
   * or adds an arithmetic no-op.
   */
  build(mutations: Mutation[]): Candidate | undefined {
    for (let i = 0; i < mutations.length; i++) {
      for (let j = i + 1; j < mutations.length; j++) if (editsOverlap(mutations[i].edit, mutations[j].edit)) return undefined;
    }
    const code = applyEdits(
      this.original,
      mutations.map((mutation) => mutation.edit),
    );
    const tree = this.parser.parse(code);
    if (!tree || hasSyntaxError(tree)) {
      tree?.delete();
      this.unparseable++;
      return undefined;
    }
    const normalized = normalizedText(tree, code);
    const addsNoOp = countArithmeticNoOps(tree) > this.originalNoOps;
    tree.delete();
    if (addsNoOp) {
      this.noOps++;
      return undefined;
    }
    if (this.seen.has(normalized)) {
      this.duplicates++;
      return undefined;
    }
    this.seen.add(normalized);
    const key = mutations.reduce((sum, mutation) => sum + (this.keyOf(mutation) ?? mutation.cost + LOCATION_WEIGHT), 0);
    let removed = 0;
    let inserted = 0;
    let characters = 0;
    for (const mutation of mutations) {
      const before = this.original.slice(mutation.edit.start, mutation.edit.end);
      const change = changedTokens(before, mutation.edit.text);
      removed += change.removed;
      inserted += change.inserted;
      const [was, now] = [[...before], [...mutation.edit.text]];
      const kept = commonEnds(was, now);
      characters += was.length + now.length - 2 * (kept.head + kept.tail);
    }
    return { id: this.ids.next++, file: this.file, code, mutations, key, size: removed + inserted, inserted, characters };
  }
}

/** Tokens removed from `before` and inserted by `after`, once their common ends are set aside. */
function changedTokens(before: string, after: string): { removed: number; inserted: number } {
  const a = tokensOf(before);
  const b = tokensOf(after);
  const { head, tail } = commonEnds(a, b);
  return { removed: a.length - head - tail, inserted: b.length - head - tail };
}

/**
 * Words, the operators of more than one character as one token each (`==` -> `<` is one token
 * replaced, as `0` -> `1` is), and any other character.
 */
function tokensOf(text: string): string[] {
  return text.match(/\w+|\*\*=|\/\/=|>>>=|===|!==|>>>|<<=|>>=|\*\*|\/\/|==|!=|<=|>=|<<|>>|&&|\|\||\?\?|\?\.|=>|->|:=|\+\+|--|[-+*\/%&|^@]=|[^\s\w]/g) ?? [];
}
