import { z } from "zod";
import { repairDiff } from "../../cli/commands/repair.js";
import { loadProgramTask } from "../../tasks/load-program-task.js";
import { defineTool } from "../mcp-tool.js";
import { runLoop } from "../run-loop.js";

/** `repair {path, tests?}`: the loop with the file as the draft; the run JSON, nothing written. */
export const repairTool = defineTool({
  name: "repair",
  title: "Repair a program until its tests pass",
  description:
    "The self-correcting loop with the file as the draft: the offline repair engine first, then the server's " +
    "model if one is configured, each candidate validated in the sandbox, until the tests pass or the server's " +
    "limits stop it. Returns the run JSON (verified, final code, attempts, usage) and the change as a unified " +
    "diff. The file is never written. Sends progress notifications; cancelling stops the run.",
  input: z.strictObject({
    path: z.string().min(1).describe("the program to repair, relative to the server's working folder"),
    tests: z.array(z.string().min(1)).optional().describe("test files or folders"),
  }),
  annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: true },
  heavy: true,
  async call(args, call) {
    const loaded = await loadProgramTask(args.path, { ...(args.tests ? { tests: args.tests } : {}) }, call.settings.cwd);
    const result = await runLoop(loaded, "repair", call);
    const diff = repairDiff(args.path, loaded.task, result);
    return { json: { ...result }, more: [{ type: "text", text: diff }] };
  },
});
