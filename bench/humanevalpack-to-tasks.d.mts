export interface HumanEvalPackRecord {
  task_id: string;
  prompt: string;
  buggy_solution: string;
  canonical_solution: string;
  test: string;
  entry_point: string;
  [field: string]: unknown;
}
export interface HumanEvalFixTask {
  language: "python" | "javascript";
  folder: string;
  files: Record<string, string>;
}
export declare function humanEvalPackTask(record: HumanEvalPackRecord): HumanEvalFixTask;
export declare function readHumanEvalPack(text: string): HumanEvalPackRecord[];
export declare function writeTasks(records: HumanEvalPackRecord[], out: string): Record<string, number>;
