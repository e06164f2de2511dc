import type { Command } from "commander";
import { registerCheckCommand } from "./check.js";
import { registerEval } from "./eval.js";
import { registerExecCommand } from "./exec.js";
import { registerMcp } from "./mcp.js";
import { registerRepair } from "./repair.js";
import { registerReport } from "./report.js";
import { registerResume } from "./resume.js";
import { registerRun } from "./run.js";

/** Adds every `mend` sub-command to the program; each lives in its own file. */
export function registerCommands(program: Command): void {
  registerRun(program);
  registerRepair(program);
  registerResume(program);
  registerCheckCommand(program);
  registerExecCommand(program);
  registerEval(program);
  registerReport(program);
  registerMcp(program);
}
