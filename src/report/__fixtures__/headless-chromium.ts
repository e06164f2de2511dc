import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BrowserContext, chromium, type Page } from "playwright-core";

/**
 * Where the browser tests leave screenshots for a person to look at: outside the repository
 * (a test run must leave nothing in it), `MEND_SCREENSHOTS` to choose.
 */
export const SCREENSHOTS = process.env.MEND_SCREENSHOTS ?? join(tmpdir(), "mendloop-report-screenshots");

/** Debian's Chromium (`apt-get install chromium`); the browser tests need it and fail without it. */
export const CHROMIUM = process.env.MEND_CHROMIUM ?? "/usr/bin/chromium";

const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export interface OpenedBrowser {
  context: BrowserContext;
  close(): Promise<void>;
}

/**
 * Starts headless Chromium with a fresh profile. A missing browser throws (the tests must
 * fail, not skip, when CI forgot to install it).
 */
export async function launchChromium(): Promise<OpenedBrowser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium is missing at ${CHROMIUM}: apt-get install -y chromium (or set MEND_CHROMIUM)`);
  }
  const profile = mkdtempSync(join(tmpdir(), "mend-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [...FLAGS],
    viewport: { width: 1200, height: 900 },
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Problems a page reported while it loaded: console errors, uncaught exceptions, requests. */
export interface PageProblems {
  consoleErrors: string[];
  pageErrors: string[];
  /** Every request other than the page itself (a self-contained report makes none). */
  requests: string[];
}

export function watchPage(page: Page, pageUrl: string): PageProblems {
  const problems: PageProblems = { consoleErrors: [], pageErrors: [], requests: [] };
  page.on("console", (message) => {
    if (message.type() === "error") problems.consoleErrors.push(message.text());
  });
  page.on("pageerror", (error) => problems.pageErrors.push(error.message));
  page.on("request", (request) => {
    if (request.url() !== pageUrl) problems.requests.push(request.url());
  });
  return problems;
}
