// The entry that loads every test file into one process, so one reporter sees them all.
// The repair runner names the test files in MEND_TEST_FILES (a JSON array of paths).
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

for (const file of JSON.parse(process.env.MEND_TEST_FILES ?? "[]")) await import(pathToFileURL(resolve(file)).href);
