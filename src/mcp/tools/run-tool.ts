import { z } from "zod";
import { loadRunTask } from "../../cli/commands/run.js";
import { defineTool } from "../mcp-tool.js";
import { runLoop } from "../run-loop.js";

/** `run {task}`: the loop on a TASK file or folder; the run JSON. */
export const runTool = defineTool({
  name: "run",
  title: "Run the self-correcting loop on a task",
  description:
    "Runs mendloop's loop on a task: a TASK file (.md with YAML front matter, .yaml, .json), a folder holding " +
    "task.md/task.yaml, or a case folder with case.json. Generates (or takes the draft), validates in the " +
    "sandbox, diagnoses, repairs, until verified or the server's limits stop it. Returns the run JSON; its " +
    "runId names the run for the report tool and the mend://runs/ resources. Sends progress notifications; " +
    "cancelling stops the run at the next step.",
  input: z.strictObject({
    task: z.string().min(1).describe("the TASK file or folder, relative to the server's working folder"),
  }),
  annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: true },
  heavy: true,
  async call(args, call) {
    const loaded = await loadRunTask(args.task, {}, call.settings.cwd);
    return { json: { ...(await runLoop(loaded, "run", call)) } };
  },
});
