import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServer } from "node:net";
import { BY_CANDIDATES, expectUsageExit, runMend } from "../cli/commands/__fixtures__/spawn-mend.js";
import type { RunResult } from "../shared/run-result.js";
import { connectHttp, connectStdio, errorOf, jsonOf, type Connect, type MendMcp } from "./__fixtures__/connect-mend.js";

/*
 * The SDK's own client against the real `mend mcp` process (the built dist/), over stdio and
 * over Streamable HTTP: a project folder as people have one (the bundled median example, with
 * a buggy median.py and its pytest file), every tool, the runs as resources, and bad input.
 */

const EXAMPLE = fileURLToPath(new URL("../../examples/median/", import.meta.url));
const LONG = { timeout: 240_000 };
const TEST_TIMEOUT = 300_000;
const TRANSPORTS: [string, Connect][] = [
  ["stdio", connectStdio],
  ["Streamable HTTP", connectHttp],
];

/** A working folder for the server, with files outside it that no path may reach. */
function makeProject(): { root: string; cwd: string } {
  const root = mkdtempSync(join(tmpdir(), "mend-mcp-"));
  const cwd = join(root, "project");
  cpSync(EXAMPLE, cwd, { recursive: true });
  writeFileSync(join(root, "secret.py"), 'print("the secret")\n');
  writeFileSync(join(root, "test_secret.py"), "from median import median\n\ndef test_secret():\n    assert median([1]) == 1\n");
  mkdirSync(join(cwd, "scripts"));
  writeFileSync(join(cwd, "scripts", "report.py"), 'import sys\nprint("42 rows")\nsys.stderr.write("1 warning\\n")\nsys.exit(3)\n');
  writeFileSync(join(cwd, "scripts", "spin.js"), "for (;;) {}\n");
  symlinkSync(join(root, "secret.py"), join(cwd, "scripts", "link.py"));
  writeFileSync(join(cwd, "sneaky.md"), "---\nlanguage: python\ndraft: median.py\ntests: ../test_secret.py\n---\nFix median.\n");
  writeFileSync(join(cwd, "online.md"), "---\nlanguage: python\ndraft: median.py\ntests: test_median.py\nallowNetwork: true\n---\nFix median.\n");
  return { root, cwd };
}

/** Durations differ between two runs of the same check; everything else must not. */
function withoutDurations(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value, (key, item: unknown) => (key === "durationMs" ? undefined : item)));
}

describe.each(TRANSPORTS)("mend mcp over %s, offline", (_name, connect) => {
  let root: string;
  let cwd: string;
  let mcp: MendMcp;

  beforeAll(async () => {
    ({ root, cwd } = makeProject());
    mcp = await connect(["--timeout", "5", "--memory", "256"], { cwd, env: BY_CANDIDATES });
  }, 60_000);
  afterAll(async () => {
    await mcp?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it("lists the five tools with their input schemas", async () => {
    const { tools } = await mcp.client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(["check", "exec", "repair", "report", "run"]);
    const exec = tools.find((tool) => tool.name === "exec");
    expect(exec?.inputSchema.required).toEqual(["path"]);
    expect(Object.keys(exec?.inputSchema.properties ?? {}).sort()).toEqual(["memoryMb", "path", "timeoutSeconds"]);
    const run = tools.find((tool) => tool.name === "run");
    expect(run?.inputSchema.required).toEqual(["task"]);
  });

  it("check answers what mend check --json prints", { timeout: TEST_TIMEOUT }, async () => {
    const result = await mcp.client.callTool({ name: "check", arguments: { path: "median.py", tests: ["test_median.py"] } }, undefined, LONG);
    expect(result.isError).toBeFalsy();
    const json = jsonOf(result);
    expect(result.structuredContent).toEqual(json);
    expect(json).toMatchObject({ passed: false, stage: "tests" });
    const cli = await runMend(["check", "median.py", "--tests", "test_median.py", "--json"], { cwd });
    expect(cli.code).toBe(1);
    expect(withoutDurations(json)).toEqual(withoutDurations(JSON.parse(cli.stdout)));
  });

  it("exec runs a program in the sandbox and says how it ended", { timeout: TEST_TIMEOUT }, async () => {
    const json = jsonOf(await mcp.client.callTool({ name: "exec", arguments: { path: "scripts/report.py" } }, undefined, LONG));
    expect(json).toMatchObject({ exitCode: 3, reason: "exit", timedOut: false, stdout: "42 rows\n", stderr: "1 warning\n" });
  });

  it("exec stops a program at the timeout the client asked for, below the server's", { timeout: TEST_TIMEOUT }, async () => {
    const json = jsonOf(await mcp.client.callTool({ name: "exec", arguments: { path: "scripts/spin.js", timeoutSeconds: 1 } }, undefined, LONG));
    expect(json).toMatchObject({ reason: "timeout", timedOut: true });
    expect(json.durationMs).toBeLessThan(5_000);
  });

  it("repair returns the run JSON and the diff, verified, and writes nothing", { timeout: TEST_TIMEOUT }, async () => {
    const before = readFileSync(join(cwd, "median.py"), "utf8");
    const progress: string[] = [];
    const result = await mcp.client.callTool(
      { name: "repair", arguments: { path: "median.py", tests: ["test_median.py"] } },
      undefined,
      { ...LONG, onprogress: (note) => void progress.push(note.message ?? "") },
    );
    const run = jsonOf(result) as unknown as RunResult;
    expect(run).toMatchObject({ schemaVersion: 1, status: "passed", verified: true, language: "python" });
    expect(run.attempts.at(-1)).toMatchObject({ source: "offline", stage: "ok" });
    const diff = result.content as { type: string; text: string }[];
    expect(diff[1].text).toMatch(/\n--- median\.py\tdraft\n\+\+\+ median\.py\tverified\n@@ /);
    expect(readFileSync(join(cwd, "median.py"), "utf8")).toBe(before);
    expect(progress.some((line) => line.startsWith("offline_repair"))).toBe(true);

    // The run is a resource, and so is its report.
    const { resources } = await mcp.client.listResources();
    expect(resources.map((resource) => resource.uri)).toEqual(
      expect.arrayContaining([`mend://runs/${run.runId}`, `mend://runs/${run.runId}/report`]),
    );
    const read = await mcp.client.readResource({ uri: `mend://runs/${run.runId}` });
    expect(JSON.parse((read.contents[0] as { text: string }).text)).toEqual(run);

    const report = jsonOf(await mcp.client.callTool({ name: "report", arguments: { runId: run.runId } }, undefined, LONG));
    expect(report.uri).toBe(`mend://runs/${run.runId}/report`);
    expect(readFileSync(String(report.path), "utf8")).toMatch(/^<!doctype html>/i);
    const page = await mcp.client.readResource({ uri: String(report.uri) });
    expect(page.contents[0]).toMatchObject({ mimeType: "text/html" });
    expect((page.contents[0] as { text: string }).text).toContain(run.runId);
  });

  it("repair without tests or examples is a run that ends no_tests: nothing verified the code", { timeout: TEST_TIMEOUT }, async () => {
    const result = await mcp.client.callTool({ name: "repair", arguments: { path: "median.py" } }, undefined, LONG);
    expect(result.isError).toBeFalsy();
    const run = jsonOf(result) as unknown as RunResult;
    expect(run).toMatchObject({ status: "failed", reason: "no_tests", verified: false, verification: { by: "none", testsRun: 0 } });
  });

  const badInput: [string, string, Record<string, unknown>, RegExp][] = [
    ["no path", "exec", {}, /^invalid arguments for exec: path: /],
    ["a path that is not a string", "exec", { path: 3 }, /^invalid arguments for exec: path: .*expected string/],
    ["an argument the tool does not have", "exec", { path: "scripts/report.py", timeout: 5 }, /^invalid arguments for exec: .*"timeout"/],
    ["two bad arguments", "exec", { path: "", memoryMb: 1.5 }, /^invalid arguments for exec: path: .*; memoryMb: /],
    ["a timeout above the server's", "exec", { path: "scripts/report.py", timeoutSeconds: 60 }, /^timeoutSeconds 60 is above this server's limit of 5/],
    ["memory above the server's", "exec", { path: "scripts/report.py", memoryMb: 4096 }, /^memoryMb 4096 is above this server's limit of 256 MiB/],
    ["memory the interpreter cannot start in", "exec", { path: "scripts/spin.js", memoryMb: 8 }, /^memoryMb 8 MiB is below what javascript needs/],
    ["a path up and out", "exec", { path: "../secret.py" }, /^\.\.\/secret\.py is outside the working folder /],
    ["an absolute path elsewhere", "exec", { path: "/etc/passwd" }, /^\/etc\/passwd is outside the working folder /],
    ["a link that points out", "exec", { path: "scripts/link.py" }, /^scripts\/link\.py is outside the working folder /],
    ["a file that does not exist", "exec", { path: "nope.py" }, /^file not found: nope\.py$/],
    ["tests outside the folder", "check", { path: "median.py", tests: ["../test_secret.py"] }, /^\.\.\/test_secret\.py is outside the working folder /],
    ["an unknown language", "check", { path: "median.py", lang: "cobol" }, /^invalid arguments for check: lang: /],
    ["a task whose tests are outside the folder", "run", { task: "sneaky.md" }, /^\.\.\/test_secret\.py is outside the working folder /],
    ["a task asking for the network", "run", { task: "online.md" }, /network access/],
    ["a run id that is a path", "report", { runId: "../.." }, /^no run "\.\.\/\.\." in /],
    ["an unknown tool", "deploy", {}, /^unknown tool "deploy"/],
  ];
  it.each(badInput)("bad input, %s, is a tool error with one line", { timeout: TEST_TIMEOUT }, async (_case, name, args, message) => {
    const result = await mcp.client.callTool({ name, arguments: args }, undefined, LONG);
    const text = errorOf(result);
    expect(text).toMatch(message);
    expect(text).not.toContain("\n");
  });
});

describe("mend mcp --concurrency", () => {
  it("makes a call that runs a program wait while another runs, and says so", { timeout: TEST_TIMEOUT }, async () => {
    const { root, cwd } = makeProject();
    const mcp = await connectStdio(["--concurrency", "1"], { cwd });
    try {
      const finished: string[] = [];
      const notes: string[] = [];
      const slow = mcp.client
        .callTool({ name: "exec", arguments: { path: "scripts/spin.js", timeoutSeconds: 3 } }, undefined, LONG)
        .then(() => finished.push("spin"));
      // Cancelled while it waits: the call ends at once, and the calls behind it still get their turn.
      const controller = new AbortController();
      const dropped = mcp.client.callTool({ name: "exec", arguments: { path: "scripts/spin.js" } }, undefined, {
        ...LONG,
        signal: controller.signal,
        onprogress: () => controller.abort("not needed any more"),
      });
      const quick = mcp.client
        .callTool({ name: "exec", arguments: { path: "scripts/report.py" } }, undefined, { ...LONG, onprogress: (note) => void notes.push(note.message ?? "") })
        .then((result) => {
          finished.push("report");
          return jsonOf(result);
        });
      await expect(dropped).rejects.toThrow(/not needed any more/);
      await slow;
      expect(await quick).toMatchObject({ exitCode: 3, stdout: "42 rows\n" });
      expect(finished).toEqual(["spin", "report"]);
      expect(notes).toEqual([expect.stringMatching(/^waiting: 1 calls running, [01] waiting before this one/)]);
    } finally {
      await mcp.close();
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe("mend mcp --root", () => {
  it("works in the folder it names, wherever the client started it", { timeout: TEST_TIMEOUT }, async () => {
    const { root } = makeProject();
    const mcp = await connectStdio(["--root", "project"], { cwd: root });
    try {
      const json = jsonOf(await mcp.client.callTool({ name: "exec", arguments: { path: "scripts/report.py" } }, undefined, LONG));
      expect(json).toMatchObject({ exitCode: 3, stdout: "42 rows\n" });
      const refused = errorOf(await mcp.client.callTool({ name: "exec", arguments: { path: "../secret.py" } }, undefined, LONG));
      expect(refused).toMatch(/^\.\.\/secret\.py is outside the working folder .*\/project$/);
    } finally {
      await mcp.close();
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe("mend mcp over Streamable HTTP refuses requests for another host", () => {
  it("answers 403 to a page that rebound its DNS name to 127.0.0.1", async () => {
    const { root, cwd } = makeProject();
    const mcp = await connectHttp([], { cwd });
    try {
      const url = new URL(/listening on (http:\/\/\S+)/.exec(mcp.stderr())?.[1] ?? "");
      const status = await new Promise<number>((resolve, reject) => {
        const call = request(
          { host: url.hostname, port: url.port, path: url.pathname, method: "POST", headers: { host: `attacker.example:${url.port}`, "content-type": "application/json" } },
          (response) => {
            response.resume();
            resolve(response.statusCode ?? 0);
          },
        );
        call.on("error", reject);
        call.end(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }));
      });
      expect(status).toBe(403);
      // The real client still works.
      expect((await mcp.client.listTools()).tools).toHaveLength(5);
    } finally {
      const exit = await mcp.close();
      rmSync(root, { recursive: true, force: true });
      expect(exit?.code).toBe(0);
    }
  });
});

describe("mend mcp with bad flags: exit 2 with one line, before serving anything", () => {
  const cases: [string, string[], RegExp][] = [
    ["a port that is not a number", ["--http", "eighty"], /--http takes a port number/],
    ["an unknown model spec", ["--model", "gpt4"], /unknown model spec "gpt4"/],
    ["an exec timeout of 0", ["--timeout", "0"], /--timeout must be more than 0 seconds/],
    ["an exec memory limit no interpreter starts in", ["--memory", "4"], /--memory 4 MiB is below what python needs/],
    ["a budget without the boundary", ["--no-boundary", "--budget-tokens", "100"], /--no-boundary turns budgets off/],
    ["a root that is not a folder", ["--root", "median.py"], /^mend: --root median\.py is not a folder$/],
  ];
  it.each(cases)("%s", { timeout: 60_000 }, async (_case, args, message) => {
    const { root, cwd } = makeProject();
    try {
      expectUsageExit(await runMend(["mcp", ...args], { cwd }), message);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("a port another program holds", { timeout: 60_000 }, async () => {
    const { root, cwd } = makeProject();
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = holder.address() as { port: number };
      expectUsageExit(await runMend(["mcp", "--http", String(port)], { cwd }), new RegExp(`cannot listen on 127\\.0\\.0\\.1:${port} \\(EADDRINUSE\\)`));
    } finally {
      holder.close();
      rmSync(root, { recursive: true, force: true });
    }
  });
});
