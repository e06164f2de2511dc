import { resolve } from "node:path";
import { z } from "zod";
import { checkFile, checkMemory, execJson, execProgram, languageOf } from "../../cli/commands/exec.js";
import { UsageError } from "../../errors/usage-error.js";
import { assertWithin } from "../../tasks/assert-within.js";
import { defineTool } from "../mcp-tool.js";

/** `exec {path, timeoutSeconds?, memoryMb?}`: one program in the strong sandbox, as `mend exec --json`. */
export const execTool = defineTool({
  name: "exec",
  title: "Run a program in the sandbox",
  description:
    "Runs one program file (Python, JavaScript, or TypeScript transpiled first) in mendloop's strong sandbox: " +
    "no network, a private work folder and /tmp, an environment built from nothing, an unprivileged user, limits " +
    "on time, CPU, memory, processes, file size and output. Returns the exec JSON: exitCode, signal, reason " +
    "(ok, exit, timeout, cpu, memory, output, pids, fsize, killed), stdout, stderr, durationMs. The limits " +
    "default to the server's and cannot exceed them.",
  input: z.strictObject({
    path: z.string().min(1).describe("the program file, relative to the server's working folder"),
    timeoutSeconds: z.number().positive().optional().describe("wall-clock limit; at most the server's (mend mcp --timeout)"),
    memoryMb: z.number().int().positive().optional().describe("memory limit in MiB; at most the server's (mend mcp --memory)"),
  }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  heavy: true,
  async call(args, { settings }) {
    const limits = settings.exec;
    await assertWithin(settings.cwd, resolve(settings.cwd, args.path), args.path);
    const timeoutSeconds = args.timeoutSeconds ?? limits.timeoutSeconds;
    if (timeoutSeconds > limits.timeoutSeconds) {
      throw new UsageError(`timeoutSeconds ${timeoutSeconds} is above this server's limit of ${limits.timeoutSeconds} (mend mcp --timeout)`);
    }
    const memoryMb = args.memoryMb ?? limits.memoryMb;
    if (memoryMb > limits.memoryMb) {
      throw new UsageError(`memoryMb ${memoryMb} is above this server's limit of ${limits.memoryMb} MiB (mend mcp --memory)`);
    }
    await checkFile(args.path);
    const language = languageOf(args.path, undefined);
    checkMemory(memoryMb, language, "memoryMb");
    const result = await execProgram(args.path, language, { timeoutMs: timeoutSeconds * 1000, memoryMb });
    return { json: execJson(result) };
  },
});
