export * from "./errors/index.js";
export type { Language } from "./shared/language.js";
export type { Task, SourceFile, Budget } from "./shared/task.js";
export type { ExecResult, ExecReason } from "./shared/exec-result.js";
export type { ExecSpec, Sandbox } from "./shared/sandbox.js";
export type { CheckResult, Stage, ErrorType, TestFailure, LayerReport } from "./shared/check-result.js";
export type { AttemptRecord, AttemptSource, Strategy } from "./shared/attempt.js";
export type { RunResult, RunReason, RunUsage } from "./shared/run-result.js";
