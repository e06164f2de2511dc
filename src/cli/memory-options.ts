import type { Command } from "commander";
import { MemoryError } from "../errors/memory-error.js";
import { defaultMemoryPath } from "../memory/default-memory-path.js";
import type { MemoryStore } from "../memory/memory-store.js";
import { isPostgresUrl, openMemoryStore } from "../memory/open-memory-store.js";
import { withoutPassword } from "../memory/without-password.js";

/**
 * `--memory PATH` and `--no-memory`. `run` and `repair` use a memory unless told not to (the
 * `--checkpoints` database when it is Postgres, else the user's data folder); `eval` none
 * unless told (see `registerEval`); `resume` the run's own unless told.
 */
export function addMemoryOptions(command: Command, when: "run" | "eval" | "resume"): Command {
  const fallback = {
    run: `default: the --checkpoints database when it is Postgres, else ${defaultMemoryPath()}`,
    eval: "default: none, so that an eval measures the loop and not what earlier runs taught it",
    resume: "default: the memory the run was started with",
  }[when];
  return command
    .option("--memory <path>", `the error -> fix memory, a SQLite file or a postgres:// URL: fixes of similar failures are recalled, verified fixes recorded (${fallback})`)
    .option("--no-memory", "neither recall nor record fixes");
}

/** The flags `addMemoryOptions` adds: a location, false with `--no-memory`, undefined when neither was given. */
export interface MemoryFlags {
  memory?: string | false;
}

/** The memory a command's runs use, and how to let go of it at the end. */
export interface CommandMemory {
  /** For the agent options: the store, `false` when told `--no-memory`, absent otherwise. */
  agentOptions: { memory?: MemoryStore | false };
  /** Where the memory is, as saved and shown (a Postgres URL without its password); false: none. */
  location: string | false;
  close(): Promise<void>;
}

/**
 * Where a command's memory is: the location given, none with `--no-memory`, else `fallback`
 * (a Postgres `--checkpoints` URL is where `run` and `repair` keep it then).
 */
export function memoryLocation(given: string | false | undefined, fallback: string | false): string | false {
  return given === undefined ? fallback : given;
}

/** The memory `run` and `repair` use when not told: the Postgres database of `--checkpoints`, else the user's data folder. */
export function runMemoryFallback(checkpoints: string | undefined): string {
  return checkpoints !== undefined && isPostgresUrl(checkpoints) ? checkpoints : defaultMemoryPath();
}

/**
 * Opens the memory at `location` (none for false). A memory that cannot be opened costs the
 * command nothing but one line on stderr: the runs go on without it.
 */
export async function openCommandMemory(
  location: string | false,
  warn: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
): Promise<CommandMemory> {
  const none = (shown: string | false): CommandMemory => ({ agentOptions: location === false ? { memory: false } : {}, location: shown, close: async () => undefined });
  if (location === false) return none(false);
  try {
    const store = await openMemoryStore(location);
    let closed: Promise<void> | undefined;
    const close = () => (closed ??= store.close());
    // A command that ends another way (an error, an exit code set early) still folds the SQLite
    // write-ahead log into the file: SQLite closes synchronously.
    process.once("exit", () => void close());
    return { agentOptions: { memory: store }, location: store.location, close };
  } catch (error) {
    if (!MemoryError.isInstance(error)) throw error;
    warn(`mend: ${error.message}; going on without memory`);
    return none(false);
  }
}

/**
 * The location to reopen a run's saved memory at: a Postgres location is saved without its
 * password, which the `--checkpoints` URL of the same database supplies when it has one.
 */
export function savedMemoryLocation(saved: string | undefined, checkpoints: string | undefined): string | false {
  if (saved === undefined) return false;
  if (checkpoints !== undefined && isPostgresUrl(saved) && withoutPassword(checkpoints) === saved) return checkpoints;
  return saved;
}
