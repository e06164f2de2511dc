import { UsageError } from "../errors/usage-error.js";
import { isLanguage } from "../shared/language.js";
import { listProgramFiles } from "./list-program-files.js";
import { type LoadedTask, loadTask } from "./load-task.js";

/** What `mend repair PATH...` and `mend check PATH...` say about the program besides its paths. */
export interface ProgramRequest {
  tests?: string[];
  prompt?: string;
  lang?: string;
  entry?: string;
  /** The project root (`--root`); default: found above the program. */
  root?: string;
  /** A shell command that runs the tests instead of the language's runner (`--test-cmd`). */
  testCmd?: string;
}

/**
 * The task of `mend repair PATH...` and `mend check PATH...` (and their MCP tools), taken as part
 * of its project: the first program file as the draft, the others as files the loop may change.
 * The tests are `--tests` when given, else the tests met among the paths (`mend check src tests`).
 * `within` refuses every file outside that folder (the MCP server's).
 */
export async function loadProgramTask(paths: string | readonly string[], request: ProgramRequest, within?: string): Promise<LoadedTask> {
  const given = typeof paths === "string" ? [paths] : paths;
  const language = request.lang !== undefined && isLanguage(request.lang) ? request.lang : undefined;
  const found = await listProgramFiles(given, process.cwd(), language);
  const [draft, ...editable] = found.program;
  if (draft === undefined) {
    throw new UsageError(`no program among ${given.join(" ")}: only tests (give the program's files or folders too)`, { code: "draft_missing" });
  }
  const tests = request.tests?.length ? request.tests : found.tests;
  const loaded = await loadTask({
    draft,
    ...(editable.length > 0 ? { editable } : {}),
    ...(tests.length > 0 ? { tests } : {}),
    ...(request.prompt !== undefined ? { prompt: request.prompt } : {}),
    ...(request.lang !== undefined ? { language: request.lang } : {}),
    ...(request.entry !== undefined ? { entry: request.entry } : {}),
    ...(within !== undefined ? { within } : {}),
    project: true,
    ...(request.root !== undefined ? { root: request.root } : {}),
  });
  if (request.testCmd) loaded.task.testCommand = request.testCmd;
  return loaded;
}
