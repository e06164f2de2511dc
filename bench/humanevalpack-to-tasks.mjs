// HumanEvalPack (bigcode/humanevalpack on Hugging Face) -> the task folders that
// `bench:repair-public --humanevalfix DIR` repairs: DIR/python/<NNN_name>/{main.py,test_main.py,reference.py}
// and DIR/javascript/<NNN_name>/{main.js,main.test.js,reference.js}. The buggy program is the
// task's prompt followed by its buggy_solution, the reference the prompt followed by its
// canonical_solution, and the tests are the task's own `test` made into a suite a user's runner
// collects: pytest for Python (the `check` helper called by one test function), node:test for
// JavaScript (`console.assert`, which only logs, becomes node:assert's `assert`, and the helper
// is called by one `test`). Nothing of the tests is changed beyond that, so what the engine sees
// is what the benchmark's harness runs.
//
//   node bench/humanevalpack-to-tasks.mjs --out /work/data/humanevalfix [--limit N] python.jsonl js.jsonl
//
// Each input is a humanevalpack.jsonl (one task a line, fields task_id, prompt, buggy_solution,
// canonical_solution, test, entry_point, ...); the language comes from each task_id
// (`Python/0`, `JavaScript/0`). `--limit N` keeps the first N tasks of each file.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

/** Names of the top-level functions a prompt defines: the entry point and the helpers its test may call. */
function topLevelNames(language, prompt) {
  const pattern = language === "python" ? /^def (\w+)\s*\(/gm : /^(?:const|let|var) (\w+)\s*=|^function (\w+)\s*\(/gm;
  return [...prompt.matchAll(pattern)].map((match) => match[1] ?? match[2]);
}

/** The task's number and folder name: `Python/7` with entry point `f` is `007_f`. */
function folderOf(record) {
  const number = /\/(\d+)$/.exec(record.task_id)?.[1];
  if (number === undefined) throw new Error(`task_id ${JSON.stringify(record.task_id)} does not end in a task number`);
  return `${number.padStart(3, "0")}_${record.entry_point}`;
}

/**
 * Drops the suite's own top-level call of its helper (`check(f)` in Python, `testF()` in
 * JavaScript: the last line that is only a call), so that importing the suite runs nothing and
 * the runner's test calls the helper instead. Returns the rest and the call.
 */
function withoutTrailingCall(test) {
  const lines = test.replace(/\s+$/, "").split("\n");
  const call = lines.at(-1)?.trim() ?? "";
  if (!/^[\w.]+\([\w.]*\);?$/.test(call)) throw new Error(`the test does not end in a call of its helper: ${JSON.stringify(call)}`);
  return { body: lines.slice(0, -1).join("\n").replace(/\s+$/, ""), call: call.replace(/;$/, "") };
}

function pythonTask(record) {
  const names = topLevelNames("python", record.prompt);
  const { body, call } = withoutTrailingCall(record.test);
  const tests = `from main import ${names.join(", ")}\n\n\n${body.replace(/^\n+/, "")}\n\n\ndef test_check():\n    ${call}\n`;
  return {
    "main.py": record.prompt + record.buggy_solution,
    "test_main.py": tests,
    "reference.py": record.prompt + record.canonical_solution,
  };
}

function javascriptTask(record) {
  const names = topLevelNames("javascript", record.prompt);
  const exports = `\nmodule.exports = { ${names.join(", ")} };\n`;
  const { body, call } = withoutTrailingCall(record.test);
  const asserts = body.replace(/\bconsole\.assert\(/g, "assert(");
  const tests =
    `const { test } = require("node:test");\nconst assert = require("node:assert");\nconst { ${names.join(", ")} } = require("./main.js");\n\n` +
    `${asserts}\n\ntest(${JSON.stringify(record.entry_point)}, () => {\n  ${call};\n});\n`;
  return {
    "main.js": `${record.prompt}${record.buggy_solution.replace(/\s+$/, "\n")}${exports}`,
    "main.test.js": tests,
    "reference.js": `${record.prompt}${record.canonical_solution.replace(/\s+$/, "\n")}${exports}`,
  };
}

/**
 * One HumanEvalPack task as a task folder: its language folder (`python`, `javascript`), its
 * folder name and the files to write there. Throws for a language the bench does not repair.
 */
export function humanEvalPackTask(record) {
  const prefix = record.task_id.split("/")[0];
  if (prefix === "Python") return { language: "python", folder: folderOf(record), files: pythonTask(record) };
  if (prefix === "JavaScript") return { language: "javascript", folder: folderOf(record), files: javascriptTask(record) };
  throw new Error(`${record.task_id}: only Python and JavaScript tasks are converted`);
}

/** The tasks of a humanevalpack.jsonl text, in file order. */
export function readHumanEvalPack(text) {
  return text
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line));
}

/** Writes each task's folder under `out`; returns how many were written per language. */
export function writeTasks(records, out) {
  const written = {};
  for (const record of records) {
    const { language, folder, files } = humanEvalPackTask(record);
    const dir = join(out, language, folder);
    mkdirSync(dir, { recursive: true });
    for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
    written[language] = (written[language] ?? 0) + 1;
  }
  return written;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values, positionals } = parseArgs({ options: { out: { type: "string" }, limit: { type: "string" } }, allowPositionals: true });
  if (!values.out || positionals.length === 0) {
    console.error("usage: node bench/humanevalpack-to-tasks.mjs --out DIR [--limit N] humanevalpack.jsonl...");
    process.exit(2);
  }
  const limit = values.limit === undefined ? Infinity : Number(values.limit);
  if (!(limit > 0)) {
    console.error(`--limit takes a positive number, not ${values.limit}`);
    process.exit(2);
  }
  for (const file of positionals) {
    const written = writeTasks(readHumanEvalPack(readFileSync(file, "utf8")).slice(0, limit), resolve(values.out));
    console.log(`${file}: ${Object.entries(written).map(([language, count]) => `${count} ${language} tasks`).join(", ")} -> ${resolve(values.out)}`);
  }
}
