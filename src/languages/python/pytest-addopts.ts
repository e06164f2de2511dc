import type { PytestConfig } from "./find-pytest-config.js";

/**
 * Whether the project's pytest configuration (see `findPytestConfig`) sets `addopts`. Only
 * whether it is there matters: pytest reads the value itself.
 */
export function hasPytestAddopts(config: PytestConfig | undefined): boolean {
  return config !== undefined && /^addopts\s*=/m.test(config.section);
}
