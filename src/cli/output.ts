/**
 * Where the CLI writes. With `--json` stdout carries exactly one JSON object and
 * everything for humans goes to stderr; without it, results are printed for humans.
 */
export interface Output {
  readonly json: boolean;
  /** Progress and diagnostics for humans: always stderr. */
  info(line: string): void;
  /** The command's result: one JSON object with --json, else the human rendering. */
  result(value: unknown, human: () => string): void;
}

export function createOutput(json: boolean): Output {
  return {
    json,
    info(line) {
      process.stderr.write(`${line}\n`);
    },
    result(value, human) {
      if (json) process.stdout.write(`${JSON.stringify(value)}\n`);
      else {
        // Code already ends in its own line break: a second one would add a blank line to `mend run > file`.
        const text = human();
        process.stdout.write(text.endsWith("\n") ? text : `${text}\n`);
      }
    },
  };
}
