import type { CallbackManagerForLLMRun } from "@langchain/core/callbacks/manager";
import { BaseChatModel, type BaseChatModelCallOptions } from "@langchain/core/language_models/chat_models";
import { AIMessage, type BaseMessage, type ToolCall } from "@langchain/core/messages";
import type { ChatResult } from "@langchain/core/outputs";

/** One scripted reply: text, optionally tool calls. */
export interface ScriptedReply {
  content: string;
  toolCalls?: Omit<ToolCall, "id" | "type">[];
}

export interface ScriptedChatModelFields {
  /** Replies in order; the last one repeats. */
  replies: (string | ScriptedReply)[];
  /** Usage reported on every reply, like a provider does; omit to report none. */
  usage?: { input: number; output: number };
  model?: string;
  /** `ls_provider` LangChain reports (e.g. `openai`), which decides the price table lookup. */
  provider?: string;
  maxTokens?: number;
  /** Time each call takes; the call gives up when its signal aborts. */
  latencyMs?: number;
}

/**
 * A chat model that replies from a script, reports provider-style `usage_metadata`, and
 * counts the calls that really reached it (a call refused by a callback never does).
 */
export class ScriptedChatModel extends BaseChatModel {
  calls = 0;
  private readonly fields: ScriptedChatModelFields;

  constructor(fields: ScriptedChatModelFields) {
    super({});
    this.fields = fields;
  }

  _llmType(): string {
    return "scripted";
  }

  override invocationParams(): Record<string, unknown> {
    return { model: this.fields.model ?? "scripted-1", ...(this.fields.maxTokens === undefined ? {} : { max_tokens: this.fields.maxTokens }) };
  }

  override getLsParams(options: this["ParsedCallOptions"]) {
    return {
      ...super.getLsParams(options),
      ls_model_name: this.fields.model ?? "scripted-1",
      ls_provider: this.fields.provider ?? "scripted",
      ...(this.fields.maxTokens === undefined ? {} : { ls_max_tokens: this.fields.maxTokens }),
    };
  }

  async _generate(_messages: BaseMessage[], options: BaseChatModelCallOptions, _run?: CallbackManagerForLLMRun): Promise<ChatResult> {
    const index = Math.min(this.calls, this.fields.replies.length - 1);
    this.calls += 1;
    if (this.fields.latencyMs !== undefined) await delay(this.fields.latencyMs, options.signal);
    const scripted = this.fields.replies[index];
    const reply = typeof scripted === "string" ? { content: scripted } : scripted;
    const { usage } = this.fields;
    const message = new AIMessage({
      content: reply.content,
      tool_calls: (reply.toolCalls ?? []).map((call, i) => ({ ...call, id: `call_${this.calls}_${i}`, type: "tool_call" as const })),
      ...(usage === undefined
        ? {}
        : { usage_metadata: { input_tokens: usage.input, output_tokens: usage.output, total_tokens: usage.input + usage.output } }),
    });
    return { generations: [{ message, text: reply.content }] };
  }
}

function delay(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}
