import { type GenericBar, MultiBar, Presets } from "cli-progress";
import { formatDuration } from "../report/format-figures.js";
import type { EvalProgress } from "./run-eval.js";

export interface EvalProgressDisplay {
  onProgress(event: EvalProgress): void;
  /**
   * A status line that changes while the eval runs (a queue worker's progress), by key: on a
   * terminal one line per key under the bar, redrawn in place, and gone with `undefined`;
   * elsewhere printed as a plain line each time it changes.
   */
  status(key: string, text: string | undefined): void;
  /** A line said once (a task taken by a worker, a worker gone): above the bar on a terminal. */
  note(text: string): void;
  /** Ends the display (the bar's last state stays on screen). */
  stop(): void;
}

/**
 * Progress on stderr: on a terminal a live bar (cli-progress) with tasks done, passed, the
 * ETA and the last task; elsewhere (CI, pipes) one line per finished task with the same
 * figures, so logs stay readable.
 */
export function createEvalProgress(stream: NodeJS.WriteStream = process.stderr): EvalProgressDisplay {
  let passed = 0;
  let toRun = 0;
  let started = Date.now();
  const warnings: string[] = [];
  let stopped = false;
  // On a terminal: the eval's bar, then one line per status key, all redrawn in place.
  const bars = stream.isTTY
    ? new MultiBar(
        {
          stream,
          format: "mend eval [{bar}] {value}/{total} · {passed} passed · ETA {eta_formatted} · {last}",
          hideCursor: true,
          etaBuffer: 20,
          barsize: 24,
          // The worker lines are text only: a line that does not fit is cut, not wrapped onto the next.
          linewrap: false,
        },
        Presets.shades_classic,
      )
    : undefined;
  let bar: GenericBar | undefined;
  const statusLines = new Map<string, GenericBar>();
  // While lines are drawn, text goes above them (the bars' log); before, it is written as is.
  const line = (text: string) => (bars && !stopped && (bar || statusLines.size > 0) ? bars.log(`${text}\n`) : stream.write(`${text}\n`));
  return {
    onProgress(event) {
      switch (event.type) {
        case "started":
          toRun = event.toRun;
          started = Date.now();
          line(
            `mend eval: ${event.toRun} of ${event.selected} tasks to run` +
              (event.reused ? ` (${event.reused} finished earlier, not run again)` : "") +
              `, ${event.concurrency} at a time`,
          );
          bar = bars?.create(event.toRun, 0, { passed: 0, last: "" });
          return;
        case "task_started":
          return;
        case "task_finished": {
          if (event.result.status === "passed") passed++;
          const verdict =
            event.result.status === "passed" ? `passed at attempt ${event.result.passedAt ?? "?"}` : `failed (${event.result.reason})`;
          if (bar) {
            bar.increment(1, { passed, last: `${event.taskId} ${verdict}` });
            return;
          }
          const elapsed = Date.now() - started;
          const eta = event.done < toRun ? ` · ETA ${formatDuration((elapsed / event.done) * (toRun - event.done))}` : "";
          line(`  [${event.done}/${toRun}] ${event.taskId} ${verdict} · ${formatDuration(event.result.durationMs)}${eta}`);
          return;
        }
        case "warning":
          // A live bar owns its line: its warnings wait until it stops.
          if (bar) warnings.push(event.message);
          else line(`  warning: ${event.message}`);
          return;
      }
    },
    status(key, text) {
      const shown = statusLines.get(key);
      if (!bars) {
        if (text !== undefined) line(text);
        return;
      }
      // The lines' last state stays on screen as it was when the display stopped.
      if (stopped) return;
      if (text === undefined) {
        if (shown) bars.remove(shown);
        statusLines.delete(key);
      } else if (shown) shown.update({ text });
      else statusLines.set(key, bars.create(1, 0, { text }, { format: "{text}" }));
    },
    note: line,
    stop() {
      if (stopped) return;
      stopped = true;
      // Lines logged since the last redraw are written before the bars' last state.
      if (bar || statusLines.size > 0) bars?.update();
      bars?.stop();
      for (const message of warnings.splice(0)) stream.write(`  warning: ${message}\n`);
    },
  };
}
