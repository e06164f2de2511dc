import { openSync, writeFileSync, writeSync } from "node:fs";
import { pathToFileURL } from "node:url";

const MARKER = "__MARKER__";

/** Names this thread after the test's marker, so that a leftover can be found. */
function mark() {
  writeFileSync("/proc/thread-self/comm", MARKER);
}

export async function main() {
  mark();
  const fd = openSync("big.bin", "w");
  const chunk = Buffer.alloc(1 << 20);
  for (let i = 0; i < 4096; i++) writeSync(fd, chunk);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
