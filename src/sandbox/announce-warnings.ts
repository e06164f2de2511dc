const announced = new Set<string>();

/**
 * Says each missing isolation mechanism once per process, loudly: the program is less
 * contained than it should be, and whoever runs mendloop must know.
 */
export function announceWarnings(warnings: string[], write: (line: string) => void = writeStderr): void {
  for (const warning of warnings) {
    if (announced.has(warning)) continue;
    announced.add(warning);
    write(`mend: WARNING: sandbox degraded: ${warning}`);
  }
}

function writeStderr(line: string): void {
  process.stderr.write(`${line}\n`);
}
