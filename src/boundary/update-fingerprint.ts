import { createHash } from "node:crypto";
import { isBaseMessage } from "@langchain/core/messages";
import { messageForm } from "./message-form.js";
import { errorSignature, normalizeErrorMessage } from "./normalize-error.js";
import { isEpochLike, normalizeVolatile, readsAsError, readsAsText } from "./volatile-text.js";

/**
 * A node's update as the loop detectors compare it. Two updates are the same work done
 * again when their shapes are equal (keys, short values, tool calls by name and normalized
 * arguments, normalized errors), their texts are similar, and their numbers are equal or
 * only counted on.
 */
export interface UpdateFingerprint {
  /** Hash of the canonical form, with volatile content normalized and texts and numbers left as slots. */
  shape: string;
  /** Prose and code, normalized, in the order they appear. */
  texts: string[];
  /** Numbers by their path in the update. */
  numbers: [string, number][];
  /** The update's first error-like value, normalized. */
  error?: string;
}

/** Keys whose values are errors when set. */
const ERROR_KEY = /^(?:error|errors|last_?error|exception|err|failure|error_?message|error_?text)$/i;
/** A text that begins the way thrown errors print. */
const ERROR_START = /^\s*(?:\w*(?:Error|Exception)\b|Traceback\b|Error\b)/;

/** The fingerprint of a node's update; `ignoreKey` drops keys (ids, clocks) altogether. */
export function fingerprintOf(update: unknown, ignoreKey: (key: string) => boolean): UpdateFingerprint {
  const walk = new Walk(ignoreKey);
  const form = walk.form(update, "", false);
  return {
    shape: createHash("sha256")
      .update(JSON.stringify(form) ?? "undefined")
      .digest("hex")
      .slice(0, 16),
    texts: walk.texts,
    numbers: walk.numbers,
    ...(walk.error === undefined ? {} : { error: walk.error }),
  };
}

class Walk {
  readonly texts: string[] = [];
  readonly numbers: [string, number][] = [];
  error: string | undefined;
  private readonly seen = new WeakSet<object>();

  constructor(private readonly ignoreKey: (key: string) => boolean) {}

  form(value: unknown, path: string, errorSlot: boolean): unknown {
    if (value === null || value === undefined || typeof value === "boolean") return value ?? null;
    if (typeof value === "string") return this.string(value, path, errorSlot);
    if (typeof value === "number") return this.number(value, path);
    if (typeof value === "bigint") return `${value}n`;
    if (typeof value !== "object") return undefined;
    if (errorSlot && value instanceof Error) return this.noteError(errorSignature(value));
    if (this.seen.has(value)) return "[cycle]";
    this.seen.add(value);
    try {
      if (isBaseMessage(value)) {
        const form = messageForm(value);
        const failed = form.status === "error";
        return this.entries(Object.entries(form), path, failed ? new Set(["content"]) : undefined);
      }
      if (Array.isArray(value)) return value.map((item, i) => this.form(item, `${path}[${i}]`, errorSlot) ?? null);
      if (value instanceof Date) return "<time>";
      if (value instanceof Map) return this.entries([...value.entries()].map(([key, item]) => [String(key), item]), path);
      if (value instanceof Set) return [...value].map((item) => JSON.stringify(this.form(item, `${path}[]`, false))).sort();
      if (errorSlot && typeof (value as { message?: unknown }).message === "string") {
        return this.noteError(normalizeErrorMessage((value as { message: string }).message));
      }
      return this.entries(Object.entries(value), path);
    } finally {
      this.seen.delete(value);
    }
  }

  private entries(entries: [string, unknown][], path: string, errorKeys?: Set<string>): Record<string, unknown> {
    const result: Record<string, unknown> = {};
    for (const [key, item] of entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      if (this.ignoreKey(key)) continue;
      const form = this.form(item, path === "" ? key : `${path}.${key}`, ERROR_KEY.test(key) || errorKeys?.has(key) === true);
      if (form !== undefined) result[key] = form;
    }
    return result;
  }

  private string(value: string, path: string, errorSlot: boolean): unknown {
    // Tool results are mostly JSON text: compared as the values they hold.
    const json = parsedJson(value);
    if (json !== undefined) return { json: this.form(json, path, errorSlot) };
    const read = stringForms.read(value, errorSlot);
    switch (read.kind) {
      case "error":
        return this.noteError(read.signature);
      case "text":
        this.texts.push(read.text);
        return "<text>";
      case "value":
        return read.form;
    }
  }

  private number(value: number, path: string): unknown {
    if (!Number.isFinite(value)) return String(value);
    if (isEpochLike(value)) return "<time>";
    this.numbers.push([path, value]);
    return "<n>";
  }

  private noteError(signature: string): string {
    this.error ??= signature;
    return signature;
  }
}

/** What a string that holds no JSON is in a fingerprint: an error, prose, or a value. */
type StringForm = { kind: "error"; signature: string } | { kind: "text"; text: string } | { kind: "value"; form: string };

function stringForm(value: string, errorSlot: boolean): StringForm {
  if ((errorSlot && value.trim() !== "") || ERROR_START.test(value)) return { kind: "error", signature: normalizeErrorMessage(value) };
  const normalized = normalizeVolatile(value);
  // Numbers inside error-like text are attempt counters, status codes, durations.
  if (readsAsError(normalized) && normalized.length <= 300) return { kind: "value", form: normalizeErrorMessage(normalized) };
  if (readsAsText(normalized)) return { kind: "text", text: normalized };
  return { kind: "value", form: normalized };
}

/** Characters of remembered strings past which the memo starts afresh (a few megabytes at most). */
const MOST_REMEMBERED_CHARACTERS = 1_000_000;

/**
 * `stringForm`, remembered by the string's content. A loop's updates carry the same texts step
 * after step (a bounded history of earlier attempts, the code validated after it was produced,
 * a recurring error), and reading one runs a dozen regular expressions over it, which made the
 * strings most of the cost of a fingerprint. The form depends on the content alone, so one memo
 * serves every run in the process; it is bounded by the characters it holds.
 */
class StringForms {
  private readonly plain = new Map<string, StringForm>();
  private readonly inErrorSlot = new Map<string, StringForm>();
  private characters = 0;

  read(value: string, errorSlot: boolean): StringForm {
    const memo = errorSlot ? this.inErrorSlot : this.plain;
    let form = memo.get(value);
    if (form === undefined) {
      form = stringForm(value, errorSlot);
      if (value.length > MOST_REMEMBERED_CHARACTERS) return form;
      this.characters += value.length;
      if (this.characters > MOST_REMEMBERED_CHARACTERS) {
        this.plain.clear();
        this.inErrorSlot.clear();
        this.characters = value.length;
      }
      memo.set(value, form);
    }
    return form;
  }
}

const stringForms = new StringForms();

/** The object or array a string holds as JSON, if it does. */
function parsedJson(value: string): unknown {
  const start = value.trimStart()[0];
  if ((start !== "{" && start !== "[") || value.length > 100_000) return undefined;
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === "object" && parsed !== null ? parsed : undefined;
  } catch {
    return undefined;
  }
}
