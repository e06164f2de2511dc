import { extname } from "node:path";

/** Languages mendloop can validate and repair. */
export type Language = "python" | "javascript" | "typescript";

export const LANGUAGES: readonly Language[] = ["python", "javascript", "typescript"];

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

const EXTENSIONS: Record<string, Language> = {
  ".py": "python",
  ".js": "javascript",
  ".mjs": "javascript",
  ".cjs": "javascript",
  ".ts": "typescript",
  ".mts": "typescript",
  ".cts": "typescript",
};

/** The language a file name implies, or undefined when the extension says nothing. */
export function languageOfFile(path: string): Language | undefined {
  return EXTENSIONS[extname(path).toLowerCase()];
}

/** The conventional file extension for a language (used for generated entry files). */
export function extensionOf(language: Language): string {
  return language === "python" ? ".py" : language === "typescript" ? ".ts" : ".js";
}
