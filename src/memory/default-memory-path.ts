import { homedir } from "node:os";
import { join } from "node:path";

/**
 * Where the error -> fix memory lives unless `--memory PATH` says otherwise: the user's data
 * folder (`$XDG_DATA_HOME/mendloop`, else `~/.local/share/mendloop`), not the cache folder,
 * since what was learnt cannot be looked up again.
 */
export function defaultMemoryPath(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_DATA_HOME && env.XDG_DATA_HOME.startsWith("/") ? env.XDG_DATA_HOME : join(homedir(), ".local", "share");
  return join(base, "mendloop", "memory.sqlite");
}
