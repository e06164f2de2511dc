import type { CheckResult } from "../shared/check-result.js";
import type { SourceFile, Task } from "../shared/task.js";
import type { OfflineRepairRequest } from "./collaborators.js";

/** What the offline engine and fault localization are asked about: the task's program as it failed, with the run's tests. */
export function repairRequest(task: Task, code: string, check: CheckResult, tests: SourceFile[] = task.tests): OfflineRepairRequest {
  return {
    language: task.language,
    entry: task.entry,
    code,
    tests,
    check,
    ...(task.support ? { support: task.support } : {}),
    ...(task.allowNetwork !== undefined ? { allowNetwork: task.allowNetwork } : {}),
    ...(task.typeCheck !== undefined ? { typeCheck: task.typeCheck } : {}),
    ...(task.project ? { project: task.project } : {}),
  };
}
