import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SandboxProcess } from "../shared/sandbox.js";
import { createSandbox } from "./create-sandbox.js";

// A long-lived program (a warm test server) started inside a project as people have it: a
// package, a data file, and a secret beside the project.
const sandbox = createSandbox({ onWarning: () => {} });
const weak = createSandbox({ tier: "process", onWarning: () => {} });
let base: string;
let root: string;

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), "mend-start-"));
  root = join(base, "shop");
  await mkdir(join(root, "shop"), { recursive: true });
  await mkdir(join(root, "data"));
  await writeFile(join(root, "shop", "__init__.py"), "");
  await writeFile(join(root, "shop", "rates.py"), "RATE = 2\n");
  await writeFile(join(root, "data", "cases.json"), "[1, 3]");
  await writeFile(join(base, "secret.txt"), "do not read");
});

afterAll(async () => {
  await sandbox.close();
  await weak.close();
  await rm(base, { recursive: true, force: true });
});

/** Answers each request line with what it sees, until stdin closes. */
const SERVER = [
  "import json, os, socket, sys",
  "from shop.rates import RATE",
  "for line in sys.stdin:",
  "    out = {'request': line.strip(), 'cwd': os.getcwd(), 'rate': RATE, 'cases': json.load(open('data/cases.json'))}",
  "    out['secret'] = os.path.exists(os.path.join(os.path.dirname(os.getcwd()), 'secret.txt'))",
  "    out['env'] = sorted(k for k in os.environ if k.startswith('MEND_TEST'))",
  "    try:",
  "        open('shop/rates.py', 'w').write('RATE = 0')",
  "        out['projectWritable'] = True",
  "    except OSError:",
  "        out['projectWritable'] = False",
  "    with open('scratch.txt', 'a') as f:",
  "        f.write('x')",
  "    out['scratch'] = open('scratch.txt').read()",
  "    try:",
  "        socket.create_connection(('1.1.1.1', 53), timeout=1).close()",
  "        out['network'] = True",
  "    except OSError:",
  "        out['network'] = False",
  "    print(json.dumps(out), flush=True)",
].join("\n");

async function ask(process: SandboxProcess, lines: AsyncIterator<string>, request: string): Promise<Record<string, unknown>> {
  process.stdin.write(`${request}\n`);
  const next = await lines.next();
  if (next.done) throw new Error(`no answer; stderr: ${process.stderr()}`);
  return JSON.parse(next.value) as Record<string, unknown>;
}

describe("Sandbox.start", () => {
  it("serves many requests over its pipes inside the project, read-only, with a scratch folder, no network and no host secrets", async () => {
    process.env.MEND_TEST_SECRET = "host";
    const server = await sandbox.start!({
      command: ["python3", "-u", "server.py"],
      files: { "server.py": SERVER },
      env: { PYTHONPATH: "." },
      timeoutMs: 60_000,
      projectRoot: root,
    });
    try {
      const lines = createInterface({ input: server.stdout })[Symbol.asyncIterator]();
      const first = await ask(server, lines, "one");
      const second = await ask(server, lines, "two");
      expect(first).toMatchObject({ request: "one", cwd: root, rate: 2, cases: [1, 3], secret: false, env: [], projectWritable: false, network: false, scratch: "x" });
      // The same process answered both: its scratch file kept the first request's write.
      expect(second).toMatchObject({ request: "two", scratch: "xx" });
    } finally {
      delete process.env.MEND_TEST_SECRET;
      await server.close();
    }
    expect(await server.exited).toMatchObject({ timedOut: false });
    expect(await readFile(join(root, "shop", "rates.py"), "utf8")).toBe("RATE = 2\n");
  });

  it("kills on close whatever the program started, a process that left its session included", async () => {
    const tag = `${process.pid}-${Date.now()}`;
    const marker = `mend-start-leftover-${tag}`;
    // The marker is joined inside the program, so that only the leftover's command line holds it.
    const server = await sandbox.start!({
      command: ["python3", "-u", "-c", `import subprocess, sys, time\nsubprocess.Popen([sys.executable, "-c", "import time; time.sleep(3600)", "mend-start-" + "leftover-${tag}"], start_new_session=True)\nprint("ready", flush=True)\ntime.sleep(3600)`],
      files: {},
      timeoutMs: 60_000,
    });
    const lines = createInterface({ input: server.stdout })[Symbol.asyncIterator]();
    expect((await lines.next()).value).toBe("ready");
    expect(await processesWith(marker)).toHaveLength(1);
    await server.close();
    await server.exited;
    expect(await processesWith(marker)).toEqual([]);
  });

  it("kills the program at the end of its lifetime", async () => {
    const server = await sandbox.start!({ command: ["python3", "-c", "import time\ntime.sleep(3600)"], files: {}, timeoutMs: 1_000 });
    try {
      expect(await server.exited).toMatchObject({ timedOut: true, exitCode: null });
    } finally {
      await server.close();
    }
  });

  it("starts a program on the process tier too, its group killed on close", async () => {
    const server = await weak.start!({ command: ["python3", "-u", "-c", "import sys\nfor line in sys.stdin:\n    print(line.strip().upper(), flush=True)"], files: {}, timeoutMs: 60_000 });
    const lines = createInterface({ input: server.stdout })[Symbol.asyncIterator]();
    server.stdin.write("warm\n");
    expect((await lines.next()).value).toBe("WARM");
    await server.close();
    expect(await server.exited).toMatchObject({ timedOut: false });
  });
});

/** Host processes whose command line holds `marker`. */
async function processesWith(marker: string): Promise<number[]> {
  const found: number[] = [];
  for (const entry of await readdir("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const cmdline = await readFile(`/proc/${entry}/cmdline`, "utf8").catch(() => "");
    if (cmdline.includes(marker) && Number(entry) !== process.pid) found.push(Number(entry));
  }
  return found;
}
