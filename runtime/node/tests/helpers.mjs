// Shared helpers for the tests of the runtime programs: each runs as mendloop runs it, a real
// node process in a work folder holding the program's files.
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const PROGRAMS = fileURLToPath(new URL("..", import.meta.url));

const folders = [];
process.on("exit", () => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

/** A fresh work folder (removed when the test process exits) with runtime programs copied in (program path -> name there) and files written. */
export function workFolder(programs, files) {
  const dir = mkdtempSync(join(tmpdir(), "mend-runtime-"));
  folders.push(dir);
  for (const [program, name] of Object.entries(programs)) copyFileSync(join(PROGRAMS, program), join(dir, name));
  for (const [rel, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    writeFileSync(join(dir, rel), content);
  }
  return dir;
}

/** Runs node in the folder; returns its exit status and output. */
export function runNode(dir, args, { env = {}, input = "" } = {}) {
  // A node started under `node --test` reports to it through NODE_TEST_CONTEXT; these runs stand alone.
  const { NODE_TEST_CONTEXT: _, ...outer } = process.env;
  const done = spawnSync(process.execPath, args, { cwd: dir, env: { ...outer, NO_COLOR: "1", ...env }, input, encoding: "utf8", timeout: 120_000 });
  return { status: done.status, stdout: done.stdout, stderr: done.stderr };
}

export function readNdjson(path) {
  return readFileSync(path, "utf8").split("\n").filter((line) => line.trim()).map((line) => JSON.parse(line));
}
