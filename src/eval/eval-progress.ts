import { Presets, SingleBar } from "cli-progress";
import { formatDuration } from "../report/format-figures.js";
import type { EvalProgress } from "./run-eval.js";

export interface EvalProgressDisplay {
  onProgress(event: EvalProgress): void;
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
  const bar = stream.isTTY
    ? new SingleBar(
        {
          stream,
          format: "mend eval [{bar}] {value}/{total} · {passed} passed · ETA {eta_formatted} · {last}",
          hideCursor: true,
          etaBuffer: 20,
          barsize: 24,
        },
        Presets.shades_classic,
      )
    : undefined;
  const line = (text: string) => stream.write(`${text}\n`);
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
          bar?.start(event.toRun, 0, { passed: 0, last: "" });
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
    stop() {
      bar?.stop();
      for (const message of warnings.splice(0)) line(`  warning: ${message}`);
    },
  };
}
