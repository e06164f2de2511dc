import { access } from "node:fs/promises";
import { homedir } from "node:os";
import { join } from "node:path";
import { UsageError } from "../errors/usage-error.js";
import type { ModelSpec } from "./model-spec.js";
import { probeModelServer } from "./probe-model-server.js";

/**
 * Checks a run's or an eval's model settings before anything starts, so that a missing API
 * key, a missing model file or a server that cannot be reached is one usage error, reported
 * before progress is printed and before any run folder is made. Building a hosted model's
 * client makes no request, and the server is only connected to (`probeModelServer`); a
 * `llama:` model is only checked for its file, since loading it here would hold a second copy
 * of the weights while the run loads its own.
 */
export async function checkModelSettings(spec: ModelSpec, options: { baseUrl?: string; env: NodeJS.ProcessEnv }): Promise<void> {
  switch (spec.provider) {
    case "offline":
      return;
    case "llama": {
      const path = spec.modelPath.startsWith("~/") ? join(homedir(), spec.modelPath.slice(2)) : spec.modelPath;
      try {
        await access(path);
      } catch {
        throw new UsageError(`llama: model file not found: ${path}`, { code: "model_file" });
      }
      return;
    }
    default: {
      // Loaded on demand, as the agent does: the provider clients take a while to import.
      const { createChatModel, modelServerOf } = await import("./create-chat-model.js");
      const settings = { ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}), env: options.env };
      await createChatModel(spec, settings);
      const server = modelServerOf(spec, settings);
      if (server) await probeModelServer(server);
    }
  }
}
