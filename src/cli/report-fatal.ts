import { MendError } from "../errors/mend-error.js";
import { UsageError } from "../errors/usage-error.js";

/**
 * Prints an error as one readable line (no stack trace unless MEND_DEBUG is set) and
 * returns the SPEC exit code: 2 for bad usage or input, 1 for everything else.
 */
export function reportFatal(error: unknown): number {
  const debug = Boolean(process.env.MEND_DEBUG);
  if (UsageError.isInstance(error)) {
    process.stderr.write(`mend: ${oneLine(error.message)}\n`);
    return 2;
  }
  const message = error instanceof Error ? error.message : String(error);
  const label = MendError.isInstance(error) ? error.code : "internal error";
  process.stderr.write(`mend: ${label}: ${oneLine(message)}\n`);
  if (debug && error instanceof Error && error.stack) process.stderr.write(`${error.stack}\n`);
  return 1;
}

/** Some messages span lines (a JSON parser quoting the bad text, a code frame); the SPEC wants one. */
function oneLine(message: string): string {
  return message.trim().replace(/\s*\n\s*/g, " ");
}
