import { MendError } from "../errors/mend-error.js";
import { UsageError } from "../errors/usage-error.js";

/**
 * Prints an error as one readable line on stderr (no stack trace unless MEND_DEBUG is set)
 * and returns the SPEC exit code: 2 for bad usage or input, 1 for everything else. With
 * `json`, stdout also gets the one JSON object the SPEC promises: `{ error, exitCode }`.
 */
export function reportFatal(error: unknown, options: { json?: boolean } = {}): number {
  const debug = Boolean(process.env.MEND_DEBUG);
  const usage = UsageError.isInstance(error);
  const message = oneLine(error instanceof Error ? error.message : String(error));
  const code = MendError.isInstance(error) ? error.code : "internal_error";
  const exitCode = usage ? 2 : 1;
  process.stderr.write(usage ? `mend: ${message}\n` : `mend: ${MendError.isInstance(error) ? code : "internal error"}: ${message}\n`);
  if (!usage && debug && error instanceof Error && error.stack) process.stderr.write(`${error.stack}\n`);
  if (options.json) process.stdout.write(`${JSON.stringify({ error: { code, message }, exitCode })}\n`);
  return exitCode;
}

/** Some messages span lines (a JSON parser quoting the bad text, a code frame); the SPEC wants one. */
function oneLine(message: string): string {
  return message.trim().replace(/\s*\n\s*/g, " ");
}
