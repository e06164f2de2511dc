import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const MARKER = "__MARKER__";

/** Names this thread after the test's marker, so that a leftover can be found. */
function mark() {
  writeFileSync("/proc/thread-self/comm", MARKER);
}

export async function main() {
  mark();
  const bomb = spawn("/bin/sh", ["-c", "f() { f | f & }; f; wait", MARKER], { stdio: "ignore" });
  bomb.on("error", () => {});
  await new Promise(() => {});
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
