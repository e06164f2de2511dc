import { writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const MARKER = "__MARKER__";

/** Names this thread after the test's marker, so that a leftover can be found. */
function mark() {
  writeFileSync("/proc/thread-self/comm", MARKER);
}

export async function main() {
  mark();
  process.stdout.write(Buffer.from([...Array(256).keys(), 0xff, 0xfe, 0xc3, 0x28]));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
