import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseJsonReply } from "./parse-json-reply.js";

const schema = z.object({ findings: z.array(z.object({ text: z.string() })) });

describe("parseJsonReply", () => {
  it("reads the JSON of a fenced block with prose around it", () => {
    const reply = 'Here is my review.\n\n```json\n{"findings": [{"text": "no empty check"}]}\n```\nThat is all.';
    expect(parseJsonReply(reply, schema, "findings")).toEqual({ ok: true, data: { findings: [{ text: "no empty check" }] } });
  });

  it("reads bare JSON between prose, and a bare list", () => {
    expect(parseJsonReply('Findings: {"findings": []} -- done', schema, "findings")).toEqual({ ok: true, data: { findings: [] } });
    expect(parseJsonReply('Verdicts:\n[{"text": "a"}]', z.array(z.object({ text: z.string() })), "verdicts")).toEqual({ ok: true, data: [{ text: "a" }] });
  });

  it("says in one line why a reply does not do", () => {
    expect(parseJsonReply("Looks fine to me.", schema, "findings")).toEqual({ ok: false, why: "the reply held no JSON findings" });
    const wrong = parseJsonReply('```json\n{"findings": "none"}\n```', schema, "findings");
    expect(wrong.ok).toBe(false);
    expect(!wrong.ok && wrong.why).toMatch(/^the reply's JSON is not a findings list \(/);
  });

  it("passes over a fenced block that is not JSON and takes the next", () => {
    const reply = '```python\nprint(1)\n```\n```json\n{"findings": [{"text": "x"}]}\n```';
    expect(parseJsonReply(reply, schema, "findings")).toMatchObject({ ok: true });
  });
});
