export {
  type ScriptedServer,
  type ScriptedServerOptions,
  type Script,
  startScriptedServer,
} from "./scripted-server.js";
export type { ScriptedStep, ScriptedUsage, RecordedRequest, ScriptedApi } from "./scripted-step.js";
export { type FencedOptions, fenced, truncatedReply } from "./replies.js";
export { cannedReplies } from "./canned-replies.js";
