import type { ExecResult } from "../shared/exec-result.js";
import type { ExecSpec, Sandbox } from "../shared/sandbox.js";
import { announceWarnings } from "./announce-warnings.js";
import { detectCapabilities } from "./detect-capabilities.js";
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
  const caps = detectCapabilities({ cgroupParents: options.cgroupParents });
  let inner: Promise<Sandbox> | undefined;
  const sandbox = () =>
    (inner ??= caps.then((found) => {
      announceWarnings(found.warnings, options.onWarning);
      return found.bwrap || found.cgroups ? new StrongSandbox(found) : new ProcessSandbox();
    }));
  return {
    async run(spec: ExecSpec): Promise<ExecResult> {
      return (await sandbox()).run(spec);
    },
    async close(): Promise<void> {
      if (inner) await (await inner).close();
    },
    capabilities: () => caps,
  };
}

function processOnly(): SandboxCapabilities {
  return { root: process.getuid?.() === 0, warnings: ["process tier chosen: no namespace isolation, cgroups or rlimits"] };
}

function withCapabilities(sandbox: Sandbox, caps: Promise<SandboxCapabilities>): DescribedSandbox {
  return { run: (spec) => sandbox.run(spec), close: () => sandbox.close(), capabilities: () => caps };
}
