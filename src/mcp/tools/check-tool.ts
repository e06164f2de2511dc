import { z } from "zod";
import { checkJson, checkProgram } from "../../cli/commands/check.js";
import { LANGUAGES } from "../../shared/language.js";
import { defineTool } from "../mcp-tool.js";

/** `check {path, tests?, lang?}`: layered validation and diagnosis, as `mend check --json`. */
export const checkTool = defineTool({
  name: "check",
  title: "Check a program layer by layer",
  description:
    "Validates a program with its tests, cheapest layer first (syntax, imports, network, lint, types, tests), " +
    "running everything in the sandbox, and diagnoses the first failure: error type, location, the code around " +
    "it, expected and actual values of failed tests. Returns the check JSON. Nothing is repaired or written.",
  input: z.strictObject({
    path: z.string().min(1).describe("the program file, relative to the server's working folder"),
    tests: z.array(z.string().min(1)).optional().describe("test files or folders; without them, examples in the docstrings are the tests"),
    lang: z.enum(LANGUAGES).optional().describe("the language, when the file names do not tell it"),
  }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  heavy: true,
  async call(args, { settings }) {
    const { result, verification } = await checkProgram({
      paths: args.path,
      ...(args.tests?.length ? { tests: args.tests } : {}),
      ...(args.lang !== undefined ? { lang: args.lang } : {}),
      within: settings.cwd,
    });
    return { json: checkJson(result, verification) };
  },
});
