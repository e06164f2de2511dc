import { MendError } from "./mend-error.js";

/**
 * The error -> fix memory cannot be used: the file is not a SQLite database, belongs to
 * something else, was written by a newer mend, or cannot be read or written. A run goes on
 * without memory; `mend memory` commands report it as bad input (exit 2).
 */
export class MemoryError extends MendError {
  readonly path: string;

  constructor(path: string, message: string, options: { cause?: unknown } = {}) {
    super("memory_unavailable", message, { fault: "user", cause: options.cause });
    this.path = path;
  }

  static override isInstance(error: unknown): error is MemoryError {
    return MendError.isInstance(error) && error.code === "memory_unavailable";
  }
}
