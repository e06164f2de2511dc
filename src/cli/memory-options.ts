import type { Command } from "commander";
import { MemoryError } from "../errors/memory-error.js";
import { defaultMemoryPath } from "../memory/default-memory-path.js";
import { MemoryStore } from "../memory/memory-store.js";

/** `--memory PATH` (default: the user's data folder) and `--no-memory`, for `run`, `repair` and `eval`. */
export function addMemoryOptions(command: Command): Command {
  return command
    .option("--memory <path>", "the error -> fix memory: fixes of similar failures are recalled, verified fixes recorded", defaultMemoryPath())
    .option("--no-memory", "neither recall nor record fixes");
}

/** The flags `addMemoryOptions` adds: the path, or false with `--no-memory`. */
export interface MemoryFlags {
  memory: string | false;
}

/**
 * The memory a run uses: the store at `path`, or none with `--no-memory` (false) or when no
 * flag set it (the MCP tools). A memory that cannot be opened costs the run nothing but one
 * line on stderr: the run goes on without it.
 */
export function memoryOptionFrom(
  path: string | false | undefined,
  warn: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
): { memory?: MemoryStore } {
  if (typeof path !== "string") return {};
  try {
    const store = MemoryStore.open(path);
    // The command ends with the process; closing then folds the write-ahead log into the file.
    process.once("exit", () => store.close());
    return { memory: store };
  } catch (error) {
    if (!MemoryError.isInstance(error)) throw error;
    warn(`mend: ${error.message}; going on without memory`);
    return {};
  }
}
