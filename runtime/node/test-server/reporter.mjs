// node:test reporter for harness.mjs: one JSON line per finished test, named by its suite path.
export default async function* mendReporter(source) {
  const path = [];
  for await (const event of source) {
    const data = event.data || {};
    if (event.type === "test:start") {
      path.length = data.nesting;
      path[data.nesting] = data.name;
      continue;
    }
    if (event.type !== "test:pass" && event.type !== "test:fail") continue;
    if (data.details && data.details.type === "suite") continue;
    const names = path.slice(0, data.nesting);
    names.push(data.name);
    const skipped = (data.skip !== undefined && data.skip !== false) || (data.todo !== undefined && data.todo !== false);
    const error = data.details && data.details.error;
    const cause = error && (error.cause || error);
    yield JSON.stringify({
      name: names.join(" > "),
      file: data.file,
      outcome: skipped ? "skipped" : event.type === "test:pass" ? "passed" : "failed",
      durationMs: Math.round((data.details && data.details.duration_ms) || 0),
      message: cause ? String(cause.message || cause).slice(0, 2000) : undefined,
    }) + "\n";
  }
}
