import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { type AIMessage, ToolMessage } from "@langchain/core/messages";
import type { BaseCheckpointSaver } from "@langchain/langgraph";
import { END, MessagesAnnotation, START, StateGraph } from "@langchain/langgraph";

/**
 * The classic agent loop: `agent` asks the model, `tools` answers its tool calls, back to
 * `agent` until the model stops calling tools. A model that always calls the same tool
 * makes it an infinite tool loop.
 */
export function toolLoopGraph(model: BaseChatModel, checkpointer?: BaseCheckpointSaver) {
  return new StateGraph(MessagesAnnotation)
    .addNode("agent", async (state) => ({ messages: [await model.invoke(state.messages)] }))
    .addNode("tools", async (state) => {
      const last = state.messages[state.messages.length - 1] as AIMessage;
      return {
        messages: (last.tool_calls ?? []).map(
          (call) => new ToolMessage({ content: `no results for ${JSON.stringify(call.args)}`, tool_call_id: call.id ?? "", name: call.name }),
        ),
      };
    })
    .addEdge(START, "agent")
    .addConditionalEdges("agent", (state) => {
      const last = state.messages[state.messages.length - 1] as AIMessage;
      return (last.tool_calls ?? []).length > 0 ? "tools" : END;
    })
    .addEdge("tools", "agent")
    .compile(checkpointer === undefined ? {} : { checkpointer });
}
