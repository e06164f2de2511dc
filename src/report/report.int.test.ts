import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AgentOptions, createAgent } from "../agent/create-agent.js";
import { createSandbox } from "../sandbox/create-sandbox.js";
import type { RunResult } from "../shared/run-result.js";
import type { Task } from "../shared/task.js";
import { loadTask } from "../tasks/load-task.js";
import { cannedReplies, type ScriptedStep, startScriptedServer } from "../testkit/index.js";
import { launchChromium, type OpenedBrowser, SCREENSHOTS, watchPage } from "./__fixtures__/headless-chromium.js";
import { writeRunReport } from "./write-run-report.js";

const CLAMP_CASE = fileURLToPath(new URL("../../examples/suites/mixed/clamp", import.meta.url));

const MEDIAN: Task = {
  prompt: "Write median(values): the median of a non-empty list of numbers.",
  language: "python",
  entry: "median.py",
  tests: [{ path: "test_median.py", content: cannedReplies.python.code.tests }],
};

/** Real runs of the loop and a browser on a loaded two-core machine. */
const SLOW = { timeout: 300_000 };

const sandbox = createSandbox();
const runsDir = mkdtempSync(join(tmpdir(), "mend-report-int-"));
let browser: OpenedBrowser;

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  browser = await launchChromium();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await sandbox.close();
  rmSync(runsDir, { recursive: true, force: true });
});

/** Runs the real loop against the scripted server. */
async function scriptedRun(script: ScriptedStep[], options: Partial<AgentOptions>, task: Task = MEDIAN): Promise<RunResult> {
  const server = await startScriptedServer(script, { onExhausted: "repeat-last" });
  const agent = createAgent({
    model: "openai:scripted",
    baseUrl: server.url,
    env: { OPENAI_API_KEY: "test-key" },
    sandbox,
    runsDir,
    repairer: null,
    ...options,
  });
  try {
    return await agent.run(task);
  } finally {
    await agent.close();
    await server.close();
  }
}

/** Opens a run's report in Chromium: what the page shows, and what went wrong while loading it. */
async function openReport(run: RunResult, name: string) {
  const path = await writeRunReport(run.runDir);
  const page = await browser.context.newPage();
  const url = pathToFileURL(path).href;
  const problems = watchPage(page, url);
  await page.goto(url, { waitUntil: "load" });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
  const text = async (selector: string) => (await page.locator(selector).allInnerTexts()).join("\n");
  const shown = {
    state: await page.locator("#run-state").getAttribute("data-state"),
    timelineRows: await page.locator("#timeline-table tbody tr").count(),
    attempts: await page.locator("article.attempt").count(),
    graphNodes: await page.locator("#graph-diagram g.node").count(),
    visitedNodes: await page.locator("#graph-diagram g.node.visited").count(),
    takenEdges: await page.locator("#graph-diagram path.edge.taken").count(),
    charts: await page.locator("svg.chart").count(),
    decisions: await page.locator("ol.decisions li").count(),
  };
  return { page, problems, shown, text };
}

describe("HTML reports of real runs, in headless Chromium", () => {
  it("a run the offline engine repaired: the fix as a diff, no console errors, nothing fetched", SLOW, async () => {
    const { task } = await loadTask({ path: CLAMP_CASE });
    const agent = createAgent({ model: "offline", sandbox, runsDir, env: {} });
    const run = await agent.run(task, { command: "repair" }).finally(() => agent.close());
    expect(run).toMatchObject({ status: "passed", verified: true });

    const { page, problems, shown, text } = await openReport(run, "offline-repair-passed");
    expect(problems).toEqual({ consoleErrors: [], pageErrors: [], requests: [] });
    expect(shown).toMatchObject({ state: "passed", timelineRows: run.attempts.length, attempts: run.attempts.length, graphNodes: 15, charts: 2 });
    expect(await text("#timeline-table")).toMatch(/draft[\s\S]*offline/);
    // The offline fix swaps `low` for `high`: removed and added lines, with the changed word marked.
    const fix = page.locator(`#attempt-${run.attempts.length} table.diff`);
    await expect.poll(() => fix.locator("tr.del").count()).toBeGreaterThan(0);
    expect(await fix.locator("tr.add mark").allInnerTexts()).toContain("high");
    expect(await text("ol.decisions")).toContain("offline engine: fixed");
    await page.close();
  });

  it("a run that gave up: diagnosis with the marked line, expected vs actual, routing decisions, working filters", SLOW, async () => {
    const broken = "```python\ndef median(values:\n    return 0\n```";
    const run = await scriptedRun([{ reply: cannedReplies.python.wrong }, { reply: cannedReplies.python.wrong }, { reply: broken }], { maxAttempts: 3 });
    expect(run).toMatchObject({ status: "failed", reason: "max_attempts" });

    const { page, problems, shown, text } = await openReport(run, "scripted-gave-up");
    expect(problems).toEqual({ consoleErrors: [], pageErrors: [], requests: [] });
    expect(shown).toMatchObject({ state: "gave_up", timelineRows: 3, attempts: 3, graphNodes: 15 });
    // A failed attempt goes from validate to repair (which analyzes it first), in two steps.
    const visited = await page.locator("#graph-diagram g.node.visited").evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-node")));
    expect(visited.sort()).toEqual(["__end__", "__start__", "generate", "give_up", "repair", "validate"]);
    expect(shown.visitedNodes).toBe(visited.length);
    expect(await text("#run-header")).toContain("gave up: max_attempts");
    expect(await page.locator("#attempt-1 .context div.marked").innerText()).toContain("assert median([4, 1, 3, 2]) == 2.5");
    expect(await page.locator("#attempt-1 pre.expected").innerText()).toBe("2.5");
    expect(await page.locator("#attempt-1 pre.actual").innerText()).toBe("3");
    expect(await page.locator("#attempt-3 table.diff tr.add").count()).toBeGreaterThan(0);
    expect(await text("ol.decisions")).toContain("assertion failure: analyze, then repair");

    // The page's script works: a filter hides the routing decisions, "Expand all" opens every attempt.
    const routes = page.locator("ol.decisions li.kind-route");
    expect(await routes.first().isVisible()).toBe(true);
    await page.locator('.filters button[data-kind="route"]').click();
    expect(await routes.evaluateAll((items) => items.every((item) => item.classList.contains("hidden")))).toBe(true);
    await page.locator("#toggle-attempts").click();
    expect(await page.locator(".attempt details:not([open])").count()).toBe(0);
    expect(problems.consoleErrors).toEqual([]);
    await page.locator("#graph").screenshot({ path: join(SCREENSHOTS, "graph.png") });
    await page.close();
  });

  it("a run paused for approval and one stopped by its token budget", SLOW, async () => {
    const paused = await scriptedRun([{ reply: cannedReplies.python.right }], { approve: true });
    expect(paused).toMatchObject({ reason: "interrupted", pending: "approval" });
    const pausedPage = await openReport(paused, "scripted-paused");
    expect(pausedPage.problems).toEqual({ consoleErrors: [], pageErrors: [], requests: [] });
    expect(pausedPage.shown.state).toBe("paused");
    expect(await pausedPage.text("#run-header")).toContain(`mend resume ${paused.runId} --approve`);
    expect(await pausedPage.page.locator("#graph-diagram g.node.current").getAttribute("data-node")).toBe("approve");
    await pausedPage.page.close();

    // The error boundary refuses a model call the token budget cannot cover, before it is sent.
    const stopped = await scriptedRun([{ reply: cannedReplies.python.wrong }], { budget: { tokens: 300 } });
    expect(stopped).toMatchObject({ status: "failed", reason: "budget_tokens" });
    const stoppedPage = await openReport(stopped, "scripted-budget-stopped");
    expect(stoppedPage.problems).toEqual({ consoleErrors: [], pageErrors: [], requests: [] });
    expect(stoppedPage.shown).toMatchObject({ state: "stopped", attempts: stopped.attempts.length });
    expect(await stoppedPage.text("#run-header")).toContain("stopped: budget_tokens");
    expect(await stoppedPage.text("ol.decisions li.kind-boundary")).toContain("boundary stopped the run");
    await stoppedPage.page.close();
  });
});
