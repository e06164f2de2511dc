import { MendError } from "./mend-error.js";

/** The sandbox itself could not run a program (not the program failing). */
export class SandboxError extends MendError {
  constructor(message: string, options: { cause?: unknown } = {}) {
    super("sandbox", message, { fault: "system", cause: options.cause });
  }

  static override isInstance(error: unknown): error is SandboxError {
    return MendError.isInstance(error) && error.code === "sandbox";
  }
}
