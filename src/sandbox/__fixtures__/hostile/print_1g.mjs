import { writeFileSync, writeSync } from "node:fs";
import { pathToFileURL } from "node:url";

const MARKER = "__MARKER__";

/** Names this thread after the test's marker, so that a leftover can be found. */
function mark() {
  writeFileSync("/proc/thread-self/comm", MARKER);
}

export async function main() {
  mark();
  const chunk = "x".repeat(1 << 20);
  for (let i = 0; i < 1024; i++) writeSync(1, chunk);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
