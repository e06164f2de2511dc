import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll } from "vitest";
import type { RunEvent } from "../../runs/run-event.js";
import { createSandbox } from "../../sandbox/create-sandbox.js";
import { type Script, type ScriptedServer, startScriptedServer } from "../../testkit/index.js";
import { type Agent, type AgentOptions, createAgent } from "../create-agent.js";

export interface ScriptedAgent {
  readonly agent: Agent;
  readonly server: ScriptedServer;
  /** Every event the run emitted, in order. */
  readonly events: RunEvent[];
}

export interface ScriptedAgentKit {
  /** One real sandbox for the whole file, closed after its last test. */
  readonly sandbox: ReturnType<typeof createSandbox>;
  /** The runs folder of this file (a fresh temporary folder, removed after its last test). */
  runsDir(): string;
  /** An agent on the scripted OpenAI-compatible server, which closes after the test. */
  agentWith(script: Script, options?: Partial<AgentOptions>): Promise<ScriptedAgent>;
}

/**
 * The lifecycle the agent's integration tests share: a real sandbox and runs folder per test
 * file, a scripted model server per test. Call it at the top of a test file: it registers the
 * hooks there. The offline engine is off unless a test turns it on, so that the model calls
 * are exactly what the script says.
 */
export function useScriptedAgent(prefix: string): ScriptedAgentKit {
  const sandbox = createSandbox();
  let runsDir: string | undefined;
  let server: ScriptedServer | undefined;

  beforeAll(() => {
    runsDir = mkdtempSync(join(tmpdir(), `${prefix}-`));
  });
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });
  afterAll(async () => {
    await sandbox.close();
    if (runsDir) rmSync(runsDir, { recursive: true, force: true });
  });

  const currentRunsDir = (): string => {
    if (!runsDir) throw new Error("useScriptedAgent: the runs folder exists only while the file's tests run");
    return runsDir;
  };

  return {
    sandbox,
    runsDir: currentRunsDir,
    async agentWith(script, options = {}) {
      server = await startScriptedServer(script);
      const events: RunEvent[] = [];
      const agent = createAgent({
        model: "openai:scripted",
        baseUrl: server.url,
        env: { OPENAI_API_KEY: "test-key" },
        sandbox,
        repairer: null,
        localizer: null,
        runsDir: currentRunsDir(),
        onEvent: (event) => events.push(event),
        ...options,
      });
      return { agent, server, events };
    },
  };
}
