import { closeSync, existsSync, ftruncateSync, openSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync, writeSync } from "node:fs";
import { join, resolve } from "node:path";
import { UsageError } from "../errors/usage-error.js";
import type { RunResult } from "../shared/run-result.js";
import type { AttemptFile, ModelExchange } from "./attempt-file.js";
import { makeDirectory } from "./make-directory.js";
import type { RunEvent } from "./run-event.js";
import { type RunMeta, runMetaSchema } from "./run-meta.js";
import type { RunMirror } from "./run-mirror.js";

const META = "meta.json";
const RESULT = "run.json";
const EVENTS = "events.jsonl";
const ATTEMPTS = "attempts";
const EXCHANGES = "exchanges.jsonl";
const CHECKPOINTS = "checkpoints.sqlite";

/**
 * One run's folder under the runs dir: `meta.json` (task and options, for resume),
 * `attempts/NNN.json` (one per attempt), `exchanges.jsonl` (the model exchange of the attempt
 * being validated, until its attempt file takes it), `events.jsonl`, `run.json` (the SPEC summary) and
 * `checkpoints.sqlite`. Writes are synchronous and atomic (write then rename) so that what
 * a crash interrupts is never half a file. With a mirror, every write is also handed to it.
 *
 * Nothing is buffered in the process: every event and attempt is in the kernel when its call
 * returns, so a killed process loses nothing it wrote (as with the checkpoints, a power cut
 * may lose the last writes: nothing here calls fsync, which would cost milliseconds a step).
 * The event log and the exchange journal stay open between writes (creating, closing and
 * removing a file for each was a good part of the loop's own cost); `close()` releases them,
 * and a write after that opens them again.
 */
export class RunFolder {
  private eventLog: number | undefined;
  private exchangeLog: number | undefined;
  /** The exchange this folder last kept, so validation needs no read back. */
  private lastExchange: { n: number; text: string } | undefined;
  /** An exchange read from an earlier version's own file, which dropping it removes. */
  private legacyExchange: number | undefined;
  /** The attempt this folder last wrote, so the diagnose step's update needs no read back. */
  private lastAttempt: { n: number; text: string } | undefined;

  private constructor(
    readonly runId: string,
    readonly dir: string,
    private readonly mirror?: RunMirror,
  ) {}

  static create(runsDir: string, meta: RunMeta, mirror?: RunMirror): RunFolder {
    RunFolder.prepareRunsDir(runsDir);
    const dir = resolve(runsDir, meta.runId);
    makeDirectory(join(dir, ATTEMPTS));
    const folder = new RunFolder(meta.runId, dir, mirror);
    folder.writeMeta(meta);
    return folder;
  }

  /** Makes the folder runs go in; one that cannot be made (a file in the way, /proc, no permission) is the user's to fix. */
  static prepareRunsDir(runsDir: string): void {
    try {
      makeDirectory(runsDir);
    } catch (error) {
      const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      throw new UsageError(`cannot make a run folder in ${runsDir} (${reason}): use another --runs-dir`, { code: "runs_dir", cause: error });
    }
  }

  /** Opens an existing run by id (looked up in `runsDir`) or by the path of its folder. */
  static open(runsDir: string, idOrPath: string, mirror?: RunMirror): RunFolder {
    const byId = /^[\w.-]+$/.test(idOrPath) ? resolve(runsDir, idOrPath) : undefined;
    const dir = byId && existsSync(join(byId, META)) ? byId : resolve(idOrPath);
    if (!existsSync(join(dir, META))) {
      throw new UsageError(`no run "${idOrPath}" in ${resolve(runsDir)}`, { code: "run_missing" });
    }
    return new RunFolder(readMetaFile(dir).runId, dir, mirror);
  }

  get checkpointPath(): string {
    return join(this.dir, CHECKPOINTS);
  }

  readMeta(): RunMeta {
    return readMetaFile(this.dir);
  }

  writeMeta(meta: RunMeta): void {
    writeAtomic(join(this.dir, META), `${JSON.stringify(meta, null, 2)}\n`);
    this.mirror?.meta(meta);
  }

  writeAttempt(file: AttemptFile): void {
    const text = `${JSON.stringify(file, null, 2)}\n`;
    this.lastAttempt = undefined;
    writeAtomic(this.attemptPath(file.record.n), text);
    this.lastAttempt = { n: file.record.n, text };
    this.mirror?.attempt(this.runId, file);
  }

  readAttempt(n: number): AttemptFile | undefined {
    // Parsed from the text last written, never shared: the caller may change what it gets.
    if (this.lastAttempt?.n === n) return JSON.parse(this.lastAttempt.text) as AttemptFile;
    const path = this.attemptPath(n);
    return existsSync(path) ? (JSON.parse(readFileSync(path, "utf8")) as AttemptFile) : undefined;
  }

  /**
   * Keeps the model exchange of the attempt about to be validated until its attempt file takes
   * it: the prompt is a kilobyte or more that the checkpointed candidate would otherwise carry
   * through the checkpoints and their writes, and a crash or an interrupt between the model's
   * reply and the validation must not lose it. One line appended to `exchanges.jsonl`
   * (a line a crash cut short is read as no exchange); at most one attempt waits at a time, so
   * dropping it empties the journal.
   */
  writeExchange(n: number, exchange: ModelExchange): void {
    const text = JSON.stringify({ n, exchange });
    this.exchangeLog ??= openSync(join(this.dir, EXCHANGES), "a");
    this.lastExchange = undefined;
    writeWhole(this.exchangeLog, `${text}\n`);
    this.lastExchange = { n, text };
  }

  /** The exchange kept for attempt `n`, if any (none in a run copied from its mirror, or cut short by a crash). */
  readExchange(n: number): ModelExchange | undefined {
    // Parsed from the text last written, never shared: the caller may change what it gets.
    if (this.lastExchange?.n === n) return (JSON.parse(this.lastExchange.text) as KeptExchange).exchange;
    const kept = readIfThere(join(this.dir, EXCHANGES))
      .split("\n")
      .map(parseJson<KeptExchange>)
      .findLast((line) => line?.n === n);
    if (kept) return kept.exchange;
    // A run crashed under an earlier version kept the exchange in a file of its own.
    const legacy = parseJson<ModelExchange>(readIfThere(this.legacyExchangePath(n)));
    if (legacy) this.legacyExchange = n;
    return legacy;
  }

  /** Drops the kept exchange once the attempt file holds it. */
  dropExchange(n: number): void {
    this.lastExchange = undefined;
    if (this.exchangeLog !== undefined) ftruncateSync(this.exchangeLog, 0);
    else rmSync(join(this.dir, EXCHANGES), { force: true });
    if (this.legacyExchange === n) rmSync(this.legacyExchangePath(n), { force: true });
    this.legacyExchange = undefined;
  }

  /** Every attempt file, by number. */
  readAttempts(): AttemptFile[] {
    const dir = join(this.dir, ATTEMPTS);
    if (!existsSync(dir)) return [];
    return readdirSync(dir)
      .filter((name) => /^\d+\.json$/.test(name))
      .map((name) => JSON.parse(readFileSync(join(dir, name), "utf8")) as AttemptFile)
      .sort((a, b) => a.record.n - b.record.n);
  }

  /** One line, written through to the file before this returns (see the class comment). */
  appendEvent(event: RunEvent): void {
    this.eventLog ??= openSync(join(this.dir, EVENTS), "a");
    const entry = { ts: new Date().toISOString(), ...event };
    writeWhole(this.eventLog, `${JSON.stringify(entry)}\n`);
    this.mirror?.event(this.runId, entry);
  }

  /** Releases the open event log and exchange journal; the folder stays usable. */
  close(): void {
    if (this.eventLog !== undefined) closeSync(this.eventLog);
    if (this.exchangeLog !== undefined) closeSync(this.exchangeLog);
    this.eventLog = undefined;
    this.exchangeLog = undefined;
  }

  /** Replaces the event log with lines stored elsewhere (a run copied from its mirror). */
  writeEvents(lines: readonly Record<string, unknown>[]): void {
    this.close();
    writeAtomic(join(this.dir, EVENTS), lines.map((line) => `${JSON.stringify(line)}\n`).join(""));
  }

  writeResult(result: RunResult): void {
    writeAtomic(join(this.dir, RESULT), `${JSON.stringify(result, null, 2)}\n`);
    this.mirror?.result(this.runId, result);
  }

  readResult(): RunResult | undefined {
    const path = join(this.dir, RESULT);
    return existsSync(path) ? (JSON.parse(readFileSync(path, "utf8")) as RunResult) : undefined;
  }

  private attemptPath(n: number): string {
    return join(this.dir, ATTEMPTS, `${String(n).padStart(3, "0")}.json`);
  }

  private legacyExchangePath(n: number): string {
    return join(this.dir, ATTEMPTS, `${String(n).padStart(3, "0")}.model.json`);
  }
}

interface KeptExchange {
  n: number;
  exchange: ModelExchange;
}

/** The value of a JSON text; undefined for one a crash cut short (or none). */
function parseJson<T>(text: string): T | undefined {
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}

/** A file's text; empty when there is no such file. */
function readIfThere(path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return "";
    throw error;
  }
}

/** A single write may take less than asked (a signal, a full disk); the rest follows. */
function writeWhole(fd: number, text: string): void {
  const bytes = Buffer.from(text);
  for (let done = 0; done < bytes.length; ) done += writeSync(fd, bytes, done);
}

function readMetaFile(dir: string): RunMeta {
  const path = join(dir, META);
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw new UsageError(`unreadable run file ${path}: ${(error as Error).message}`, { code: "run_corrupt" });
  }
  const parsed = runMetaSchema.safeParse(data);
  if (!parsed.success) {
    throw new UsageError(`run file ${path} is not a mendloop run (schemaVersion 1)`, { code: "run_corrupt" });
  }
  return parsed.data;
}

// A write that fails part-way (full disk, quota, file-size limit) must not leave its half
// behind either: the temporary file goes, and the error is the caller's.
function writeAtomic(path: string, text: string): void {
  const temporary = `${path}.tmp`;
  try {
    writeFileSync(temporary, text);
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}
