import type { PreferredEdit } from "../repair/prefer-edits.js";
import type { OperatorName } from "../repair/source-edit.js";

/**
 * The offline engine's edits of `code` as the error -> fix memory keeps them: the operator, the
 * replaced and the new text, and the line each changed as it read before the fix (where the
 * engine's line number points at a line holding the replaced text), so that a similar bug in
 * another program is looked for on a line shaped like it.
 */
export function rememberedEdits(edits: readonly { operator?: OperatorName; before: string; after: string; line?: number }[], code: string): PreferredEdit[] {
  const lines = code.split("\n");
  return edits.map(({ operator, before, after, line }) => {
    const text = line === undefined ? undefined : lines[line - 1];
    return { ...(operator ? { operator } : {}), before, after, ...(text !== undefined && text.includes(before) ? { line: text.trim() } : {}) };
  });
}
