#!/usr/bin/env node
import { Command, CommanderError } from "commander";
import { registerCommands } from "./commands/index.js";
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

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) {
    // Commander already printed its one-line message; help and version exit 0.
    process.exit(error.exitCode === 0 ? 0 : 2);
  }
  process.exit(reportFatal(error));
}
