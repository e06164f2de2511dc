// The held-out corpus's hidden test suites are pinned: their digest is recorded next to them
// (src/repair/__heldout__/hidden-tests.sha256). A hidden suite loosened after the engine was
// measured on it would flatter the engine; with the pin, changing one takes a new digest and a
// note in the corpus's README saying why. bench:repair-heldout and a unit test check it.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** File holding the recorded digest, inside the corpus folder. */
export const PIN_FILE = "hidden-tests.sha256";

/**
 * SHA-256 of every case's hidden test suite, as `[path, content]` pairs sorted by path and
 * written as JSON (unambiguous where file contents could run into each other).
 */
export function hiddenTestsDigest(corpus) {
  const files = [];
  for (const language of readdirSync(corpus, { withFileTypes: true }).filter((entry) => entry.isDirectory())) {
    for (const name of readdirSync(join(corpus, language.name))) {
      const caseFile = join(corpus, language.name, name, "case.json");
      if (!existsSync(caseFile)) continue;
      const { hiddenTests } = JSON.parse(readFileSync(caseFile, "utf8"));
      const path = `${language.name}/${name}/${hiddenTests}`;
      files.push([path, readFileSync(join(corpus, path), "utf8")]);
    }
  }
  files.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash("sha256").update(JSON.stringify(files)).digest("hex");
}

/** Undefined when the hidden suites match the recorded digest, else why they do not. */
export function heldoutPinProblem(corpus) {
  const pinPath = join(corpus, PIN_FILE);
  const actual = hiddenTestsDigest(corpus);
  if (!existsSync(pinPath)) return `${pinPath} is missing; the hidden suites' digest is ${actual}`;
  const recorded = readFileSync(pinPath, "utf8").trim();
  if (recorded === actual) return undefined;
  return (
    `the held-out hidden test suites changed (digest ${actual}, recorded ${recorded}): ` +
    `if the change is meant, write the new digest to ${pinPath} and add a note to the corpus's README saying why`
  );
}
