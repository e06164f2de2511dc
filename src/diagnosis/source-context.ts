/**
 * The lines around `line` (1-based), numbered, with the failing line marked by `>` so a
 * model sees the code it has to change without the whole file.
 */
export function sourceContext(content: string, line: number, radius = 3): string | undefined {
  const lines = content.split(/\r?\n/);
  if (line < 1 || line > lines.length) return undefined;
  const first = Math.max(1, line - radius);
  const last = Math.min(lines.length, line + radius);
  const width = String(last).length;
  const out: string[] = [];
  for (let n = first; n <= last; n++) {
    out.push(`${n === line ? ">" : " "} ${String(n).padStart(width)} | ${lines[n - 1]}`);
  }
  return out.join("\n");
}
