import { MendError } from "./mend-error.js";

/** Bad usage or bad input: the CLI prints the message alone and exits 2. */
export class UsageError extends MendError {
  constructor(message: string, options: { code?: string; cause?: unknown } = {}) {
    super(options.code ?? "usage", message, { fault: "user", cause: options.cause });
  }

  static override isInstance(error: unknown): error is UsageError {
    return MendError.isInstance(error) && error.fault === "user";
  }
}
