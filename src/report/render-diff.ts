import { diffWordsWithSpace, structuredPatch } from "diff";
import { escapeHtml } from "./escape-html.js";

const CONTEXT_LINES = 3;

/**
 * A unified diff of two versions of a file as highlighted HTML: hunks with old and new line
 * numbers, removed and added lines coloured, and within a changed line the words that
 * changed marked (a removed line is paired with the added line in the same position).
 */
export function renderDiff(before: string, after: string, fileName: string): string {
  const patch = structuredPatch(fileName, fileName, withNewline(before), withNewline(after), "", "", {
    context: CONTEXT_LINES,
  });
  if (patch.hunks.length === 0) return `<p class="muted">No change from the previous attempt.</p>`;
  const rows: string[] = [];
  for (const hunk of patch.hunks) {
    rows.push(
      `<tr class="hunk"><td></td><td></td><td>@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@</td></tr>`,
    );
    let oldLine = hunk.oldStart;
    let newLine = hunk.newStart;
    const lines = hunk.lines.filter((line) => !line.startsWith("\\"));
    for (let i = 0; i < lines.length; ) {
      if (lines[i].startsWith(" ")) {
        rows.push(row("ctx", oldLine++, newLine++, " ", escapeHtml(lines[i].slice(1))));
        i++;
        continue;
      }
      const removed: string[] = [];
      const added: string[] = [];
      while (i < lines.length && lines[i].startsWith("-")) removed.push(lines[i++].slice(1));
      while (i < lines.length && lines[i].startsWith("+")) added.push(lines[i++].slice(1));
      const marked = markChangedWords(removed, added);
      for (const html of marked.removed) rows.push(row("del", oldLine++, "", "-", html));
      for (const html of marked.added) rows.push(row("add", "", newLine++, "+", html));
    }
  }
  return `<table class="diff"><tbody>${rows.join("")}</tbody></table>`;
}

function row(kind: string, oldLine: number | "", newLine: number | "", sign: string, html: string): string {
  return `<tr class="${kind}"><td class="ln">${oldLine}</td><td class="ln">${newLine}</td><td class="code"><span class="sign">${sign}</span>${html}</td></tr>`;
}

/** Escaped lines, with the changed words of paired lines wrapped in `<mark>`. */
function markChangedWords(removed: string[], added: string[]): { removed: string[]; added: string[] } {
  const out = { removed: removed.map(escapeHtml), added: added.map(escapeHtml) };
  const pairs = Math.min(removed.length, added.length);
  for (let i = 0; i < pairs; i++) {
    let before = "";
    let after = "";
    for (const change of diffWordsWithSpace(removed[i], added[i])) {
      const text = escapeHtml(change.value);
      if (change.removed) before += `<mark>${text}</mark>`;
      else if (change.added) after += `<mark>${text}</mark>`;
      else {
        before += text;
        after += text;
      }
    }
    out.removed[i] = before;
    out.added[i] = after;
  }
  return out;
}

/** Both sides end in a newline, so a missing final newline is not reported as a change. */
function withNewline(text: string): string {
  return text.endsWith("\n") ? text : `${text}\n`;
}
