import { writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const MARKER = "__MARKER__";

/** Names this thread after the test's marker, so that a leftover can be found. */
function mark() {
  writeFileSync("/proc/thread-self/comm", MARKER);
}

export async function main() {
  mark();
  for (const path of ["__HOST_PATH__", "/usr/mend-hostile", "/etc/mend-hostile", "/mend-hostile", "../mend-hostile"]) {
    try {
      writeFileSync(path, "escaped");
      console.log("wrote", path);
    } catch (error) {
      console.log("refused", path, error.code);
    }
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
