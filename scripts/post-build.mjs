// After tsc: makes the CLI entry executable, so `npx mend` works from a checkout, and checks
// that every runtime program the build reads (`runtimeSource("...")`) exists under runtime/,
// so a renamed or missing program fails the build instead of a sandbox run.
import { chmodSync, existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const entry = join(root, "dist/cli/main.js");
if (existsSync(entry)) chmodSync(entry, 0o755);

const missing = [];
for (const file of readdirSync(join(root, "dist"), { recursive: true, encoding: "utf8" })) {
  if (!file.endsWith(".js")) continue;
  for (const [, path] of readFileSync(join(root, "dist", file), "utf8").matchAll(/runtimeSource\("([^"]+)"\)/g)) {
    if (!existsSync(join(root, "runtime", path))) missing.push(`${file}: runtime/${path}`);
  }
}
if (missing.length > 0) {
  console.error(`post-build: runtime programs missing:\n  ${missing.join("\n  ")}`);
  process.exit(1);
}
