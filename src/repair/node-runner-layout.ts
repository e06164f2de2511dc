import { existsSync } from "node:fs";
import { join } from "node:path";
import { nodeTestStandInSource } from "../sandbox/node-test-stand-in-source.js";
import type { RunnerSetup } from "./candidate-runner.js";
import { nodeRunnerScripts } from "./node-runner-scripts.js";
import { wrapTestAsserts } from "./wrap-test-asserts.js";

/** The Node repair runner's file in the work folder. */
export const NODE_RUNNER_FILE = "__mend_runner.mjs";
export const NODE_RUNNER_ENV = { NODE_NO_WARNINGS: "1" };

/**
 * The work folder of the Node repair runner (runtime/node/repair-runner.mjs), for one run or a
 * server: the program, its tests and support files, the runner's programs and the node:test
 * stand-in, the test files with their asserts wrapped; and the fields of its config that come from the setup.
 */
export async function nodeRunnerLayout(setup: RunnerSetup): Promise<{ files: Record<string, string>; config: Record<string, unknown> }> {
  const tests = setup.tests.map((file) => file.path);
  const support = (setup.support ?? []).map((file) => file.path);
  // Node runs each candidate in a folder of its own: a project's other files are copied there, its packages linked.
  if (setup.project) {
    const own = new Set([setup.entry, ...tests, ...support]);
    support.push(...setup.project.files.filter((path) => !own.has(path) && path !== "package.json"));
  }
  const links = setup.project && existsSync(join(setup.project.root, "node_modules")) ? ["node_modules"] : [];

  const files: Record<string, string> = {};
  for (const file of setup.support ?? []) files[file.path] = file.content;
  // Each assert of a test is a result of its own (runtime/node/repair-asserts.mjs).
  for (const file of setup.tests) files[file.path] = await wrapTestAsserts(file.path, file.content);
  files[setup.entry] = setup.code;
  Object.assign(files, nodeRunnerScripts());
  files["__mend_shim.cjs"] = nodeTestStandInSource();
  // A project's own package.json says how its files load; only a bare task needs one made up.
  if (!setup.project?.files.includes("package.json")) files["package.json"] ??= JSON.stringify({ type: moduleTypeOf(setup.entry, [setup.code, ...setup.tests.map((file) => file.content)]) });
  return { files, config: { entry: setup.entry, tests, support, links, jobs: setup.jobs } };
}

/**
 * How `.js` files of a task without a package.json should load: CommonJS when the sources
 * use `require`/`module.exports` and no `import`/`export` statement, else ES modules.
 */
export function moduleTypeOf(entry: string, sources: string[]): "module" | "commonjs" {
  if (entry.endsWith(".cjs")) return "commonjs";
  if (entry.endsWith(".mjs")) return "module";
  const esm = sources.some((source) => /^\s*(import|export)\b/m.test(source));
  const cjs = sources.some((source) => /\brequire\(|\bmodule\.exports\b|\bexports\.\w+\s*=/.test(source));
  return cjs && !esm ? "commonjs" : "module";
}
