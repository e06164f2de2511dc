import { z } from "zod";
import { BoundaryOptionsError } from "../errors/index.js";

const INTERVENTION_KINDS = ["continue", "retry", "rollback", "modify_prompt", "alternative_path", "ask_human", "compress", "terminate"] as const;

const fn = z.custom<(...args: never[]) => unknown>((value) => typeof value === "function", { error: "a function" });
const count = (min: number) => z.number({ error: "a number" }).int({ error: "a whole number" }).min(min, { error: `a whole number of at least ${min}` });
const amount = z.number({ error: "a number" }).min(0, { error: "a number of at least 0" });
const fraction = z.number({ error: "a number" }).min(0, { error: "a number from 0 to 1" }).max(1, { error: "a number from 0 to 1" });

const budgetsSchema = z.strictObject({
  steps: count(0).optional(),
  tokens: count(0).optional(),
  usd: amount.optional(),
  seconds: amount.optional(),
  stateBytes: count(1).optional(),
  messages: count(1).optional(),
  nodes: z.record(z.string(), count(0)).optional(),
});

const thresholdsSchema = z.strictObject({
  loopRepeats: count(2).optional(),
  loopMaxPeriod: count(1).optional(),
  signatureRepeats: count(2).optional(),
  signatureWindow: count(1).optional(),
  errorRepeats: count(2).optional(),
  progressWindow: count(1).optional(),
  textSimilarity: fraction.optional(),
  semanticSimilarity: fraction.optional(),
  similarity: fraction.optional(),
  similarRepeats: count(1).optional(),
  identicalRepeats: count(1).optional(),
  similarityWindow: count(1).optional(),
  leakWindow: count(3).optional(),
  leakGrowth: amount.optional(),
  leakFit: fraction.optional(),
});

const adaptiveSchema = z.strictObject({ storePath: z.string({ error: "a file path" }).min(1, { error: "a file path" }) });

const handlersSchema = z.strictObject(Object.fromEntries(INTERVENTION_KINDS.map((kind) => [kind, fn.optional()])));

const embeddingsSchema = z.custom<unknown>(
  (value) => typeof value === "object" && value !== null && typeof (value as { embedDocuments?: unknown }).embedDocuments === "function",
  { error: "a LangChain Embeddings (an object with embedDocuments)" },
);

const chatModelSchema = z.custom<unknown>(
  (value) => typeof value === "object" && value !== null && typeof (value as { invoke?: unknown }).invoke === "function",
  { error: "a LangChain chat model (an object with invoke)" },
);

const messageCompressionSchema = z.strictObject({
  messagesKey: z.string({ error: "a state key" }).min(1, { error: "a state key" }).optional(),
  maxTokens: count(1).optional(),
  summarizeWith: chatModelSchema.optional(),
});

const compressSchema = z.union([fn, messageCompressionSchema], {
  error: "a function (state) => update, or { messagesKey, maxTokens, summarizeWith }",
});

const optionsSchema = z.strictObject({
  mode: z.enum(["enforce", "observe", "off"], { error: "one of enforce, observe, off" }).optional(),
  budgets: budgetsSchema.optional(),
  warnAt: fraction.optional(),
  onStop: z.enum(["return", "throw"], { error: "one of return, throw" }).optional(),
  onRecursionLimit: z.enum(["return", "throw"], { error: "one of return, throw" }).optional(),
  onEvent: fn.optional(),
  signature: fn.optional(),
  errorSignature: fn.optional(),
  progress: fn.optional(),
  code: fn.optional(),
  ignoreKey: fn.optional(),
  thresholds: thresholdsSchema.optional(),
  expectRepeats: z.record(z.string(), count(1)).optional(),
  embeddings: embeddingsSchema.optional(),
  adaptive: adaptiveSchema.optional(),
  policy: fn.optional(),
  handlers: handlersSchema.optional(),
  noteKey: z.string({ error: "a state key or null" }).min(1, { error: "a state key or null" }).nullable().optional(),
  recoveryWindow: count(1).optional(),
  prices: z
    .record(z.string(), z.strictObject({ inputPerMTok: amount, outputPerMTok: amount }))
    .optional(),
  price: fn.optional(),
  defaultMaxOutputTokens: count(1).optional(),
  compress: compressSchema.optional(),
});

/** Known keys of each object option, for "did you mean" suggestions. */
const KNOWN_KEYS: Record<string, string[]> = {
  "": Object.keys(optionsSchema.shape),
  budgets: Object.keys(budgetsSchema.shape),
  thresholds: Object.keys(thresholdsSchema.shape),
  adaptive: Object.keys(adaptiveSchema.shape),
  handlers: [...INTERVENTION_KINDS],
  compress: Object.keys(messageCompressionSchema.shape),
};

/**
 * Checks `withErrorBoundary` options when the boundary is made: unknown keys (with the
 * nearest known one), counts that are negative, fractional or NaN, unknown modes and
 * intervention kinds. Throws one `BoundaryOptionsError` naming the first problem.
 */
export function validateBoundaryOptions(options: unknown): void {
  const parsed = optionsSchema.safeParse(options ?? {}, { reportInput: true });
  if (parsed.success) return;
  const issue = innermost(parsed.error.issues[0]);
  const path = issue.path.map(String).join(".");
  if (issue.code === "unrecognized_keys") {
    const key = issue.keys[0];
    const option = path === "" ? key : `${path}.${key}`;
    const suggestion = nearest(key, KNOWN_KEYS[path] ?? []);
    throw new BoundaryOptionsError(
      option,
      `withErrorBoundary: unknown option "${option}"${suggestion === undefined ? "" : `: did you mean "${path === "" ? suggestion : `${path}.${suggestion}`}"?`}`,
    );
  }
  const wanted = issue.message.startsWith("Invalid input") ? "another value" : issue.message;
  throw new BoundaryOptionsError(path, `withErrorBoundary: option "${path}" must be ${wanted}, got ${shown(issue.input)}`);
}

/** Checks an intervention a policy is built with (`escalatingPolicy`). */
export function validateInterventionChoice(choice: unknown, where: string): void {
  const kind = typeof choice === "string" ? choice : (choice as { kind?: unknown } | null)?.kind;
  if (typeof kind === "string" && (INTERVENTION_KINDS as readonly string[]).includes(kind)) {
    if (kind === "alternative_path" && typeof (choice as { goto?: unknown }).goto !== "string") {
      throw new BoundaryOptionsError(where, `${where}: alternative_path needs the node to go to ("goto")`);
    }
    return;
  }
  const suggestion = typeof kind === "string" ? nearest(kind, [...INTERVENTION_KINDS]) : undefined;
  throw new BoundaryOptionsError(
    where,
    `${where}: unknown intervention ${shown(kind ?? choice)}; one of ${INTERVENTION_KINDS.join(", ")}${suggestion === undefined ? "" : ` (did you mean "${suggestion}"?)`}`,
  );
}

type Issue = z.core.$ZodIssue;

/**
 * For an option that is a function or an object (`compress`), an object given is checked as
 * the object it is meant to be: the problem inside it is the one worth naming.
 */
function innermost(issue: Issue): Issue {
  if (issue.code !== "invalid_union" || typeof issue.input !== "object" || issue.input === null) return issue;
  // The branch that got inside the value: a problem with one of its keys, not with its type.
  const branch = issue.errors.find((issues) => issues.length > 0 && (issues[0].path.length > 0 || issues[0].code === "unrecognized_keys"));
  if (branch === undefined) return issue;
  const inner = branch[0];
  return innermost({ ...inner, path: [...issue.path, ...inner.path] } as Issue);
}

function shown(value: unknown): string {
  if (typeof value === "number" || typeof value === "boolean" || value === null || value === undefined) return String(value);
  if (typeof value === "string") return JSON.stringify(value);
  if (typeof value === "function") return "a function";
  try {
    const text = JSON.stringify(value);
    return text.length > 60 ? `${text.slice(0, 57)}...` : text;
  } catch {
    return typeof value;
  }
}

/** The known word closest to `word`, when it is close enough to be a typo of it. */
function nearest(word: string, known: readonly string[]): string | undefined {
  let best: { word: string; distance: number } | undefined;
  for (const candidate of known) {
    const distance = editDistance(word.toLowerCase(), candidate.toLowerCase());
    if (best === undefined || distance < best.distance) best = { word: candidate, distance };
  }
  return best !== undefined && best.distance <= Math.max(2, Math.floor(word.length / 3)) ? best.word : undefined;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length];
}
