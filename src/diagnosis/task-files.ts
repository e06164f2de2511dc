/** The files of a task as diagnosis sees them: what the program is, what the tests are. */
export interface TaskFiles {
  /** Program files (the entry and support files), by work-folder-relative path. */
  program: Record<string, string>;
  /** Test files, by work-folder-relative path. */
  tests: Record<string, string>;
}

export function isProgramFile(files: TaskFiles, path: string): boolean {
  return Object.hasOwn(files.program, path);
}

export function isTestFile(files: TaskFiles, path: string): boolean {
  return Object.hasOwn(files.tests, path);
}

export function fileContent(files: TaskFiles, path: string): string | undefined {
  return files.program[path] ?? files.tests[path];
}
