import { writeFileSync } from "node:fs";
import { connect } from "node:net";
import { pathToFileURL } from "node:url";

const MARKER = "__MARKER__";

/** Names this thread after the test's marker, so that a leftover can be found. */
function mark() {
  writeFileSync("/proc/thread-self/comm", MARKER);
}

export async function main() {
  mark();
  await new Promise((resolve) => {
    const socket = connect(__PORT__, "127.0.0.1", () => {
      console.log("connected");
      socket.end();
      resolve();
    });
    socket.on("error", (error) => {
      console.log("refused", error.code);
      process.exitCode = 1;
      resolve();
    });
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
