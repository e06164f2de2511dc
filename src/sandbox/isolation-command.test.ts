import { describe, expect, it } from "vitest";
import { buildIsolationCommand, type IsolationInput, type SandboxCapabilities } from "./isolation-command.js";

const input: IsolationInput = {
  argv: ["/usr/bin/node", "main.js"],
  kind: "node",
  roots: [],
  binDirs: ["/usr/bin"],
  hostWorkDir: "/tmp/run/work",
  hostTmpDir: "/tmp/run/tmp",
  hostEtcDir: "/tmp/run/etc",
  readOnly: [],
  env: { EXTRA: "1" },
  allowNetwork: false,
  limits: { memoryMb: 400, pids: 64, cpuSeconds: 5, fileSizeBytes: 1024, openFiles: 32 },
  cgroupProcs: ["/cg/memory/run/cgroup.procs", "/cg/pids/run/cgroup.procs"],
};
const full: SandboxCapabilities = {
  bwrap: "/usr/bin/bwrap",
  setpriv: "/usr/bin/setpriv",
  prlimit: "/usr/bin/prlimit",
  cgroups: { memory: "/cg/memory", pids: "/cg/pids" },
  root: true,
  warnings: [],
};

/** The argv of each program in the chain, split where one program hands over to the next. */
function stages(argv: string[]): string[] {
  return argv.filter((arg) => arg.startsWith("/") && /\/(bash|sh|prlimit|bwrap|setpriv|node|python3)$/.test(arg));
}

describe("buildIsolationCommand", () => {
  it("as root: joins the cgroups, sets rlimits, builds namespaces as root, drops root, then a user namespace without user namespaces", () => {
    const command = buildIsolationCommand(full, input);
    expect(stages(command.argv)).toEqual(["/bin/bash", "/usr/bin/prlimit", "/usr/bin/bwrap", "/usr/bin/setpriv", "/usr/bin/bwrap", "/usr/bin/node"]);
    expect(command.argv).toEqual(expect.arrayContaining(["/cg/memory/run/cgroup.procs", "/cg/pids/run/cgroup.procs"]));
    expect(command.argv).toEqual(expect.arrayContaining(["--cpu=5:6", "--fsize=1024", "--nofile=32", "--core=0", "--unshare-net", "--unshare-pid", "--disable-userns", "--die-with-parent", "--reuid=65534", "--clearenv"]));
    expect(command.argv).not.toContain("--as=419430400");
    expect(command.viaBwrap).toBe(true);
    expect(command.env).toEqual({});
  });

  it("builds the environment from nothing, with Node's heap below the memory limit", () => {
    const argv = buildIsolationCommand(full, input).argv;
    const env = new Map<string, string>();
    argv.forEach((arg, i) => {
      if (arg === "--setenv") env.set(argv[i + 1], argv[i + 2]);
    });
    expect([...env.keys()].sort()).toEqual(["EXTRA", "HOME", "LANG", "NODE_OPTIONS", "PATH", "TMPDIR"]);
    expect(env.get("NODE_OPTIONS")).toBe("--max-old-space-size=300");
  });

  it("keeps the network only when asked", () => {
    expect(buildIsolationCommand(full, { ...input, allowNetwork: true }).argv).not.toContain("--unshare-net");
  });

  it("without cgroups falls back to RLIMIT_NPROC, and RLIMIT_AS for Python only", () => {
    const caps = { ...full, cgroups: undefined };
    const node = buildIsolationCommand(caps, input).argv;
    expect(node.some((arg) => arg.startsWith("--nproc="))).toBe(true);
    expect(node.some((arg) => arg.startsWith("--as="))).toBe(false);
    const python = buildIsolationCommand(caps, { ...input, kind: "python", argv: ["/usr/bin/python3", "main.py"] }).argv;
    expect(python).toContain(`--as=${400 * 1024 * 1024}`);
  });

  it("without bubblewrap runs the program in the host work folder, as the sandbox user when it can reach the interpreter", () => {
    const caps = { ...full, bwrap: undefined };
    const reachable = buildIsolationCommand(caps, input);
    expect(stages(reachable.argv)).toEqual(["/bin/bash", "/usr/bin/prlimit", "/usr/bin/setpriv", "/usr/bin/node"]);
    expect(reachable).toMatchObject({ cwd: "/tmp/run/work", viaBwrap: false, warnings: [], env: {} });
    expect(reachable.argv).toEqual(expect.arrayContaining(["-i", "HOME=/tmp/run/work", "TMPDIR=/tmp/run/tmp", "EXTRA=1"]));
    const hidden = buildIsolationCommand(caps, { ...input, argv: ["/root/.private/bin/python3", "main.py"] });
    expect(hidden.argv).not.toContain("/usr/bin/setpriv");
    expect(hidden.warnings).toEqual([expect.stringContaining("ran as root")]);
  });

  it("passes the seccomp filter's descriptor to the innermost bubblewrap only, and keeps it open until then", () => {
    const caps = { ...full, seccomp: true };
    for (const layout of [caps, { ...caps, root: false, cgroups: undefined }]) {
      const { argv } = buildIsolationCommand(layout, { ...input, keepFds: 3, seccompFd: 4 });
      const bwraps = argv.flatMap((arg, i) => (arg === "/usr/bin/bwrap" ? [i] : []));
      const seccomp = argv.indexOf("--seccomp");
      expect(argv.filter((arg) => arg === "--seccomp")).toHaveLength(1);
      expect(argv[seccomp + 1]).toBe("4");
      expect(seccomp).toBeGreaterThan(bwraps[bwraps.length - 1]);
      expect(seccomp).toBeLessThan(argv.indexOf("/usr/bin/node"));
      // The first process closes every inherited descriptor above the number it is given.
      expect(argv[argv.indexOf("mend-prepare") + 1]).toBe("4");
    }
  });

  it("loads no filter when the machine cannot, or bubblewrap is missing", () => {
    for (const caps of [full, { ...full, seccomp: true, bwrap: undefined }]) {
      const { argv } = buildIsolationCommand(caps, { ...input, seccompFd: 3 });
      expect(argv).not.toContain("--seccomp");
      expect(argv[argv.indexOf("mend-prepare") + 1]).toBe("2");
    }
  });

  it("makes /dev/shm writable for the sandbox user, as POSIX semaphores need", () => {
    const { argv } = buildIsolationCommand(full, input);
    const shm = argv.indexOf("/dev/shm");
    expect(argv.slice(shm - 3, shm + 1)).toEqual(["--perms", "1777", "--tmpfs", "/dev/shm"]);
  });

  it("without root uses one unprivileged bubblewrap with a user namespace", () => {
    const caps = { ...full, root: false, cgroups: undefined };
    const command = buildIsolationCommand(caps, input);
    expect(stages(command.argv)).toEqual(["/bin/bash", "/usr/bin/prlimit", "/usr/bin/bwrap", "/usr/bin/node"]);
    expect(command.argv).toEqual(expect.arrayContaining(["--unshare-user", "--disable-userns", "--uid", "65534"]));
  });
});
