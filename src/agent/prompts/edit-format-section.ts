import type { Language } from "../../shared/language.js";
import { EDIT_THRESHOLD_LINES } from "../edit-threshold.js";

/** How to write search/replace blocks, with one worked example, for a file too large to rewrite. */
export function editFormatSection(path: string, language: Language): string {
  const example = language === "python"
    ? ["    total = sum(prices)", "    return total / len(prices) + 1"]
    : ["  const total = prices.reduce((sum, price) => sum + price, 0);", "  return total / prices.length + 1;"];
  const fixed = [example[0], example[1].replace(" + 1", "")];
  return [
    "## How to reply",
    `\`${path}\` is long (over ${EDIT_THRESHOLD_LINES} lines or several kilobytes): do not rewrite it. Reply with search/replace edit blocks, one per change:`,
    "the file's path alone on a line, then a fenced block holding `<<<<<<< SEARCH`, the current lines to change copied exactly (whole lines, with their indentation, and enough of them to match one place only), `=======`, the lines to put instead, and `>>>>>>> REPLACE`. For example:",
    "",
    path,
    `\`\`\`${language}`,
    "<<<<<<< SEARCH",
    ...example,
    "=======",
    ...fixed,
    ">>>>>>> REPLACE",
    "```",
    "",
    "Use several blocks for changes in several places; name another file of the program above its blocks if it must change too. Never edit the tests.",
  ].join("\n");
}
