/**
 * A tool's absolute path inside the sandbox's work folder (which the caller never sees)
 * turned back into the task-relative path it was given: the longest given path it ends with.
 */
export function toTaskPath(reported: string, paths: readonly string[]): string {
  const normalized = reported.replace(/\\/g, "/");
  const match = [...paths]
    .sort((a, b) => b.length - a.length)
    .find((path) => normalized === path || normalized.endsWith(`/${path}`));
  return match ?? normalized;
}
