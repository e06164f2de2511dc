import type { ContentBlock, ToolAnnotations } from "@modelcontextprotocol/sdk/types.js";
import type { z } from "zod";
import { UsageError } from "../errors/usage-error.js";
import { describeIssues } from "../tasks/task-file-schema.js";
import type { McpSettings } from "./mcp-settings.js";

/** What a tool call gets besides its arguments. */
export interface ToolCall {
  settings: McpSettings;
  /** Aborted when the client cancels the request (or the session ends). */
  signal: AbortSignal;
  /** Sends one progress notification, when the client asked for them. */
  progress(message: string): void;
}

/** A tool's answer: the JSON result (text and structured content), plus any further content. */
export interface ToolAnswer {
  json: Record<string, unknown>;
  more?: ContentBlock[];
}

/** One MCP tool: its description for `tools/list`, and its call with the arguments already checked. */
export interface McpTool {
  name: string;
  title: string;
  description: string;
  input: z.ZodObject;
  annotations: ToolAnnotations;
  /** Runs programs (in the sandbox) or the loop: waits its turn behind the server's --concurrency. */
  heavy: boolean;
  /** Checks the raw arguments against `input` (a UsageError naming every problem on one line), then runs. */
  call(args: unknown, call: ToolCall): Promise<ToolAnswer>;
}

/** Makes a tool whose `call` sees arguments of the type its schema parses to. */
export function defineTool<Input extends z.ZodObject>(tool: {
  name: string;
  title: string;
  description: string;
  input: Input;
  annotations: ToolAnnotations;
  heavy: boolean;
  call(args: z.output<Input>, call: ToolCall): Promise<ToolAnswer>;
}): McpTool {
  return {
    ...tool,
    async call(args, call) {
      const parsed = tool.input.safeParse(args ?? {});
      if (!parsed.success) throw new UsageError(`invalid arguments for ${tool.name}: ${describeIssues(parsed.error)}`);
      return tool.call(parsed.data, call);
    },
  };
}
