import { SandboxError } from "../errors/sandbox-error.js";
import type { ExecResult } from "../shared/exec-result.js";
import type { ExecSpec, ProcessSpec, Sandbox, SandboxProcess } from "../shared/sandbox.js";
import { announceWarnings } from "./announce-warnings.js";
import { detectCapabilities, isFromCache } from "./detect-capabilities.js";
import type { SandboxCapabilities } from "./isolation-command.js";
import { ProcessSandbox } from "./process-sandbox.js";
import type { CgroupParents } from "./run-cgroup.js";
import { StrongSandbox } from "./strong-sandbox.js";

export interface CreateSandboxOptions {
  /** `strong` (default) uses every mechanism the machine has; `process` forces the weakest tier. */
  tier?: "strong" | "process";
  /** Create each run's cgroups under these folders instead of the caller's own. */
  cgroupParents?: CgroupParents;
  /** Where the once-per-process notice about missing mechanisms goes (default: stderr). */
  onWarning?: (line: string) => void;
}

/** A sandbox that can say which mechanisms it uses. */
export interface DescribedSandbox extends Sandbox {
  capabilities(): Promise<SandboxCapabilities>;
}

/**
 * The strongest sandbox available on this machine. Which mechanisms exist is found on the
 * first run; when some are missing, that is said once per process on stderr (loudly: the
 * program is less contained than it should be) and in every result's `warnings`.
 */
export function createSandbox(options: CreateSandboxOptions = {}): DescribedSandbox {
  if (options.tier === "process") return withCapabilities(new ProcessSandbox(), Promise.resolve(processOnly()));
  let caps = detectCapabilities({ cgroupParents: options.cgroupParents });
  let inner: Promise<Sandbox> | undefined;
  let reprobed = false;
  const sandbox = () =>
    (inner ??= caps.then((found) => {
      announceWarnings(found.warnings, options.onWarning);
      return found.bwrap || found.cgroups ? new StrongSandbox(found) : new ProcessSandbox();
    }));
  return {
    async run(spec: ExecSpec): Promise<ExecResult> {
      const result = await (await sandbox()).run(spec);
      if (reprobed || !isolationRefused(result) || !isFromCache(await caps)) return result;
      // An earlier process's probes no longer hold here (a changed host setting the cache key
      // does not cover): probe again, once, and run again under what works now.
      reprobed = true;
      const stale = inner;
      inner = undefined;
      caps = detectCapabilities({ cgroupParents: options.cgroupParents, fresh: true });
      await (await stale)?.close();
      return (await sandbox()).run(spec);
    },
    async start(spec: ProcessSpec): Promise<SandboxProcess> {
      const inner = await sandbox();
      if (!inner.start) throw new SandboxError("this sandbox cannot start long-lived programs");
      return inner.start(spec);
    },
    async close(): Promise<void> {
      if (inner) await (await inner).close();
    },
    capabilities: () => caps,
  };
}

/** bubblewrap could not set the sandbox up: it says so on stderr and exits 1 before the program starts. */
function isolationRefused(result: ExecResult): boolean {
  return result.exitCode === 1 && result.stderr.startsWith("bwrap: ");
}

function processOnly(): SandboxCapabilities {
  return { root: process.getuid?.() === 0, warnings: ["process tier chosen: no namespace isolation, cgroups or rlimits"] };
}

function withCapabilities(sandbox: ProcessSandbox, caps: Promise<SandboxCapabilities>): DescribedSandbox {
  return { run: (spec) => sandbox.run(spec), start: (spec) => sandbox.start(spec), close: () => sandbox.close(), capabilities: () => caps };
}
