/**
 * The Server-Sent Events encoding LangGraph applies to `graph.stream(input, { encoding:
 * "text/event-stream" })`, redone here because LangGraph does not export it: the boundary
 * runs an encoded stream unencoded (so it can read its chunks, see its errors and add its
 * own), then encodes what it passes on. Each chunk becomes one event
 * `event: <mode>[|<namespace>]\ndata: <json>\n\n`; a failure becomes a last `error` event and
 * the stream ends normally, as LangGraph's does. Kept byte-for-byte equal to LangGraph's by
 * a test that compares the two on the same run.
 */
export async function* toEventStream(chunks: AsyncIterable<unknown>, subgraphs: boolean): AsyncGenerator<Uint8Array> {
  const encoder = new TextEncoder();
  const encode = (event: string, data: unknown) => encoder.encode(`event: ${event}\ndata: ${stringifyAsDict(data)}\n\n`);
  try {
    for await (const chunk of chunks) {
      const [namespace, mode, payload] = subgraphs ? (chunk as [string[], string, unknown]) : [[], ...(chunk as [string, unknown])];
      yield encode(namespace.length > 0 ? `${mode}|${namespace.join("|")}` : mode, dataOf(mode, payload));
    }
  } catch (error) {
    yield encode("error", error instanceof Error ? { error: error.name, message: error.message } : { error: "Error", message: JSON.stringify(error) });
  }
}

function dataOf(mode: string, payload: unknown): unknown {
  if (mode === "checkpoints") return serializeCheckpoint(payload as CheckpointPayload);
  if (mode === "debug" && (payload as { type?: string }).type === "checkpoint") {
    const debug = payload as { payload: CheckpointPayload };
    return { ...debug, payload: serializeCheckpoint(debug.payload) };
  }
  return payload;
}

/** Messages and other serializable LangChain objects are written as their `toDict()`. */
function stringifyAsDict(value: unknown): string {
  return JSON.stringify(value, function (this: Record<string, unknown>, key: string, replaced: unknown) {
    const raw = this[key];
    if (typeof raw === "object" && raw !== null && "toDict" in raw && typeof raw.toDict === "function") {
      const { type, data } = (raw as { toDict(): { type: string; data: Record<string, unknown> } }).toDict();
      return { ...data, type };
    }
    return replaced;
  });
}

interface CheckpointPayload {
  config?: unknown;
  parentConfig?: unknown;
  tasks: { state?: unknown }[];
  [key: string]: unknown;
}

type Configurable = Record<string, unknown>;

function serializeCheckpoint(payload: CheckpointPayload): Record<string, unknown> {
  const result: Record<string, unknown> = {
    ...payload,
    checkpoint: checkpointOf(payload.config),
    parent_checkpoint: checkpointOf(payload.parentConfig),
    config: serializeConfig(payload.config),
    parent_config: serializeConfig(payload.parentConfig),
    tasks: payload.tasks.map((task) => {
      if (!isRunnableConfig(task.state)) return task;
      const checkpoint = checkpointOf(task.state);
      if (checkpoint === null) return task;
      const { state: _state, ...rest } = task;
      return { ...rest, checkpoint };
    }),
  };
  delete result.parentConfig;
  return result;
}

function isRunnableConfig(config: unknown): config is { configurable: Configurable } {
  if (typeof config !== "object" || config === null || !("configurable" in config)) return false;
  return typeof config.configurable === "object" && config.configurable !== null;
}

function checkpointOf(config: unknown): Record<string, unknown> | null {
  if (!isRunnableConfig(config) || !config.configurable.thread_id) return null;
  const { thread_id, checkpoint_ns, checkpoint_id, checkpoint_map } = config.configurable;
  return { thread_id, checkpoint_ns: checkpoint_ns || "", checkpoint_id: checkpoint_id || null, checkpoint_map: checkpoint_map || null };
}

function serializeConfig(config: unknown): unknown {
  if (!isRunnableConfig(config)) return config;
  const configurable = Object.fromEntries(Object.entries(config.configurable).filter(([key]) => !key.startsWith("__")));
  const { callbacks: _callbacks, ...rest } = config as Record<string, unknown>;
  return { ...rest, configurable };
}
