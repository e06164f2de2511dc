import { UsageError } from "../errors/usage-error.js";

/**
 * Which language model to use, parsed from `--model` / `MEND_MODEL` (see SPEC "Models").
 * `offline` means no language model: only the built-in repair engine runs.
 */
export type ModelSpec =
  | { provider: "openai"; model: string }
  | { provider: "anthropic"; model: string }
  | { provider: "ollama"; model: string }
  | { provider: "llama"; modelPath: string }
  | { provider: "offline" };

export type ModelProvider = ModelSpec["provider"];

const VALID_FORMS =
  "openai:<model>, anthropic:<model>, ollama:<model>, llama:<file.gguf> or offline";

/**
 * Parses a model spec string. Missing or blank means `offline` (the SPEC default);
 * anything else that does not fit one of the valid forms is a UsageError naming them.
 */
export function parseModelSpec(spec: string | undefined): ModelSpec {
  const text = spec?.trim() ?? "";
  if (text === "" || text === "offline") return { provider: "offline" };

  const colon = text.indexOf(":");
  if (colon === -1) {
    throw new UsageError(`unknown model spec "${text}": use ${VALID_FORMS}`, { code: "model_spec" });
  }
  const provider = text.slice(0, colon).trim().toLowerCase();
  const name = text.slice(colon + 1).trim();
  if (name === "") {
    throw new UsageError(`model spec "${text}" names no model: use ${VALID_FORMS}`, { code: "model_spec" });
  }
  switch (provider) {
    case "openai":
    case "anthropic":
    case "ollama":
      return { provider, model: name };
    case "llama":
      return { provider: "llama", modelPath: name };
    default:
      throw new UsageError(`unknown model provider "${provider}" in "${text}": use ${VALID_FORMS}`, {
        code: "model_spec",
      });
  }
}

/** The spec written back as a string (`openai:gpt-4o`, `offline`), for logs and run files. */
export function formatModelSpec(spec: ModelSpec): string {
  switch (spec.provider) {
    case "offline":
      return "offline";
    case "llama":
      return `llama:${spec.modelPath}`;
    default:
      return `${spec.provider}:${spec.model}`;
  }
}
