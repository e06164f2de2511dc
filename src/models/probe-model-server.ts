import { connect } from "node:net";
import { UsageError } from "../errors/usage-error.js";
import type { ModelServer } from "./create-chat-model.js";
import { socketReason } from "./socket-reason.js";

const PROBE_TIMEOUT_MS = 3_000;

/**
 * Opens one TCP connection to the model server and closes it again: no request, no API key,
 * nothing counted. A server that cannot be reached is then one usage line before the run
 * starts, instead of a failure after the offline search and the retries of the first call.
 */
export async function probeModelServer(server: ModelServer, timeoutMs: number = PROBE_TIMEOUT_MS): Promise<void> {
  const url = new URL(server.url);
  const port = Number(url.port || (url.protocol === "https:" ? 443 : 80));
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  const reason = await new Promise<string | undefined>((resolve) => {
    const socket = connect({ host, port });
    const done = (failure: string | undefined) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(failure);
    };
    const timer = setTimeout(() => done(`no answer within ${timeoutMs / 1000} s`), timeoutMs);
    socket.once("connect", () => done(undefined));
    socket.once("error", (error: NodeJS.ErrnoException) => done(error.code ? socketReason(error.code) : error.message));
  });
  if (reason === undefined) return;
  const advice = server.setting ? `start it, or point ${server.setting} at one that runs` : "check the network connection";
  throw new UsageError(`cannot reach the model server at ${url.host} (${reason}); ${advice}`, { code: "model_unreachable" });
}
