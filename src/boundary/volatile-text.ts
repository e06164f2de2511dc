/**
 * Parts of a text that differ between two runs of the same work: clocks, dates, generated
 * ids. Each becomes a placeholder so that a tool result stamped with the time, or an error
 * carrying a fresh request id, reads the same the next time round.
 */
const VOLATILE_PATTERNS: readonly [RegExp, string, RegExp?][] = [
  // ISO 8601 timestamps and dates, with or without time zone and fractions.
  [/\b\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?\b/g, "<time>"],
  // Clock times and RFC 2822 dates (`Tue, 01 Dec 2026 09:35:05 GMT`).
  [/\b(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{1,2} \w{3} \d{4} \d{2}:\d{2}:\d{2}(?: GMT| [+-]\d{4})?/g, "<time>"],
  [/\b\d{1,2}:\d{2}:\d{2}(?:[.,]\d+)?\b/g, "<time>"],
  // The third regex, where there is one, is a cheap test for a part every match holds (for a
  // run of characters, tried from its start only): the patterns behind it try their lookaheads
  // at every letter of a text, which made them most of the boundary's cost per node update,
  // though a text rarely holds anything they match.
  [/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, "<id>", /-[0-9a-f]{4}-[0-9a-f]{4}-/i],
  // Prefixed provider ids: call_…, toolu_…, chatcmpl-…, req_…, run-…, msg_…
  [/\b(?:call|toolu|chatcmpl|req|request|run|msg|resp|trace|span|evt|job|task)[_-][A-Za-z0-9_-]{6,}/gi, "<id>"],
  // Long hex (hashes, object ids) and base64/base62 tokens that mix digits and letters.
  [/\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{12,}\b/gi, "<id>", /(?:^|[^0-9a-f])[0-9a-f]{12}/i],
  [/(?<![\w/+=-])(?=[A-Za-z0-9+/_=-]*\d)(?=[A-Za-z0-9+/_=-]*[A-Za-z])[A-Za-z0-9+/_=-]{20,}(?![\w/+=-])/g, "<id>", /(?:^|[^A-Za-z0-9+/_=-])[A-Za-z0-9+/_=-]{20}/],
  // Epoch seconds and milliseconds (2001 to 2033).
  [/\b1[0-9]{9}(?:[0-9]{3})?\b/g, "<time>"],
];

/** A text with its clocks, dates and generated ids replaced by placeholders. */
export function normalizeVolatile(text: string): string {
  let result = text;
  for (const [pattern, placeholder, holds] of VOLATILE_PATTERNS) {
    if (holds === undefined || holds.test(result)) result = result.replace(pattern, placeholder);
  }
  return result;
}

/** Whether a number reads as a clock (epoch seconds or milliseconds). */
export function isEpochLike(value: number): boolean {
  return Number.isInteger(value) && ((value >= 1e9 && value < 2e9) || (value >= 1e12 && value < 2e12));
}

const ERROR_TEXT =
  /^(?:\w*(?:Error|Exception)\b|Traceback\b|E[A-Z]{3,}\b)|\b(?:error|exception|failed|failure|timed out|timeout|refused|denied|unavailable|rate limit(?:ed)?|too many requests)\b/i;

/** Whether a text reads as an error message. */
export function readsAsError(text: string): boolean {
  return ERROR_TEXT.test(text.slice(0, 300));
}

/**
 * Whether a string is prose rather than a value (a status, a name, an enum) or a document
 * (code, a file): prose is compared by similarity, the rest exactly. Code that changes a
 * little is a small fix, which the similar-code detector weighs against progress.
 */
export function readsAsText(text: string): boolean {
  return text.length >= 24 && /\s/.test(text.trim()) && (text.match(/\n/g)?.length ?? 0) < 4;
}
