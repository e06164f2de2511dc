import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

/**
 * A version manager's shim as pyenv, asdf and mise write them: a script on PATH that picks
 * the real interpreter and execs it. This one also logs each call, so that a test can tell
 * whether the interpreter was asked again or the answer came from the cache.
 */
function writeShim(dir: string, name: string, target: string, log: string, note = ""): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, name), `#!/bin/sh\n# shim${note}\necho "$0" >> '${log}'\nexec '${target}' "$@"\n`);
  chmodSync(join(dir, name), 0o755);
}

const realPython = execFileSync("python3", ["-c", "import sys; print(sys.executable)"]).toString().trim();
const realPythonVersion = execFileSync(realPython, ["-c", "import platform; print(platform.python_version())"]).toString().trim();

let home: string;
let shims: string;
let project: string;
let log: string;
let env: NodeJS.ProcessEnv;

/** resolveProgram as a new `mend` process sees it: nothing remembered in memory, only the cache folder. */
async function freshResolve(name: string, options: { env?: NodeJS.ProcessEnv; cwd?: string } = {}) {
  vi.resetModules();
  const { resolveProgram } = await import("./resolve-program.js");
  return resolveProgram(name, { env, cwd: project, ...options });
}
const shimCalls = () => (existsSync(log) ? readFileSync(log, "utf8").split("\n").filter(Boolean).length : 0);

beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), "mend-resolve-"));
  shims = join(home, ".pyenv", "shims");
  project = join(home, "project");
  mkdirSync(project);
  log = join(home, "calls.log");
  writeShim(shims, "python3", realPython, log);
  env = { PATH: `${shims}:/usr/bin:/bin`, HOME: home, XDG_CACHE_HOME: join(home, "cache") };
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

describe("resolveProgram through a shim", () => {
  it("asks the interpreter behind the shim once, then answers from the user's cache folder", async () => {
    const first = await freshResolve("python3");
    expect(first).toMatchObject({ path: realPython, kind: "python", version: realPythonVersion });
    expect(shimCalls()).toBe(1);
    expect(readdirSync(join(home, "cache", "mendloop")).some((name) => name.startsWith("program-"))).toBe(true);

    const second = await freshResolve("python3");
    expect(second).toEqual(first);
    expect(shimCalls()).toBe(1);
  });

  it("asks again when the shim is rewritten (pyenv rehash, another manager)", async () => {
    await freshResolve("python3");
    writeShim(shims, "python3", realPython, log, " rehashed");
    expect((await freshResolve("python3")).path).toBe(realPython);
    expect(shimCalls()).toBe(2);
  });

  it("asks again when a version file appears in the project or a folder above it", async () => {
    const nested = join(project, "src");
    mkdirSync(nested);
    await freshResolve("python3", { cwd: nested });
    writeFileSync(join(project, ".python-version"), `${realPythonVersion}\n`);
    await freshResolve("python3", { cwd: nested });
    expect(shimCalls()).toBe(2);
  });

  it("shares the answer between folders with the same version files in force", async () => {
    const other = join(home, "elsewhere", "deep");
    mkdirSync(other, { recursive: true });
    await freshResolve("python3");
    await freshResolve("python3", { cwd: other });
    expect(shimCalls()).toBe(1);
    // A project that pins its own version asks for itself, and keeps its answer too.
    writeFileSync(join(other, ".python-version"), `${realPythonVersion}\n`);
    await freshResolve("python3", { cwd: other });
    await freshResolve("python3", { cwd: other });
    expect(shimCalls()).toBe(2);
    // The pin changed: asked again.
    writeFileSync(join(other, ".python-version"), "system\n");
    await freshResolve("python3", { cwd: other });
    expect(shimCalls()).toBe(3);
  });

  it("asks again under another PATH or another version-manager setting", async () => {
    await freshResolve("python3");
    await freshResolve("python3", { env: { ...env, PYENV_VERSION: realPythonVersion } });
    await freshResolve("python3", { env: { ...env, PATH: `${shims}:/usr/local/bin:/usr/bin:/bin` } });
    expect(shimCalls()).toBe(3);
  });

  it("runs the program that now comes first on PATH, not the cached one", async () => {
    const venv = join(home, "venv", "bin");
    mkdirSync(venv, { recursive: true });
    const withVenv = { ...env, PATH: `${venv}:${shims}:/usr/bin:/bin` };
    await freshResolve("python3", { env: withVenv });
    expect(shimCalls()).toBe(1);
    // Same PATH, but its first folder now has a python3 of its own: that one must be asked.
    const venvLog = join(home, "venv.log");
    writeShim(venv, "python3", realPython, venvLog);
    expect((await freshResolve("python3", { env: withVenv })).path).toBe(realPython);
    expect(readFileSync(venvLog, "utf8").split("\n").filter(Boolean)).toHaveLength(1);
    expect(shimCalls()).toBe(1);
  });

  it("ignores a cache entry it cannot read and a cache folder it cannot write", async () => {
    await freshResolve("python3");
    const dir = join(home, "cache", "mendloop");
    for (const name of readdirSync(dir)) writeFileSync(join(dir, name), '{"key": [1, ');
    expect((await freshResolve("python3")).path).toBe(realPython);
    expect(shimCalls()).toBe(2);

    writeFileSync(join(home, "not-a-folder"), "");
    const unwritable = { ...env, XDG_CACHE_HOME: join(home, "not-a-folder") };
    expect((await freshResolve("python3", { env: unwritable })).path).toBe(realPython);
    expect((await freshResolve("python3", { env: unwritable })).path).toBe(realPython);
    expect(shimCalls()).toBe(4);
  });

  it("finds the real node behind a node shim, with its version", async () => {
    writeShim(shims, "node", process.execPath, log);
    const resolved = await freshResolve("node");
    expect(resolved).toMatchObject({ path: process.execPath, kind: "node", version: process.version });
    await freshResolve("node");
    expect(shimCalls()).toBe(1);
  });
});
