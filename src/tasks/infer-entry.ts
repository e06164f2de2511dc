import { basename } from "node:path";
import { type Language, extensionOf, languageOfFile } from "../shared/language.js";
import { promptFileNames } from "./prompt-file-names.js";

const TEST_NAME_PATTERNS: RegExp[] = [
  /^test_(.+)\.py$/,
  /^(.+)_test\.py$/,
  /^(.+)\.(?:test|spec)\.([cm]?[jt]s)$/,
  /^test[-_](.+)\.([cm]?[jt]s)$/,
];

/**
 * The file name of the program when the task does not say: the draft's name, else the
 * module the tests are named after (`test_median.py` -> `median.py`), else the first file of
 * the language the requirement names ("Write median.py that ..."), else `solution.<ext>`.
 * Tests import the program by that name, so guessing it from them is what makes a prompt-only
 * task with tests work; a requirement that names its file expects the program there.
 */
export function inferEntry(language: Language, draftPath: string | undefined, testPaths: readonly string[], prompt = ""): string {
  if (draftPath) return basename(draftPath);
  for (const path of testPaths) {
    const name = basename(path);
    for (const pattern of TEST_NAME_PATTERNS) {
      const match = pattern.exec(name);
      if (match) return `${match[1]}${language === "python" ? ".py" : extensionFor(language, match[2])}`;
    }
  }
  const named = promptFileNames(prompt).find((name) => languageOfFile(name) === language);
  return named ?? `solution${extensionOf(language)}`;
}

function extensionFor(language: Language, testExtension: string | undefined): string {
  if (language === "typescript") return testExtension?.endsWith("ts") ? `.${testExtension}` : ".ts";
  return testExtension && !testExtension.endsWith("ts") ? `.${testExtension}` : ".js";
}
