import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    // test/corpus holds programs under test (node:test files among them), not our tests.
    exclude: ["**/node_modules/**", "test/corpus/**", "**/__corpus__/**", "**/__heldout__/**", "**/__fixtures__/**"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Two cores: sandboxed runs are CPU-heavy, so keep parallelism modest.
    maxWorkers: 2,
    // A test that writes into the repository (a relative default path with the repository as
    // its working folder) fails the run.
    globalSetup: ["src/__fixtures__/repo-root-guard.ts"],
  },
});
