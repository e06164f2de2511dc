import { findPytestConfig } from "./find-pytest-config.js";

/**
 * Whether the project's pytest configuration sets `addopts`: the file pytest itself would take
 * (the first config file found walking up from `start` to `root`, as pytest does from the test
 * files), and an `addopts` key in its pytest section. Only whether it is there matters: pytest
 * reads the value itself.
 */
export function hasPytestAddopts(root: string, start: string): boolean {
  const config = findPytestConfig(root, start);
  return config !== undefined && /^addopts\s*=/m.test(config.section);
}
