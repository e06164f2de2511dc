import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { UsageError } from "../errors/usage-error.js";
import { reportPathFor, writeRunReport } from "./write-run-report.js";

const FIXTURES = fileURLToPath(new URL("./__fixtures__/runs/", import.meta.url));
const GAVE_UP = "20261130-004226-6cf3d3";
const OFFLINE_FIX = "20261130-010948-0f2789";
/** `mend repair running_max.py` with no tests: verified by the two doctests of its docstring. */
const BY_EXAMPLES = "20261201-095537-f0f317";

const scratch = mkdtempSync(join(tmpdir(), "mend-report-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A copy of a recorded run folder, so tests may write its report or tamper with it. */
function copyRun(id: string): string {
  const dir = join(scratch, `${id}-${Math.random().toString(16).slice(2, 8)}`);
  cpSync(join(FIXTURES, id), dir, { recursive: true });
  return dir;
}

function count(html: string, pattern: RegExp): number {
  return html.match(pattern)?.length ?? 0;
}

describe("writeRunReport on recorded runs", () => {
  // Every recording, the newest included (recorded-runs.int.test.ts keeps it true to what
  // `mend run` does today); the older ones stand for runs of earlier versions.
  const recorded = readdirSync(FIXTURES, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
  it.each(recorded)("writes a report with every section for the recorded run %s", async (id) => {
    const html = readFileSync(await writeRunReport(copyRun(id)), "utf8");
    for (const section of ["run-header", "task", "timeline", "charts", "attempts", "decisions", "graph", "final-code"]) {
      expect(html).toContain(`id="${section}"`);
    }
    const attempts = readdirSync(join(FIXTURES, id, "attempts")).length;
    expect(count(html, /<article class="attempt /g)).toBe(attempts);
  });

  it("lists the examples a run without tests was verified by, where each is written", async () => {
    const html = readFileSync(await writeRunReport(copyRun(BY_EXAMPLES)), "utf8");
    expect(html).toContain("No tests were given: 2 examples from the task ran as tests.");
    expect(html).toContain("<td><code>mean.py:4</code></td><td>docstring</td><td><code>running_max([1, 3, 2, 5, 4])</code></td>");
    expect(html).toContain("<summary>test_mend_examples.py</summary>");
  });

  it("shows the code review's findings, escaped, and a review that failed", async () => {
    const dir = copyRun(BY_EXAMPLES);
    const run = JSON.parse(readFileSync(join(dir, "run.json"), "utf8"));
    const findings = [{ severity: "high", line: 3, text: "running_max(<list of None>) compares None with <" }, { severity: "low", text: "no type hints" }];
    writeFileSync(join(dir, "run.json"), JSON.stringify({ ...run, review: { model: "openai:reviewer", findings, fix: { status: "failed", summary: "kept the reviewed code" } } }));
    const html = readFileSync(await writeRunReport(dir), "utf8");
    expect(html).toContain('<section id="review"><h2>Code review <span class="muted">by openai:reviewer</span></h2>');
    expect(html).toContain("<td>3</td><td>running_max(&lt;list of None&gt;) compares None with &lt;</td>");
    expect(html).toContain("<td></td><td>no type hints</td>");
    expect(html).toContain("Review fix: failed: kept the reviewed code");
    writeFileSync(join(dir, "run.json"), JSON.stringify({ ...run, review: { model: "openai:reviewer", findings: [], failed: "the reply held no JSON findings" } }));
    const failed = readFileSync(await writeRunReport(dir), "utf8");
    expect(failed).toContain("The review failed: the reply held no JSON findings");
    expect(failed).not.toContain("No findings.");
  });

  it("shows the generated tests: kept by name, dropped with why, and each mutation score", async () => {
    const dir = copyRun(BY_EXAMPLES);
    const untouched = readFileSync(await writeRunReport(copyRun(BY_EXAMPLES)), "utf8");
    expect(untouched).not.toContain('id="generated-tests"');
    const run = JSON.parse(readFileSync(join(dir, "run.json"), "utf8"));
    const dropped = [
      { name: "test_runs", why: "passes on a stub that returns None, so it checks nothing" },
      { name: "test_far_above", why: "judged wrong by the test review: running_max(<[15]>) is 15" },
    ];
    const mutation = { mutants: 12, killed: 9, score: 0.75 };
    writeFileSync(join(dir, "run.json"), JSON.stringify({ ...run, verification: { by: "examples", testsRun: 5, generated: { kept: 3, dropped, mutation } } }));
    const events = [
      { type: "tests_generated", round: 1, kept: 1, added: 1, dropped: 1, names: ["test_inside"] },
      { type: "mutation_score", status: "measured", mutants: 12, killed: 4, score: 4 / 12 },
      { type: "tests_generated", round: 2, kept: 3, added: 2, dropped: 1, names: ["test_inside", "test_below", "test_<above>"] },
      { type: "mutation_score", status: "measured", ...mutation },
      { type: "tests_reviewed", disputed: ["test_far_above"], dropped: ["test_far_above"] },
    ];
    writeFileSync(join(dir, "events.jsonl"), `${readFileSync(join(dir, "events.jsonl"), "utf8")}${events.map((event) => JSON.stringify(event)).join("\n")}\n`);
    const html = readFileSync(await writeRunReport(dir), "utf8");
    const section = html.slice(html.indexOf('<section id="generated-tests">'), html.indexOf("</section>", html.indexOf('<section id="generated-tests">')));
    expect(section).toContain("<p>3 kept after 2 rounds, 2 dropped.");
    expect(section).toContain("<li><code>test_inside</code></li><li><code>test_below</code></li><li><code>test_&lt;above&gt;</code></li>");
    expect(section).toContain("<tr><td><code>test_runs</code></td><td>passes on a stub that returns None, so it checks nothing</td></tr>");
    expect(section).toContain("judged wrong by the test review: running_max(&lt;[15]&gt;) is 15");
    expect(section).toContain("Mutation score 33%: the kept tests caught 4 of 12 mutants");
    expect(section).toContain("Mutation score 75%: the kept tests caught 9 of 12 mutants");
    expect(section).toContain("Test review: disputed <code>test_far_above</code>; judged wrong and dropped <code>test_far_above</code>.");
  });

  it("shows generated tests of an older log, which has counts but no names, and a score that could not be measured", async () => {
    const dir = copyRun(BY_EXAMPLES);
    const events = [
      { type: "tests_generated", round: 1, kept: 2, added: 2, dropped: 0 },
      { type: "mutation_score", status: "unmeasured", reason: "no test passes on the program" },
    ];
    writeFileSync(join(dir, "events.jsonl"), `${readFileSync(join(dir, "events.jsonl"), "utf8")}${events.map((event) => JSON.stringify(event)).join("\n")}\n`);
    const html = readFileSync(await writeRunReport(dir), "utf8");
    expect(html).toContain("<p>2 kept, 0 dropped.");
    expect(html).not.toContain('class="generated-kept"');
    expect(html).toContain("Mutation score not measured: no test passes on the program");
  });

  it("says when nothing could verify the code: no tests and no examples", async () => {
    const dir = copyRun(BY_EXAMPLES);
    const meta = JSON.parse(readFileSync(join(dir, "meta.json"), "utf8"));
    writeFileSync(join(dir, "meta.json"), JSON.stringify({ ...meta, task: { ...meta.task, tests: [] }, verification: { by: "none", examples: [] } }));
    const html = readFileSync(await writeRunReport(dir), "utf8");
    expect(html).not.toContain('id="examples"');
    expect(html).toContain("no examples in the requirement or the draft: nothing could verify the code");
  });

  it("writes report.html into the run folder with every section, for a run that gave up", async () => {
    const dir = copyRun(GAVE_UP);
    const path = await writeRunReport(dir);
    expect(path).toBe(reportPathFor(dir));
    const html = readFileSync(path, "utf8");
    for (const id of ["run-header", "task", "timeline", "charts", "attempts", "decisions", "graph", "final-code"]) {
      expect(html).toContain(`id="${id}"`);
    }
    expect(html).toContain('data-state="gave_up"');
    expect(count(html, /<tr class="attempt-row /g)).toBe(3);
    expect(count(html, /<article class="attempt /g)).toBe(3);
    // Attempts 2 and 3 are diffed against the one before; the third turned the code into a syntax error.
    expect(count(html, /<table class="diff">/g)).toBe(1);
    expect(html).toContain("No change from the previous attempt.");
    expect(html).toMatch(/<tr class="add">.*def median\(values:<\/td>/);
    // The diagnosis marks the failing line and shows the failing test's expected and actual values.
    expect(html).toMatch(/<div class="marked">&gt;  9 \|     assert median\(\[4, 1, 3, 2\]\) == 2\.5<\/div>/);
    expect(html).toContain('<pre class="wrap expected">2.5</pre>');
    expect(html).toContain('<pre class="wrap actual">3</pre>');
    // Routing decisions and the strategy switches come from the event log, with their reasons.
    expect(html).toContain("assertion failure: analyze, then repair");
    expect(html).toContain("strategy generate → fix");
    expect(html).toContain('id="graph-diagram"');
    expect(html).toContain('data-node="give_up" data-visits="1"');
    expect(html).toContain('id="tokens-chart"');
  });

  it("shows the offline engine's fix as a highlighted diff", async () => {
    const html = readFileSync(await writeRunReport(copyRun(OFFLINE_FIX)), "utf8");
    expect(html).toContain('data-state="passed"');
    expect(html).toContain('<span class="badge src-offline">offline</span>');
    expect(html).toMatch(/<tr class="del">.*if value &gt; threshold:<\/td>/);
    // Within the changed line, only what was added is marked.
    expect(html).toMatch(/<tr class="add">.*if value &gt;<mark>=<\/mark> threshold:<\/td>/);
    expect(html).toContain("offline engine: fixed");
  });

  it("escapes everything the run holds and allows only its own script", async () => {
    const dir = copyRun(GAVE_UP);
    const meta = JSON.parse(readFileSync(join(dir, "meta.json"), "utf8"));
    meta.task.prompt = `</pre><script>alert("prompt")</script><img src=x onerror=alert(1)>`;
    writeFileSync(join(dir, "meta.json"), JSON.stringify(meta));
    const attemptPath = join(dir, "attempts", "001.json");
    const attempt = JSON.parse(readFileSync(attemptPath, "utf8"));
    attempt.code = `x = "</pre><script>alert('code')</script>"`;
    attempt.diagnosis.summary = `<b onmouseover="alert(2)">boom</b>`;
    writeFileSync(attemptPath, JSON.stringify(attempt));
    const html = readFileSync(await writeRunReport(dir), "utf8");
    expect(count(html, /<script/g)).toBe(1);
    expect(html).not.toContain("<img");
    expect(html).not.toContain("<b onmouseover");
    expect(html).toContain("&lt;/pre&gt;&lt;script&gt;alert(&quot;prompt&quot;)&lt;/script&gt;");
    // No fetch of any kind is allowed at view time; the one inline script is pinned by its hash.
    expect(html).toMatch(/Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:; script-src 'sha256-[A-Za-z0-9+/=]+'"/);
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);
  });

  it("reports a run whose session is still going from what is saved so far", async () => {
    const dir = copyRun(GAVE_UP);
    rmSync(join(dir, "run.json"));
    const events = readFileSync(join(dir, "events.jsonl"), "utf8").split("\n").filter(Boolean);
    // Cut the log after the second attempt's validation, as a live run would have it.
    const cut = events.findIndex((line) => line.includes('"type":"attempt"') && line.includes('"n":2'));
    writeFileSync(join(dir, "events.jsonl"), `${events.slice(0, cut + 1).join("\n")}\n{"type":"node_ent`);
    const html = readFileSync(await writeRunReport(dir), "utf8");
    expect(html).toContain('data-state="running"');
    expect(html).toContain("session in progress");
    expect(html).toMatch(/class="node visited current" data-node="validate"/);
  });

  it("is a UsageError for a folder that is not a run", async () => {
    await expect(writeRunReport(scratch)).rejects.toSatisfy((error) => UsageError.isInstance(error));
  });
});
