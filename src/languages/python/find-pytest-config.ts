import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { isInside } from "../../shared/is-inside.js";

/** pytest's config files in the order it looks for them in each folder, with the section that makes each one count. */
const CONFIG_FILES: ReadonlyArray<{ name: string; section: RegExp | undefined }> = [
  { name: "pytest.ini", section: undefined },
  { name: ".pytest.ini", section: undefined },
  { name: "pyproject.toml", section: /^\[tool\.pytest\.ini_options\]\s*$/ },
  { name: "tox.ini", section: /^\[pytest\]\s*$/ },
  { name: "setup.cfg", section: /^\[tool:pytest\]\s*$/ },
];

/** The pytest section pytest itself would take, and the folder of its file (pytest's rootdir). */
export interface PytestConfig {
  dir: string;
  /** The section's text (the whole file for `pytest.ini`), without its header. */
  section: string;
}

/**
 * The configuration pytest would use: the first config file with a pytest section found walking
 * up from `start` (the first test file's folder, as pytest starts) to `root`, or undefined.
 */
export function findPytestConfig(root: string, start: string): PytestConfig | undefined {
  for (let dir = start; isInside(root, dir); dir = dirname(dir)) {
    for (const config of CONFIG_FILES) {
      const path = join(dir, config.name);
      if (!existsSync(path)) continue;
      const section = pytestSection(readFileSync(path, "utf8"), config.section);
      if (section !== undefined) return { dir, section };
    }
    if (dir === root) break;
  }
  return undefined;
}

function pytestSection(text: string, header: RegExp | undefined): string | undefined {
  const lines = text.split(/\r?\n/);
  if (!header) return lines.filter((line) => !/^\[/.test(line)).join("\n");
  const start = lines.findIndex((line) => header.test(line));
  if (start < 0) return undefined;
  const end = lines.findIndex((line, i) => i > start && /^\[/.test(line));
  return lines.slice(start + 1, end < 0 ? undefined : end).join("\n");
}
