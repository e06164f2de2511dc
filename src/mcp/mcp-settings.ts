import type { LoopFlags } from "../cli/loop-options.js";

/**
 * What the server's own flags fix for every tool call. A client may ask for less (a shorter
 * timeout, less memory), never for more: the limits are the operator's, not the caller's.
 */
export interface McpSettings {
  /** The server's working folder: tool paths are relative to it and every file must lie inside it. */
  cwd: string;
  /** Reported to clients in the initialize handshake. */
  version: string;
  /** Tool calls that run programs at the same time, over all sessions; the rest wait their turn. */
  concurrency: number;
  /** The ceilings of the `exec` tool, also its defaults. */
  exec: { timeoutSeconds: number; memoryMb: number };
  /** Model, attempt cap, budgets, runs folder and switches of the `run` and `repair` tools. */
  loop: LoopFlags;
}
