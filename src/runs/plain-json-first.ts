import type { BaseCheckpointSaver } from "@langchain/langgraph";

type Serializer = BaseCheckpointSaver["serde"];

// Deeper than any state of ours; past it (or in a cycle) the general serializer decides.
const MOST_DEPTH = 64;
const utf8 = new TextEncoder();

/**
 * A checkpoint serializer that writes plain JSON data (objects, arrays, strings, numbers,
 * booleans, null: what the loop's state is made of) with `JSON.stringify` alone, and leaves
 * everything else to `general` (LangGraph's JsonPlusSerializer: undefined, Set, Map, Error,
 * Send, messages, cycles). For plain data both write the same bytes, so `general` reads
 * either back. The general one walks every value twice, once for cycles and once through a
 * replacer function, which made serialization one of the loop's largest costs per step.
 */
export function plainJsonFirst(general: Serializer): Serializer {
  return {
    async dumpsTyped(data: unknown) {
      return isPlainJson(data, 0) ? ["json", utf8.encode(JSON.stringify(data))] : general.dumpsTyped(data);
    },
    loadsTyped(type: string, data: Uint8Array | string) {
      return general.loadsTyped(type, data);
    },
  };
}

/** True when `JSON.stringify` writes all of `value` as it is and the general serializer would change nothing. */
function isPlainJson(value: unknown, depth: number): boolean {
  if (value === null) return true;
  switch (typeof value) {
    case "string":
    case "number":
    case "boolean":
      return true;
    case "object":
      break;
    default:
      // undefined (written as a record by the general serializer), functions, bigints, symbols.
      return false;
  }
  if (depth >= MOST_DEPTH) return false;
  if (Array.isArray(value)) {
    // for-of also visits holes, as undefined.
    for (const item of value) if (!isPlainJson(item, depth + 1)) return false;
    return true;
  }
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return false;
  const record = value as Record<string, unknown>;
  for (const key in record) {
    // `toJSON` changes what is written; `lg_name` marks a Send to the general serializer.
    if (key === "toJSON" || key === "lg_name") return false;
    if (!isPlainJson(record[key], depth + 1)) return false;
  }
  return true;
}
