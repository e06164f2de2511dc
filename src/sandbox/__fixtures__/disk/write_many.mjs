import { writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const MARKER = "__MARKER__";

/** Names this thread after the test's marker, so that a leftover can be found. */
function mark() {
  writeFileSync("/proc/thread-self/comm", MARKER);
}

export async function main() {
  mark();
  const chunk = Buffer.alloc(50 << 20);
  for (let i = 0; i < 20; i++) writeFileSync(`part${i}.bin`, chunk);
  console.log("wrote 1000 MiB");
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
