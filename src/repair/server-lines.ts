import type { SandboxProcess } from "../shared/sandbox.js";

/** No warm server writes a line this long: whatever does is not to be buffered further. */
const MAX_LINE_CHARS = 32 * 1024 * 1024;

/**
 * The lines a warm server in the sandbox writes on stdout, split as they come, and a wait for
 * what its caller looks for in them. The server counts as ended when its stdout ends, when it
 * exits (after `exitGraceMs`: a child of a candidate may hold stdout open after the server
 * died), or when it writes a line too long to keep, which closes it.
 */
export class ServerLines {
  private buffer = "";
  private waiting: (() => void) | undefined;
  ended = false;

  constructor(
    private readonly process: SandboxProcess,
    private readonly onLine: (line: string) => void,
    exitGraceMs = 0,
  ) {
    process.stdout.setEncoding("utf8");
    process.stdout.on("data", (chunk: string) => this.take(chunk));
    process.stdout.on("end", () => this.end());
    void process.exited.then(() => (exitGraceMs > 0 ? setTimeout(() => this.end(), exitGraceMs).unref() : this.end()));
  }

  /** Resolves once `done()` holds (asked again at each line and at the end) or the server ended, or at `by` (epoch ms). */
  async wait(done: () => boolean, by: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    await new Promise<void>((resolve) => {
      const stop = () => {
        this.waiting = undefined;
        resolve();
      };
      this.waiting = () => {
        if (this.ended || done()) stop();
      };
      timer = setTimeout(stop, Math.max(1, by - Date.now()));
      this.waiting();
    });
    clearTimeout(timer);
  }

  private take(chunk: string): void {
    this.buffer += chunk;
    let newline: number;
    while ((newline = this.buffer.indexOf("\n")) >= 0) {
      const line = this.buffer.slice(0, newline);
      this.buffer = this.buffer.slice(newline + 1);
      this.onLine(line);
    }
    if (this.buffer.length > MAX_LINE_CHARS) {
      this.buffer = "";
      void this.process.close().then(() => this.end());
    }
    this.waiting?.();
  }

  private end(): void {
    this.ended = true;
    this.waiting?.();
  }
}
