import { access } from "node:fs/promises";
import { homedir } from "node:os";
import { join } from "node:path";
import type { CallbackManagerForLLMRun } from "@langchain/core/callbacks/manager";
import {
  BaseChatModel,
  type BaseChatModelParams,
  type LangSmithParams,
} from "@langchain/core/language_models/chat_models";
import { AIMessage, type BaseMessage } from "@langchain/core/messages";
import type { ChatResult } from "@langchain/core/outputs";
import { UsageError } from "../errors/usage-error.js";
import { registerTemperatureVariants } from "./with-temperature.js";

/**
 * The slice of node-llama-cpp (v3) this adapter uses. The package is optional and not a
 * dependency (it is large), so it is typed here instead of imported.
 */
export interface LlamaModule {
  getLlama(): Promise<{ loadModel(options: { modelPath: string }): Promise<LlamaModel> }>;
  LlamaChatSession: new (options: { contextSequence: unknown }) => LlamaSession;
}
interface LlamaModel {
  createContext(): Promise<{ getSequence(): unknown }>;
  tokenize(text: string): unknown[];
}
type LlamaHistoryItem = { type: "system" | "user"; text: string } | { type: "model"; response: string[] };
interface LlamaSession {
  setChatHistory(history: LlamaHistoryItem[]): void;
  prompt(
    text: string,
    options: { temperature?: number; maxTokens?: number; signal?: AbortSignal; onTextChunk?: (text: string) => void },
  ): Promise<string>;
  dispose(options?: { disposeSequence?: boolean }): void;
}

export interface LlamaChatModelOptions {
  temperature?: number;
  maxOutputTokens?: number;
  /** Where node-llama-cpp comes from; tests give a stand-in. Default: a dynamic import. */
  importModule?: () => Promise<LlamaModule>;
}

/**
 * Loads node-llama-cpp on demand (only when a `llama:` model is asked for) and a GGUF model
 * file with it. A missing file or a missing package is the user's to fix: UsageError.
 */
export async function loadLlamaChatModel(path: string, options: LlamaChatModelOptions = {}): Promise<BaseChatModel> {
  // `--model llama:~/models/x.gguf` reaches us unexpanded when quoted or set in MEND_MODEL.
  const modelPath = path.startsWith("~/") ? join(homedir(), path.slice(2)) : path;
  try {
    await access(modelPath);
  } catch {
    throw new UsageError(`llama: model file not found: ${modelPath}`, { code: "model_file" });
  }
  const llamaModule = await (options.importModule ?? importNodeLlamaCpp)();
  const llama = await llamaModule.getLlama();
  const model = await llama.loadModel({ modelPath });
  const context = await model.createContext();
  const fields: LlamaChatModelFields = {
    llamaModule,
    model,
    context,
    modelPath,
    turn: { last: Promise.resolve() },
    temperature: options.temperature,
    maxOutputTokens: options.maxOutputTokens,
  };
  const chatModel = new LlamaChatModel(fields);
  registerTemperatureVariants(chatModel, (temperature) => new LlamaChatModel({ ...fields, temperature }));
  return chatModel;
}

async function importNodeLlamaCpp(): Promise<LlamaModule> {
  // A variable specifier keeps TypeScript and bundlers from resolving the optional package.
  const specifier = "node-llama-cpp";
  try {
    return (await import(specifier)) as LlamaModule;
  } catch (error) {
    if ((error as { code?: string }).code === "ERR_MODULE_NOT_FOUND") {
      throw new UsageError(
        "llama: models run through node-llama-cpp, which is not installed: run `npm install node-llama-cpp` (about 700 MB) and try again",
        { code: "missing_dependency", cause: error },
      );
    }
    throw error;
  }
}

interface LlamaChatModelFields extends BaseChatModelParams {
  temperature?: number;
  maxOutputTokens?: number;
  llamaModule: LlamaModule;
  model: LlamaModel;
  context: { getSequence(): unknown };
  modelPath: string;
  /** The end of the last queued call, shared by every temperature variant of one context. */
  turn: { last: Promise<unknown> };
}

/**
 * A LangChain chat model over an embedded llama.cpp model. The context holds one sequence,
 * so calls (of every temperature variant) are served one at a time, in order.
 */
class LlamaChatModel extends BaseChatModel {
  temperature?: number;
  maxOutputTokens?: number;
  readonly modelPath: string;
  private readonly fields: LlamaChatModelFields;

  constructor(fields: LlamaChatModelFields) {
    super(fields);
    this.fields = fields;
    this.modelPath = fields.modelPath;
    this.temperature = fields.temperature;
    this.maxOutputTokens = fields.maxOutputTokens;
  }

  _llmType(): string {
    return "llama";
  }

  /** What LangChain tells callbacks about the model (the error boundary reads the output cap). */
  override getLsParams(options: this["ParsedCallOptions"]): LangSmithParams {
    return {
      ...super.getLsParams(options),
      ls_provider: "llama",
      ls_model_name: this.modelPath,
      ls_temperature: this.temperature,
      ls_max_tokens: this.maxOutputTokens,
    };
  }

  async _generate(
    messages: BaseMessage[],
    options: this["ParsedCallOptions"],
    runManager?: CallbackManagerForLLMRun,
  ): Promise<ChatResult> {
    const { turn } = this.fields;
    const run = turn.last.then(() => this.generateNow(messages, options.signal, runManager));
    turn.last = run.catch(() => undefined);
    return run;
  }

  private async generateNow(
    messages: BaseMessage[],
    signal: AbortSignal | undefined,
    runManager: CallbackManagerForLLMRun | undefined,
  ): Promise<ChatResult> {
    const { llamaModule, model, context } = this.fields;
    const history: LlamaHistoryItem[] = [];
    for (const message of messages) {
      const type = message.getType();
      if (type === "system") history.push({ type: "system", text: message.text });
      else if (type === "ai") history.push({ type: "model", response: [message.text] });
      else history.push({ type: "user", text: message.text });
    }
    const last = history.pop();
    const prompt = last && last.type === "user" ? last.text : "";
    if (last && last.type !== "user") history.push(last);

    const session = new llamaModule.LlamaChatSession({ contextSequence: context.getSequence() });
    try {
      session.setChatHistory(history);
      const text = await session.prompt(prompt, {
        temperature: this.temperature,
        maxTokens: this.maxOutputTokens,
        signal,
        onTextChunk: (chunk) => void runManager?.handleLLMNewToken(chunk),
      });
      const input = messages.reduce((sum, message) => sum + model.tokenize(message.text).length, 0);
      const output = model.tokenize(text).length;
      const message = new AIMessage({
        content: text,
        usage_metadata: { input_tokens: input, output_tokens: output, total_tokens: input + output },
        response_metadata: { model_name: this.modelPath },
      });
      return { generations: [{ text, message }], llmOutput: { tokenUsage: { promptTokens: input, completionTokens: output } } };
    } finally {
      session.dispose({ disposeSequence: true });
    }
  }
}
