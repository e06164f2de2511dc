import type { Language } from "../../shared/language.js";
import { CONTEXT_CAP_BYTES, type ProgramContext } from "../program-context.js";
import { fence } from "./prompt-sections.js";

/** The program's other files: whole or by signatures, each saying why it is there, and what was left out. */
export function programSection(context: ProgramContext, language: Language): string {
  if (context.files.length === 0 && context.elided.length === 0) return "";
  const parts = ["## Other files of the program"];
  if (context.files.some((file) => file.shown === "signatures")) {
    parts.push("The program is large, so these files are shown by their signatures only: imports, constants, class and function headers with the first line of their docstrings; bodies are elided.");
  }
  for (const file of context.files) {
    const how = file.shown === "signatures" ? "signatures only" : "whole";
    parts.push(`### ${file.path} (${file.reason}; ${how})\n${file.text.trim() === "" ? "(empty file)" : fence(file.text, language)}`);
  }
  if (context.elided.length > 0) {
    parts.push(`Not shown, to keep this prompt within ${CONTEXT_CAP_BYTES} bytes of context: ${context.elided.map((path) => `\`${path}\``).join(", ")}.`);
  }
  return parts.join("\n\n");
}
