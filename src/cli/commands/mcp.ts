import { type Command, InvalidArgumentError } from "commander";
import { statSync } from "node:fs";
import { resolve } from "node:path";
import { UsageError } from "../../errors/usage-error.js";
import { parseModelSpec } from "../../models/model-spec.js";
import { RunFolder } from "../../runs/run-folder.js";
import { addLimitOptions, addGenerateTestsOption, addReviewOptions, addSwitchOptions, type LoopFlags, switchOptionsFrom, wholeNumber } from "../loop-options.js";
import { checkMemory, DEFAULT_MEMORY_MB, parseTimeout } from "./exec.js";

interface McpFlags extends LoopFlags {
  root?: string;
  concurrency: number;
  http?: number;
  timeout?: string;
  memory?: number;
}

/** `mend mcp [--http PORT]`: mendloop's tools for other agents, over the Model Context Protocol. */
export function registerMcp(program: Command): void {
  const command = program
    .command("mcp")
    .summary("serve check, exec, repair, run and report as MCP tools (stdio, or HTTP on loopback)")
    .description(
      "An MCP server for coding agents (Claude Code, Cursor, agents on the OpenAI or LangChain SDKs). Tools: check, " +
        "exec, repair (nothing written), run, report; resources: the runs (mend://runs/{runId}) and their reports. " +
        "Paths are relative to the working folder and must stay inside it. Every program runs in the sandbox, and the " +
        "limits are this command's flags: a client may ask for less, never for more. Without --http the server speaks " +
        "on stdin/stdout; with --http PORT it serves Streamable HTTP at http://127.0.0.1:PORT/mcp (0: a free port, printed on stderr).",
    )
    .option("--root <dir>", "the folder the server works in: tool paths are relative to it and nothing outside it is read (default: the working directory)")
    .option("--http <port>", "serve Streamable HTTP on 127.0.0.1:PORT instead of stdio", port)
    .option("--concurrency <n>", "tool calls that run programs at the same time, over all clients; the rest wait", wholeNumber("--concurrency"), 2)
    .option("--timeout <seconds>", "the exec tool's wall-clock limit, and its default (default 10)")
    .option("--memory <mb>", `the exec tool's memory limit in MiB, and its default (default ${DEFAULT_MEMORY_MB})`, wholeNumber("--memory"));
  addLimitOptions(command);
  addSwitchOptions(command);
  addReviewOptions(command);
  addGenerateTestsOption(command);
  // Accepted, as by every command, but the protocol is the output here: nothing to print as JSON.
  command.options.find((option) => option.long === "--json")?.hideHelp();
  command
    .addHelpText(
      "after",
      "\nExamples:\n  claude mcp add mend -- npx mend mcp\n  mend mcp --root ~/code/project --model ollama:qwen2.5-coder\n  mend mcp --model openai:gpt-4o-mini --max-attempts 3 --timeout 5\n  mend mcp --http 8765",
    )
    .action(async (flags: McpFlags) => {
      if (flags.root !== undefined) enterRoot(flags.root);
      parseModelSpec(flags.model ?? process.env.MEND_MODEL);
      switchOptionsFrom(flags, { tokens: flags.budgetTokens, usd: flags.budgetUsd, seconds: flags.budgetSeconds });
      RunFolder.prepareRunsDir(flags.runsDir);
      const memoryMb = checkMemory(flags.memory ?? DEFAULT_MEMORY_MB, "python", "--memory");
      const settings = {
        cwd: process.cwd(),
        version: program.version() ?? "0.0.0",
        concurrency: flags.concurrency,
        exec: { timeoutSeconds: parseTimeout(flags.timeout), memoryMb },
        loop: flags,
      };
      // Loaded here, not at start-up: the MCP SDK is for this command alone.
      if (flags.http === undefined) {
        const { serveStdio } = await import("../../mcp/serve-stdio.js");
        await serveStdio(settings);
        return;
      }
      const { serveHttp } = await import("../../mcp/serve-http.js");
      await serveHttp(settings, flags.http).catch((error: NodeJS.ErrnoException) => {
        if (error.code === "EADDRINUSE" || error.code === "EACCES") {
          throw new UsageError(`cannot listen on 127.0.0.1:${flags.http} (${error.code}): use another --http port`, { cause: error });
        }
        throw error;
      });
    });
}

/** Clients that cannot set a server's working folder name it with --root instead; the tools resolve paths against it. */
function enterRoot(root: string): void {
  if (!statSync(root, { throwIfNoEntry: false })?.isDirectory()) throw new UsageError(`--root ${root} is not a folder`, { code: "root_missing" });
  process.chdir(resolve(root));
}

function port(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || n > 65535) throw new InvalidArgumentError("--http takes a port number, 0 to 65535 (0: any free port)");
  return n;
}
