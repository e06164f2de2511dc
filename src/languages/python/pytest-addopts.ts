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

/**
 * Whether the project's pytest configuration sets `addopts`: the file pytest itself would take
 * (the first config file found walking up from `start` to `root`, as pytest does from the test
 * files), and an `addopts` key in its pytest section. Only whether it is there matters: pytest
 * reads the value itself.
 */
export function hasPytestAddopts(root: string, start: string): boolean {
  for (let dir = start; isInside(root, dir); dir = dirname(dir)) {
    for (const config of CONFIG_FILES) {
      const path = join(dir, config.name);
      if (!existsSync(path)) continue;
      const section = pytestSection(readFileSync(path, "utf8"), config.section);
      if (section !== undefined) return /^addopts\s*=/m.test(section);
    }
    if (dir === root) break;
  }
  return false;
}

/** The text of the pytest section (the whole file for `pytest.ini`), or undefined when the file has none. */
function pytestSection(text: string, header: RegExp | undefined): string | undefined {
  const lines = text.split(/\r?\n/);
  if (!header) return lines.filter((line) => !/^\[/.test(line)).join("\n");
  const start = lines.findIndex((line) => header.test(line));
  if (start < 0) return undefined;
  const end = lines.findIndex((line, i) => i > start && /^\[/.test(line));
  return lines.slice(start + 1, end < 0 ? undefined : end).join("\n");
}
