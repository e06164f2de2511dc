const MARKER = Symbol.for("mendloop.error");

/** Who is at fault, which decides how the CLI reports it. */
export type Fault = "user" | "system" | "model";

/**
 * Base class of every error mendloop throws on purpose. `isInstance` works across
 * duplicated module copies (a marker, not `instanceof`).
 */
export class MendError extends Error {
  readonly [MARKER] = true;
  readonly code: string;
  readonly fault: Fault;

  constructor(code: string, message: string, options: { fault: Fault; cause?: unknown }) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.code = code;
    this.fault = options.fault;
  }

  static isInstance(error: unknown): error is MendError {
    return typeof error === "object" && error !== null && (error as Record<symbol, unknown>)[MARKER] === true;
  }
}
