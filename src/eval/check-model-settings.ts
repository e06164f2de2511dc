import { access } from "node:fs/promises";
import { homedir } from "node:os";
import { join } from "node:path";
import { UsageError } from "../errors/usage-error.js";
import type { ModelSpec } from "../models/model-spec.js";

/**
 * Checks an eval's model settings before any task starts, so that a missing API key or model
 * file is one usage error, reported before progress is printed and before any run folder is
 * made (every task builds its own model later). Building a hosted model's client makes no
 * request; a `llama:` model is only checked for its file, since loading it here would hold a
 * second copy of the weights while the tasks load theirs.
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
      const { createChatModel } = await import("../models/create-chat-model.js");
      await createChatModel(spec, { ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}), env: options.env });
    }
  }
}
