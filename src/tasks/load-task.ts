import { existsSync, realpathSync } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import { basename, dirname, extname, join, relative, resolve, sep } from "node:path";
import { parse as parseYaml } from "yaml";
import type { z } from "zod";
import { UsageError } from "../errors/usage-error.js";
import { type Language, isLanguage, languageOfFile, LANGUAGES } from "../shared/language.js";
import { looksBinary } from "../shared/looks-binary.js";
import { isInside } from "../shared/is-inside.js";
import type { ProjectContext, SourceFile, Task } from "../shared/task.js";
import { assertWithin } from "./assert-within.js";
import { describeParseError } from "./describe-parse-error.js";
import { findProjectRoot } from "./find-project-root.js";
import { inferEntry } from "./infer-entry.js";
import { listProgramFiles } from "./list-program-files.js";
import { listProjectFiles } from "./list-project-files.js";
import { parseFrontMatter } from "./parse-front-matter.js";
import { promptFileNames } from "./prompt-file-names.js";
import { promptLanguage } from "./prompt-language.js";
import { readTestFiles, type TestPath } from "./read-test-files.js";
import { type CaseFile, type TaskFile, caseFileSchema, describeIssues, taskFileSchema } from "./task-file-schema.js";

/** What the command line says about a task; every field overrides the TASK file's. */
export interface TaskRequest {
  /** A TASK file (`.md` with front matter, `.yaml`, `.json`), a task folder, or a case folder. */
  path?: string;
  prompt?: string;
  language?: string;
  tests?: readonly string[];
  draft?: string;
  entry?: string;
  /** Folder that command-line paths are relative to (default: the process's). */
  cwd?: string;
  /** Refuse every file outside this folder, the task file's own fields included (the MCP server's working folder). */
  within?: string;
  /**
   * Take the program as part of its project (`mend check`, `mend repair`): the root is `root`
   * when given, else the nearest folder above the program holding a project marker.
   */
  project?: boolean;
  /** The project root (`--root`), relative to `cwd`. */
  root?: string;
  /** The program's other files a repair may change, besides the draft (relative to `cwd`); needs `project`. */
  editable?: readonly string[];
}

/** A task ready for the loop, plus the limits and paths its file asked for. */
export interface LoadedTask {
  task: Task;
  /** Absolute path of the draft: what `mend repair --write` overwrites. */
  draftPath?: string;
  /** Absolute path of the program to produce (`entry`, next to the task file): what `mend run --write` writes. */
  entryPath: string;
  maxAttempts?: number;
  budget?: { tokens?: number; usd?: number; seconds?: number };
}

const TASK_FILE_NAMES = ["task.md", "task.yaml", "task.yml", "task.json"];

/**
 * Loads and checks a task from a TASK file or folder, a case folder, or command-line
 * fields alone. Everything wrong with the input is a UsageError with one line naming it.
 */
export async function loadTask(request: TaskRequest): Promise<LoadedTask> {
  const cwd = request.cwd ?? process.cwd();
  const guard = async (path: string) => {
    if (request.within !== undefined) await assertWithin(request.within, path, relative(cwd, path) || ".");
  };
  const file = request.path ? await readTaskSource(resolve(cwd, request.path), request.path, guard) : undefined;
  const fields = file?.fields ?? {};
  const fileDir = file?.dir ?? cwd;

  const program = request.draft === undefined && fields.files !== undefined ? await taskProgram(fields, request.entry ?? fields.entry, fileDir, request.path ?? "", guard) : undefined;
  const draftPath = request.draft ? resolve(cwd, request.draft) : fields.draft ? resolve(fileDir, fields.draft) : program?.draft;
  const testPaths: TestPath[] = request.tests?.length
    ? request.tests.map((given) => ({ given, base: cwd }))
    : fields.tests !== undefined
      ? toList(fields.tests).map((given) => ({ given, base: fileDir }))
      : (program?.tests ?? []).map((given) => ({ given, base: fileDir }));
  // A task's `files` name their entry among themselves: it is the draft, at its own path.
  const entryName = program ? undefined : (request.entry ?? fields.entry);
  const testFiles = testPaths.map((path) => resolve(path.base, path.given));
  const prompt = (request.prompt ?? fields.prompt ?? "").trim();
  // The file a requirement names comes last: the files given say more than words about them.
  const language = chooseLanguage(request.language, fields.language, [draftPath, entryName, ...testFiles, ...promptFileNames(prompt)], prompt);
  const supportPaths = toList(fields.support).map((path) => resolve(fileDir, path));
  const editablePaths = program ? program.editable : (request.editable ?? []).map((path) => resolve(cwd, path));
  for (const path of [draftPath, ...testFiles, ...supportPaths, ...editablePaths]) if (path !== undefined) await guard(path);

  const draft = draftPath ? await readDraft(draftPath, cwd) : undefined;
  const project =
    request.project || request.root !== undefined || program
      ? await findProject(request, program ? fileDir : cwd, draftPath, [...testFiles, ...editablePaths])
      : undefined;
  // In a project the entry is root-relative: the draft's own path, or with an explicit entry name
  // (`--entry`, a task file's `entry:`) that name beside the draft, so the tests import it by that name.
  const entryFile = project && draftPath ? (entryName === undefined ? realpathSync(draftPath) : join(dirname(realpathSync(draftPath)), entryName)) : undefined;
  if (project && entryFile !== undefined && !isInside(project.root, entryFile)) {
    throw new UsageError(`--entry ${entryName} is outside the project root ${project.root}`, { code: "outside_root" });
  }
  const entry = project && entryFile !== undefined ? relative(project.root, entryFile).split(sep).join("/") : (entryName ?? inferEntry(language, draftPath, testFiles, prompt));
  const tests = await readTestFiles(
    testPaths.map((path) => (project ? realTestPath(path) : path)),
    {
      language,
      exclude: draftPath ? [project ? realpathSync(draftPath) : draftPath] : [join(fileDir, entry)],
      ...(project ? { relativeTo: project.root } : {}),
    },
  );
  const support = await readSupport(supportPaths);
  const editable = project ? await readEditable(editablePaths, project.root, new Set(tests.map((test) => test.path)), entry, cwd) : [];
  if (!prompt && draft === undefined) {
    throw new UsageError("nothing to do: give a requirement (a TASK file or --prompt) or a draft (--draft)", {
      code: "task_empty",
    });
  }

  const task: Task = { prompt, language, entry, tests };
  if (draft !== undefined) task.draft = draft;
  if (support.length) task.support = support;
  // A task's `files` make a program of files even when they hold the entry alone: its result lists them (SPEC `files`).
  if (editable.length || program) task.editable = editable;
  if (fields.allowNetwork !== undefined) task.allowNetwork = fields.allowNetwork;
  if (fields.typeCheck !== undefined) task.typeCheck = fields.typeCheck;
  if (project) task.project = project;
  return { task, draftPath, entryPath: project && draftPath ? realpathSync(draftPath) : resolve(fileDir, entry), maxAttempts: fields.maxAttempts, budget: fields.budget };
}

/** The program a task file's `files` name: the entry (`entry`, else the first file) and the others. */
interface TaskProgram {
  draft: string;
  editable: string[];
  /** Tests met among the files' folders, absolute: the tests when the task names none. */
  tests: string[];
}

async function taskProgram(
  fields: TaskFile,
  entryName: string | undefined,
  fileDir: string,
  taskPath: string,
  guard: (path: string) => Promise<void>,
): Promise<TaskProgram> {
  if (fields.draft !== undefined) throw new UsageError(`invalid task file ${taskPath}: give draft or files, not both`, { code: "task_malformed" });
  const given = toList(fields.files);
  for (const path of given) {
    await guard(resolve(fileDir, path));
    if (!existsSync(resolve(fileDir, path))) {
      throw new UsageError(`invalid task file ${taskPath}: files: ${path} does not exist (paths are relative to the task file)`, { code: "task_malformed" });
    }
  }
  const language = fields.language !== undefined && isLanguage(fields.language) ? fields.language : undefined;
  const found = await listProgramFiles(given, fileDir, language);
  for (const path of found.program) await guard(path);
  if (found.program.length === 0) throw new UsageError(`invalid task file ${taskPath}: files: only tests, no program`, { code: "task_malformed" });
  const entry = entryName === undefined ? found.program[0] : namedEntry(entryName, found.program, fileDir);
  if (entry === undefined) {
    throw new UsageError(`invalid task file ${taskPath}: entry: ${entryName} is not one of the task's files`, { code: "task_malformed" });
  }
  return { draft: entry, editable: found.program.filter((path) => path !== entry), tests: found.tests };
}

/** The file `entry` names: by its path relative to the task file, else by a name only one file has. */
function namedEntry(entry: string, files: readonly string[], fileDir: string): string | undefined {
  const byPath = resolve(fileDir, entry);
  if (files.includes(byPath)) return byPath;
  const byName = files.filter((path) => basename(path) === entry);
  return byName.length === 1 ? byName[0] : undefined;
}

/**
 * The project of a check or repair: `--root`, else the nearest marked folder above the program
 * (or the first test), else the working folder (SPEC: a folder of loose scripts is a project
 * too, and nothing above it is visible); for a task file's `files`, its folder. Every given path
 * must lie inside it.
 */
async function findProject(
  request: TaskRequest,
  cwd: string,
  draftPath: string | undefined,
  testFiles: readonly string[],
): Promise<ProjectContext> {
  let root: string;
  if (request.root !== undefined) {
    const given = resolve(cwd, request.root);
    if (!(await stat(given).catch(() => undefined))?.isDirectory()) {
      throw new UsageError(`--root is not a folder: ${request.root}`, { code: "root_missing" });
    }
    root = given;
  } else {
    const start = draftPath ?? testFiles[0];
    root = (start ? findProjectRoot(dirname(start)) : undefined) ?? cwd;
    // A caller confined to a folder (the MCP server) never sees above it, even when the marker is there.
    if (root && request.within !== undefined && !isInside(realpathSync(request.within), realpathSync(root))) root = request.within;
  }
  root = realpathSync(root);
  for (const path of [draftPath, ...testFiles]) {
    if (!path || !existsSync(path)) continue;
    if (!isInside(root, realpathSync(path))) {
      throw new UsageError(`${relative(cwd, path) || path} is outside the project root ${root}: pass --root with a folder that holds it`, {
        code: "outside_root",
      });
    }
  }
  return { root, files: await listProjectFiles(root) };
}

/** Paths inside the project are taken by their real path, as the root is (a symlinked /tmp, say). */
function realTestPath(path: TestPath): TestPath {
  const absolute = resolve(path.base, path.given);
  return existsSync(absolute) ? { given: realpathSync(absolute), base: path.base } : path;
}

interface TaskSource {
  fields: TaskFile;
  dir: string;
}

/** `guard` refuses a file before it is read (see `TaskRequest.within`). */
async function readTaskSource(absolute: string, given: string, guard: (path: string) => Promise<void>): Promise<TaskSource> {
  await guard(absolute);
  const info = await stat(absolute).catch(() => undefined);
  if (!info) {
    // `mend run "Write a function that ..."`: a requirement given where a task file goes.
    const advice = /\s/.test(given.trim()) ? `; to give the requirement as text, use --prompt "..."` : "";
    throw new UsageError(`task not found: ${given}${advice}`, { code: "task_missing" });
  }
  if (!info.isDirectory()) return { fields: await readTaskFile(absolute), dir: dirname(absolute) };

  const casePath = join(absolute, "case.json");
  if (await isFile(casePath)) return { fields: caseToTask(await readCaseFile(await guarded(casePath, guard))), dir: absolute };
  for (const name of TASK_FILE_NAMES) {
    const path = join(absolute, name);
    if (await isFile(path)) return { fields: await readTaskFile(await guarded(path, guard)), dir: absolute };
  }
  throw new UsageError(`no task.md, task.yaml, task.json or case.json in ${given}`, { code: "task_missing" });
}

async function readTaskFile(path: string): Promise<TaskFile> {
  const text = await readFile(path, "utf8");
  const extension = extname(path).toLowerCase();
  let data: unknown;
  let body = "";
  try {
    if (extension === ".md" || extension === ".markdown") ({ data, body } = parseFrontMatter(text));
    else if (extension === ".yaml" || extension === ".yml") data = parseYaml(text);
    else if (extension === ".json") data = JSON.parse(text);
    else throw new UsageError(`unsupported task file ${basename(path)}: use .md, .yaml or .json`, { code: "task_format" });
  } catch (error) {
    if (UsageError.isInstance(error)) throw error;
    const markdown = extension === ".md" || extension === ".markdown";
    const what = markdown ? "YAML front matter" : extension === ".json" ? "JSON" : "YAML";
    // Front matter is parsed from the line after its opening `---`.
    const reason = describeParseError(error, { text, what, lineOffset: markdown ? 1 : 0 });
    throw new UsageError(`malformed task file ${path}: ${reason}`, { code: "task_malformed", cause: error });
  }
  const fields = checked(taskFileSchema, data ?? {}, path);
  if (fields.prompt === undefined && body.trim()) fields.prompt = body;
  return fields;
}

async function readCaseFile(path: string): Promise<CaseFile> {
  let data: unknown;
  try {
    data = JSON.parse(await readFile(path, "utf8"));
  } catch (error) {
    throw new UsageError(`malformed case file ${path}: ${(error as Error).message}`, { code: "task_malformed" });
  }
  return checked(caseFileSchema, data, path);
}

function caseToTask(caseFile: CaseFile): TaskFile {
  const fields: TaskFile = { draft: caseFile.program, tests: caseFile.tests, entry: basename(caseFile.program) };
  if (caseFile.lang) fields.language = caseFile.lang;
  if (caseFile.prompt) fields.prompt = caseFile.prompt;
  if (caseFile.support) fields.support = caseFile.support;
  return fields;
}

function checked<T>(schema: z.ZodType<T>, data: unknown, path: string): T {
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    throw new UsageError(`invalid task file ${path}: ${describeIssues(parsed.error)}`, { code: "task_malformed" });
  }
  return parsed.data;
}

function chooseLanguage(
  given: string | undefined,
  fromFile: string | undefined,
  paths: readonly (string | undefined)[],
  prompt: string,
): Language {
  const explicit = given ?? fromFile;
  if (explicit !== undefined) {
    if (isLanguage(explicit)) return explicit;
    throw new UsageError(`unknown language "${explicit}": use ${LANGUAGES.join(", ")}`, { code: "language" });
  }
  for (const path of paths) {
    const language = path ? languageOfFile(path) : undefined;
    if (language) return language;
  }
  // Files say more than words; a requirement that names one language in words settles it.
  const named = promptLanguage(prompt);
  if (named) return named;
  throw new UsageError(`cannot tell the language from the file names or the requirement: pass --lang (${LANGUAGES.join(", ")})`, {
    code: "language",
  });
}

async function readDraft(path: string, cwd: string): Promise<string> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch {
    throw new UsageError(`draft file not found: ${path}`, { code: "draft_missing" });
  }
  // Neither the validators nor a model can do anything with a compiled file or an image.
  if (looksBinary(text)) {
    throw new UsageError(`${relative(cwd, path)} is not a text file (binary content): give the program's source`, { code: "binary_file" });
  }
  return text;
}

async function readSupport(paths: readonly string[]): Promise<SourceFile[]> {
  const files: SourceFile[] = [];
  for (const path of paths) {
    try {
      files.push({ path: basename(path), content: await readFile(path, "utf8") });
    } catch {
      throw new UsageError(`support file not found: ${path}`, { code: "support_missing" });
    }
  }
  return files;
}

/** The other files a repair may change, root-relative; tests and the entry are never among them. */
async function readEditable(paths: readonly string[], root: string, tests: ReadonlySet<string>, entry: string, cwd: string): Promise<SourceFile[]> {
  const files = new Map<string, SourceFile>();
  for (const path of paths) {
    const relativePath = relative(root, realpathSync(path)).split(sep).join("/");
    if (relativePath === entry || tests.has(relativePath) || files.has(relativePath)) continue;
    files.set(relativePath, { path: relativePath, content: await readDraft(path, cwd) });
  }
  return [...files.values()];
}

async function guarded(path: string, guard: (path: string) => Promise<void>): Promise<string> {
  await guard(path);
  return path;
}

async function isFile(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined))?.isFile() ?? false;
}

function toList(value: string | string[] | undefined): string[] {
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}
