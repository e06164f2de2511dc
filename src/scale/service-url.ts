import { UsageError } from "../errors/usage-error.js";

/**
 * `--queue URL` as a parsed URL: `redis://HOST:PORT[/DB]` or `rediss://` (TLS), with an
 * optional password. Anything else is one usage line, before anything is queued.
 */
export function parseQueueUrl(value: string): URL {
  return parseServiceUrl(value, "--queue", ["redis:", "rediss:"], "redis://127.0.0.1:6379");
}

/** `--checkpoints URL`: `postgres://USER[:PASSWORD]@HOST[:PORT]/DB` (or `postgresql://`). */
export function parseCheckpointsUrl(value: string): URL {
  return parseServiceUrl(value, "--checkpoints", ["postgres:", "postgresql:"], "postgres://mend@127.0.0.1:5432/mend");
}

/** The URL as it may be printed: the password is never shown. */
export function redactUrl(url: URL): string {
  const shown = new URL(url.href);
  if (shown.password) shown.password = "***";
  return shown.href;
}

function parseServiceUrl(value: string, flag: string, protocols: string[], example: string): URL {
  if (!URL.canParse(value)) throw new UsageError(`${flag} takes a URL like ${example}, got "${value}"`, { code: "service_url" });
  const url = new URL(value);
  if (!protocols.includes(url.protocol) || !url.hostname) {
    throw new UsageError(`${flag} takes a ${protocols.map((p) => `${p}//`).join(" or ")} URL like ${example}, got "${redactUrl(url)}"`, {
      code: "service_url",
    });
  }
  return url;
}
