// Makes the CLI entry executable after tsc, so `npx mend` works from a checkout.
import { chmodSync, existsSync } from "node:fs";
const entry = new URL("../dist/cli/main.js", import.meta.url);
if (existsSync(entry)) chmodSync(entry, 0o755);
