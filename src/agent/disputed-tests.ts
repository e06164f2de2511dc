import type { GeneratedTests } from "./state.js";

/** Generated tests two different programs failed while passing every other test, and no review upheld yet. */
export function disputedTests(generated: GeneratedTests | null): string[] {
  if (!generated) return [];
  const kept = new Set(generated.suite.tests.map((test) => test.name));
  return Object.entries(generated.disputes)
    .filter(([name, programs]) => kept.has(name) && programs.length >= 2 && !generated.upheld.includes(name))
    .map(([name]) => name);
}
