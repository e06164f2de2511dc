import type { Command } from "commander";
import { UsageError } from "../errors/usage-error.js";

/**
 * Turns commander's own message (`error: unknown option '--x'\n(Did you mean --y?)`) into
 * the one-line `UsageError` every other bad input gets, naming the help to read.
 */
export function parserUsageError(message: string, command: Command): UsageError {
  const text = message.replace(/^error:\s*/, "").trim();
  const badValue = /^option '([^' ]+)[^']*' argument '(.*)' is invalid\.\s*(.*)$/s.exec(text);
  const badArgument = /^command-argument value '(.*)' is invalid for argument '([^']+)'\.\s*(.*)$/s.exec(text);
  let what = text;
  if (badValue) what = `${badValue[3] || `${badValue[1]} cannot be '${badValue[2]}'`} (got '${badValue[2]}')`;
  else if (badArgument) what = `${badArgument[3] || `bad ${badArgument[2]}`} (got '${badArgument[1]}')`;
  what = what.replace(/\s*\n\s*\(Did you mean (.*)\)\s*$/s, " (did you mean $1)").replace(/\s*\n\s*/g, " ");
  return new UsageError(`${what}; see ${commandPath(command)} --help`);
}

function commandPath(command: Command): string {
  const names: string[] = [];
  for (let at: Command | null = command; at; at = at.parent) names.unshift(at.name());
  return names.join(" ");
}
