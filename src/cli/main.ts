#!/usr/bin/env node
import { Command, CommanderError } from "commander";
import { registerCommands } from "./commands/index.js";
import { parserUsageError } from "./parser-usage-error.js";
import { reportFatal } from "./report-fatal.js";

const program = new Command();
program
  .name("mend")
  .description("Self-correcting code generation: generate, validate, diagnose, repair until verified.")
  .version("0.1.0")
  .exitOverride()
  .configureOutput({ writeErr: (text) => process.stderr.write(text) })
  .showHelpAfterError(false);

await registerCommands(program, process.argv);

// Commander's own complaints are kept, not printed, and reported below like every other usage error.
let parserError: ReturnType<typeof parserUsageError> | undefined;
// Sub-commands of sub-commands (`mend memory list`) too.
const everyCommand = (command: Command): Command[] => [command, ...command.commands.flatMap(everyCommand)];
for (const command of everyCommand(program)) {
  command.configureOutput({ outputError: (message) => (parserError ??= parserUsageError(message, command)) });
}

// Options after a bare `--` belong to the program, not to mend.
const args = process.argv.slice(2);
const json = args.slice(0, args.includes("--") ? args.indexOf("--") : undefined).includes("--json");

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) {
    // Help and version exit 0; help shown because no command was given is bad usage.
    if (error.exitCode === 0) process.exit(0);
    process.exit(parserError ? reportFatal(parserError, { json }) : 2);
  }
  process.exit(reportFatal(error, { json }));
}
