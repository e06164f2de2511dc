import { readFile } from "node:fs/promises";
import { basename, extname } from "node:path";
import { z } from "zod";
import { UsageError } from "../errors/usage-error.js";
import type { Task } from "../shared/task.js";
import type { EvalSuite, EvalTask } from "./eval-task.js";
import { humanEvalPytest } from "./humaneval-tests.js";

/**
 * One line of a HumanEval-style suite (HumanEval, MBPP variants, HumanEvalPack): `prompt` is
 * the function's signature and docstring, `test` defines `check(candidate)`, and bug-fix
 * suites add a `buggy_solution` (HumanEvalPack's is the body only, written after the prompt).
 * Other fields are allowed and ignored.
 */
const humanEvalLine = z.looseObject({
  task_id: z.union([z.string().min(1), z.number()]).transform(String),
  prompt: z.string(),
  test: z.string().min(1),
  entry_point: z.string().regex(/^[A-Za-z_]\w*$/, "a Python identifier"),
  canonical_solution: z.string().optional(),
  buggy_solution: z.string().optional(),
  language: z.enum(["python", "py", "Python"]).optional(),
});

/** The module the program is written to, and imported from by the generated tests. */
const MODULE = "solution";

/** Loads a HumanEval-style JSONL suite (Python). Any bad line is a UsageError naming it. */
export async function loadJsonlSuite(path: string): Promise<EvalSuite> {
  const text = await readFile(path, "utf8");
  const tasks: EvalTask[] = [];
  const seen = new Set<string>();
  for (const [index, line] of text.split("\n").entries()) {
    if (!line.trim()) continue;
    const where = `${basename(path)}:${index + 1}`;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch (error) {
      throw new UsageError(`${where} is not JSON: ${(error as Error).message}`, { code: "suite_malformed" });
    }
    const parsed = humanEvalLine.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new UsageError(`${where}: ${issue.path.join(".") || "(line)"}: ${issue.message}`, { code: "suite_malformed" });
    }
    const record = parsed.data;
    if (seen.has(record.task_id)) throw new UsageError(`${where}: duplicate task_id "${record.task_id}"`, { code: "suite_malformed" });
    seen.add(record.task_id);
    tasks.push({ id: record.task_id, task: await toTask(record, where) });
  }
  if (tasks.length === 0) throw new UsageError(`suite ${path} holds no tasks`, { code: "suite_empty" });
  return { name: basename(path, extname(path)), path, format: "jsonl", tasks };
}

async function toTask(record: z.infer<typeof humanEvalLine>, where: string): Promise<Task> {
  const entry = `${MODULE}.py`;
  let tests: string;
  try {
    tests = await humanEvalPytest(record.test, record.entry_point, MODULE);
  } catch (error) {
    throw new UsageError(`${where}: cannot read its test: ${(error as Error).message}`, { code: "suite_malformed" });
  }
  const draft = record.buggy_solution === undefined ? undefined : program(record.prompt, record.buggy_solution, record.entry_point);
  const ask =
    draft === undefined
      ? `Complete the Python function \`${record.entry_point}\` below. Write the whole module ${entry}: imports, the function and any helpers it needs.`
      : `The Python function \`${record.entry_point}\` below is meant to do what its docstring says, but it has a bug.`;
  const task: Task = {
    prompt: `${ask}\n\n\`\`\`python\n${record.prompt.replace(/^\s*\n/, "").trimEnd()}\n\`\`\`\n`,
    language: "python",
    entry,
    tests: [{ path: `test_${MODULE}.py`, content: tests }],
  };
  if (draft !== undefined) task.draft = draft;
  return task;
}

/** A whole program from a solution field: as it is when it defines the function, else after the prompt. */
function program(prompt: string, solution: string, entryPoint: string): string {
  if (new RegExp(`^\\s*def\\s+${entryPoint}\\s*\\(`, "m").test(solution)) return solution;
  return `${prompt.endsWith("\n") ? prompt : `${prompt}\n`}${solution}`;
}
