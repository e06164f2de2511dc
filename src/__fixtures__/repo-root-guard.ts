import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/**
 * Vitest's global setup: fails the test run when a test left a new file or folder in the
 * repository's root. Tests run with the repository as their working folder, so a relative
 * default path (a run folder, a checkpoint database) used by a test or the code it runs lands
 * there, and a later `git add` or a later test picks it up.
 */
export default function setup(): () => void {
  const before = new Set(readdirSync(ROOT));
  return () => {
    const added = readdirSync(ROOT).filter((name) => !before.has(name));
    if (added.length === 0) return;
    // Vitest only logs an error thrown here; the exit code is what CI reads.
    process.exitCode = 1;
    console.error(`the tests wrote into the repository root: ${added.join(", ")} (a relative path used with the repository as the working folder; give it a temporary folder)`);
  };
}
