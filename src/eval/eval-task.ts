import type { Task } from "../shared/task.js";

/** One task of a benchmark suite, ready for the loop. */
export interface EvalTask {
  /** Unique within the suite: the JSONL `task_id`, or the task folder's name. */
  id: string;
  task: Task;
  /** Attempt cap the task's own file asked for (the `--max-attempts` flag wins). */
  maxAttempts?: number;
  budget?: { tokens?: number; usd?: number; seconds?: number };
}

/** A benchmark suite: a HumanEval-style JSONL file, or a folder of task or case folders. */
export interface EvalSuite {
  name: string;
  /** Absolute path of the file or folder. */
  path: string;
  format: "jsonl" | "folder";
  tasks: EvalTask[];
}
