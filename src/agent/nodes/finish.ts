import { join } from "node:path";
import type { Task } from "../../shared/task.js";
import { isVerified, testsRun } from "../../validation/tests-run.js";
import type { AgentDeps } from "../agent-deps.js";
import type { ProgramFiles } from "../program-files.js";
import type { AgentStateValue, AgentUpdate } from "../state.js";
import { writeFilesAtomically, type FileWrite } from "../write-files-atomically.js";

/**
 * Ends a verified run; writes the code to its target (`repair --write`) only here, after approval.
 * After a `--review-fix` round, its code is kept only if it is still verified; else the
 * reviewed code, which was, is returned and the round is recorded as failed.
 */
export function finishNode(deps: AgentDeps) {
  return (state: AgentStateValue): AgentUpdate => {
    const fix = state.reviewFix;
    const fixFailed = fix?.status === "pending" && !(state.check && isVerified(state.check));
    const code = fixFailed ? fix.code : (state.code ?? "");
    const files = state.files ? { ...state.files, [deps.task.entry]: code } : null;
    const ran = fixFailed ? fix.testsRun : state.check ? testsRun(state.check) : 0;
    const target = deps.limits.writeTo;
    if (target) writeFilesAtomically(changedFiles(deps.task, target, code, files));
    return {
      status: "passed",
      reason: "passed",
      message: null,
      outcome: { code, ...(files ? { files } : {}), verified: true, n: fixFailed ? Math.max(1, state.attempts - 1) : state.attempts, testsRun: ran },
      ...(fix?.status === "pending"
        ? {
            reviewFix: fixFailed
              ? { ...fix, status: "failed" as const, summary: `${fix.summary}: the fixed code failed validation (${state.check?.summary ?? "no result"}); kept the reviewed code` }
              : { ...fix, status: "applied" as const, summary: `${fix.summary}: applied, and every test still passes` },
          }
        : {}),
    };
  };
}

/**
 * What `--write` writes: the entry at its target, and in a multi-file program every other file
 * the run changed, at its place under the project root. Unchanged files are left alone.
 */
function changedFiles(task: Task, target: string, code: string, files: ProgramFiles | null): FileWrite[] {
  const writes: FileWrite[] = [{ path: target, content: code }];
  if (!files || !task.project) return writes;
  const original = new Map((task.editable ?? []).map((file) => [file.path, file.content]));
  for (const [path, content] of Object.entries(files)) {
    if (path !== task.entry && original.has(path) && original.get(path) !== content) writes.push({ path: join(task.project.root, path), content });
  }
  return code === task.draft ? writes.slice(1) : writes;
}
