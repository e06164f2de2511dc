/**
 * LangChain logs every error a callback handler raises with `console.error`, even when the
 * handler raised it on purpose (`raiseError`) to stop the run before a node or a model
 * call. The boundary's own stop signals are decisions, not faults, and they are reported in
 * the boundary report; so exactly those log lines are dropped. Every other console.error
 * line passes through untouched. Installed once per process, on first use of the boundary.
 */
let installed = false;

const OWN_SIGNAL = /^Error in handler BoundaryCallbackHandler, \w+: BoundarySignal\b/;

export function quietBoundarySignals(): void {
  if (installed) return;
  installed = true;
  const original = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    if (args.length === 1 && typeof args[0] === "string" && OWN_SIGNAL.test(args[0])) return;
    original(...args);
  };
}
