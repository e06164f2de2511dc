import { dirname, join } from "node:path";
import { diagnoseTestRun } from "../diagnosis/diagnose-test-run.js";
import type { Diagnosis } from "../diagnosis/diagnosis.js";
import { analyzePython, type PythonAnalysisResult } from "../languages/python/analyze-python.js";
import { pyrightCheck } from "../languages/python/pyright-check.js";
import { ruffLint } from "../languages/python/ruff-lint.js";
import { findPytestConfig, type PytestConfig } from "../languages/python/find-pytest-config.js";
import { hasPytestAddopts, usesPytestTimeout } from "../languages/python/pytest-addopts.js";
import { pytestPythonpath } from "../languages/python/pytest-pythonpath.js";
import { runPytest } from "../languages/python/run-pytest.js";
import type { ProjectContext } from "../shared/task.js";
import { failed, type Layer, type LayerOutcome } from "./layer.js";
import { installCommand } from "./install-command.js";
import { lintLayer } from "./lint-layer.js";
import { missingPytestRunner, pytestMissing } from "./missing-test-runner.js";
import { passingSummary } from "./passing-summary.js";
import { toLocation } from "./to-location.js";
import { typesLayer } from "./types-layer.js";
import type { ValidationContext } from "./validation-context.js";

/** The layers for a Python task: one analysis process answers syntax, imports and network. */
export function pythonLayers(context: ValidationContext): Layer[] {
  const { files, input } = context;
  const allFiles = { ...files.program, ...files.tests };
  const programPaths = Object.keys(files.program).filter((path) => path.endsWith(".py"));
  const testPaths = Object.keys(files.tests);
  // Read once: the imports layer takes its pythonpath, the tests layer whether it sets addopts.
  const pytestConfig = projectPytestConfig(input.project, testPaths);
  let analysis: Promise<PythonAnalysisResult> | undefined;
  const analyze = () =>
    (analysis ??= analyzePython(context.sandbox, {
      files: allFiles,
      program: programPaths,
      tests: testPaths,
      roots: input.project ? pytestPythonpath(input.project.root, pytestConfig) : [],
    }));

  return [
    {
      name: "syntax",
      async run(): Promise<LayerOutcome> {
        const result = await analyze();
        if (!result.ok) return { status: "skipped", reason: result.reason };
        const problem = result.analysis.syntax[0];
        if (!problem) return { status: "pass" };
        const location = toLocation(problem);
        const message = `${problem.type}: ${problem.message}`;
        if (Object.hasOwn(files.tests, problem.file)) {
          return failed(files, {
            errorType: "test_error",
            summary: `the test file ${problem.file} has a syntax error (the tests' fault, not the program's): ${problem.message} at line ${problem.line}`,
            message,
            location,
          });
        }
        return failed(files, {
          errorType: "syntax",
          summary: `${message} at ${problem.file}:${problem.line}`,
          message,
          location,
        });
      },
    },
    {
      name: "imports",
      async run(): Promise<LayerOutcome> {
        const result = await analyze();
        if (!result.ok) return { status: "skipped", reason: result.reason };
        const missing = result.analysis.imports.find((use) => use.resolved === "missing");
        const absent = result.analysis.missing_names[0];
        if (!missing && absent) {
          return failed(files, {
            errorType: "name",
            summary: `${absent.file} imports '${absent.name}' from ${absent.target}, which does not define it`,
            message: `ImportError: cannot import name '${absent.name}' from '${absent.module}'`,
            location: toLocation(absent),
          });
        }
        if (!missing) return { status: "pass" };
        if (missing.module.split(".")[0] === "pytest" && Object.hasOwn(files.tests, missing.file)) throw pytestMissing();
        const forTests = Object.hasOwn(files.tests, missing.file);
        const who = forTests ? "the tests import" : "imports";
        const top = missing.module.split(".")[0];
        const why = input.project
          ? `which neither the project nor its environment provides: install it with \`${installCommand("python", input.project, top, forTests)}\``
          : "which is neither installed nor a file of the task";
        return failed(files, {
          errorType: "dependency",
          summary: `${missing.file} ${who} module '${missing.module}', ${why}`,
          message: `ModuleNotFoundError: No module named '${missing.module}'`,
          location: toLocation(missing),
        });
      },
    },
    {
      name: "network",
      async run(): Promise<LayerOutcome> {
        if (input.allowNetwork) return { status: "skipped", reason: "the task allows network access" };
        const result = await analyze();
        if (!result.ok) return { status: "skipped", reason: result.reason };
        const use = result.analysis.network[0];
        if (!use) return { status: "pass" };
        return failed(files, {
          errorType: "network",
          summary: `${use.file}:${use.line} uses the network (${use.what}), which the task does not allow`,
          message: `network access through ${use.what} is not allowed`,
          location: toLocation(use),
        });
      },
    },
    lintLayer(context, () => ruffLint(context.sandbox, allFiles, programPaths)),
    typesLayer(context, input.typeCheck ?? false, () => pyrightCheck(context.sandbox, allFiles, programPaths)),
    {
      name: "tests",
      async run(): Promise<LayerOutcome> {
        if (testPaths.length === 0) return { status: "skipped", reason: "no tests given" };
        const { run, exec } = await runPytest(context.sandbox, {
          files: allFiles,
          testFiles: testPaths.filter((path) => path.endsWith(".py")),
          timeoutMs: context.timeoutMs,
          perTestTimeoutMs: context.perTestTimeoutMs,
          memoryMb: context.memoryMb,
          allowNetwork: input.allowNetwork,
          projectAddopts: hasPytestAddopts(pytestConfig),
          projectTimeoutPlugin: usesPytestTimeout(pytestConfig),
        });
        if (run.cases.length === 0 && run.loadErrors.length === 0) {
          const missingRunner = missingPytestRunner(exec);
          if (missingRunner) throw missingRunner;
        }
        const diagnosis = diagnoseTestRun(run, files, "python");
        if (diagnosis) return { status: "fail", diagnosis: withSrcLayoutHint(diagnosis, programPaths) };
        return { status: "pass", tests: passingSummary(run) };
      },
    },
  ];
}

/**
 * A test that cannot import the project's own package from a src layout: pytest is not told
 * where it is (and the project is not installed). Says how, rather than leave the model or the
 * user to chase a module that exists.
 */
function withSrcLayoutHint(diagnosis: Diagnosis, programPaths: readonly string[]): Diagnosis {
  const missing = /No module named '([\w.]+)'/.exec(diagnosis.message)?.[1]?.split(".")[0];
  if (diagnosis.errorType !== "dependency" || !missing) return diagnosis;
  if (!programPaths.some((path) => path === `src/${missing}.py` || path.startsWith(`src/${missing}/`))) return diagnosis;
  const hint = `the project has it in src/: put src on the tests' path (\`pythonpath = ["src"]\` under [tool.pytest.ini_options] in pyproject.toml) or install the project (\`pip install -e .\`)`;
  return { ...diagnosis, summary: `${diagnosis.summary}; ${hint}` };
}

/** The pytest configuration pytest would take for the tests (found from the first test file, as pytest finds it). */
function projectPytestConfig(project: ProjectContext | undefined, testPaths: readonly string[]): PytestConfig | undefined {
  if (!project || testPaths.length === 0) return undefined;
  return findPytestConfig(project.root, dirname(join(project.root, testPaths[0])));
}
