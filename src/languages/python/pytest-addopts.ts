import type { PytestConfig } from "./find-pytest-config.js";

/**
 * Whether the project's pytest configuration (see `findPytestConfig`) sets `addopts`. Only
 * whether it is there matters: pytest reads the value itself.
 */
export function hasPytestAddopts(config: PytestConfig | undefined): boolean {
  return config !== undefined && /^addopts\s*=/m.test(config.section);
}

/**
 * Whether the project's pytest configuration uses pytest-timeout (its `--timeout` option in
 * addopts, or its `timeout` setting): that plugin then keeps each test's time, and mend sets
 * its limit on the command line over the project's.
 */
export function usesPytestTimeout(config: PytestConfig | undefined): boolean {
  return config !== undefined && (/--timeout\b/.test(config.section) || /^timeout(_method)?\s*=/m.test(config.section));
}
