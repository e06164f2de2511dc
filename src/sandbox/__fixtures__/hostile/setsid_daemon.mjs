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
  const script = "sleep 3; echo alive > __HOST_PATH__; echo alive > daemon-was-here.txt";
  spawn("/bin/sh", ["-c", script, MARKER], { detached: true, stdio: "ignore" }).unref();
  console.log("parent done");
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
