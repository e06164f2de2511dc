import type { SourceLocation } from "../shared/check-result.js";

/** A tool's `{file, line, column?}` record as a SourceLocation (a null column is dropped). */
export function toLocation(record: { file: string; line: number; column?: number | null }): SourceLocation {
  return record.column ? { file: record.file, line: record.line, column: record.column } : { file: record.file, line: record.line };
}
