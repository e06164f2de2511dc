import { join, relative } from "node:path";
import { isInside } from "../../shared/is-inside.js";
import type { PytestConfig } from "./find-pytest-config.js";

/**
 * The folders pytest's `pythonpath` option puts on `sys.path` (the src layout's
 * `pythonpath = ["src"]`), relative to `root` and `/`-separated: where the tests' imports of the
 * project's own packages resolve. Read from the config pytest would take (see
 * `findPytestConfig`); entries are relative to that file's folder. Folders outside the project
 * are left out: the run cannot see them.
 */
export function pytestPythonpath(root: string, config: PytestConfig | undefined): string[] {
  if (!config) return [];
  const value = optionValue(config.section, "pythonpath");
  if (value === undefined) return [];
  // TOML writes a list of strings or one string; ini files write words separated by blanks.
  const quoted = [...value.matchAll(/"((?:\\.|[^"\\])*)"|'([^']*)'/g)].map((match) => match[1] ?? match[2] ?? "");
  const entries = /["']/.test(value) ? quoted : value.split(/\s+/);
  return entries
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "")
    .map((entry) => join(config.dir, entry))
    .filter((folder) => isInside(root, folder))
    .map((folder) => relative(root, folder).split("\\").join("/"));
}

/** A key's value in an ini or TOML section, with its continuation lines (indented, or up to a TOML list's `]`). */
function optionValue(section: string, key: string): string | undefined {
  const lines = section.split("\n");
  const start = lines.findIndex((line) => new RegExp(`^${key}\\s*=`).test(line));
  if (start < 0) return undefined;
  let value = lines[start].replace(/^[^=]*=/, "");
  for (let i = start + 1; i < lines.length; i++) {
    const openList = value.includes("[") && !value.includes("]");
    if (!openList && !/^\s+\S/.test(lines[i])) break;
    value += `\n${lines[i]}`;
  }
  return value.replace(/#.*$/gm, "");
}
