import type { Command } from "commander";

/**
 * Every `mend` sub-command, each in its own file, loaded only when registered: a command's
 * module pulls in what its action needs at the top (task files, run folders, diffs), and a
 * command should not wait for the others' (`mend exec` in a loop pays start-up every call).
 */
const COMMANDS: Record<string, () => Promise<(program: Command) => void>> = {
  run: async () => (await import("./run.js")).registerRun,
  repair: async () => (await import("./repair.js")).registerRepair,
  resume: async () => (await import("./resume.js")).registerResume,
  check: async () => (await import("./check.js")).registerCheckCommand,
  exec: async () => (await import("./exec.js")).registerExecCommand,
  eval: async () => (await import("./eval.js")).registerEval,
  report: async () => (await import("./report.js")).registerReport,
  mcp: async () => (await import("./mcp.js")).registerMcp,
  worker: async () => (await import("./worker.js")).registerWorker,
  memory: async () => (await import("./memory.js")).registerMemory,
};

/**
 * Adds the sub-command that `argv` names, or all of them when it names none (help, a typo
 * that deserves a suggestion, no arguments).
 */
export async function registerCommands(program: Command, argv: readonly string[]): Promise<void> {
  const named = argv[2];
  const names = named !== undefined && Object.hasOwn(COMMANDS, named) ? [named] : Object.keys(COMMANDS);
  const registrars = await Promise.all(names.map((name) => COMMANDS[name]()));
  for (const register of registrars) register(program);
}
