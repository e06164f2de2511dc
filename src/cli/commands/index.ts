import type { Command } from "commander";

/** Adds every `mend` sub-command to the program; each lives in its own file. */
export function registerCommands(program: Command): void {
  void program;
}
