import { writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const MARKER = "__MARKER__";

/** Names this thread after the test's marker, so that a leftover can be found. */
function mark() {
  writeFileSync("/proc/thread-self/comm", MARKER);
}

export async function main() {
  mark();
  const keep = [];
  for (let i = 0; i < 8; i++) keep.push(Buffer.alloc(2 ** 30, 1));
  console.log(keep.length);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
