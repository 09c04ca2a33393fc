import { test, type Browser, type BrowserContext, type BrowserContextOptions } from '@playwright/test';

/**
 * Playwright closes only a test's own context: one a helper opens with `browser.newContext()` stays
 * open for the worker's lifetime — a live app reconnecting to a stopped server through every later
 * spec file, and a screenshot more in each failure's report. Called at a spec file's top level (or
 * by a helper called there), this returns a `newContext` whose contexts close after each test of
 * that file, failed or not.
 */
export function contextsClosedAfterEach(): (browser: Browser, options?: BrowserContextOptions) => Promise<BrowserContext> {
  const opened = new Set<BrowserContext>();
  test.afterEach(async () => {
    await Promise.all([...opened].map((c) => c.close()));
    opened.clear();
  });
  return async (browser, options) => {
    const context = await browser.newContext(options);
    opened.add(context);
    return context;
  };
}
