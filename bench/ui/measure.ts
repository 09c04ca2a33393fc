import type { Page, Request } from '@playwright/test';

/** An API call made while a page loaded: path and query, and its time from request start to the last byte. */
export interface ApiCall {
  path: string;
  ms: number;
}

/** A table body row with data (not the one-cell "nothing found" row of src/ui/table/DataTable). */
const DATA_ROW = 'table tbody tr:not(:has(.kg-table__empty)) td';

/**
 * Navigates to `url` and answers the milliseconds from the navigation's start (the page's
 * performance time origin) to the first data row on screen, polled every animation frame.
 */
export async function timeToFirstRow(page: Page, url: string, label: string, calls?: ApiCall[]): Promise<number> {
  const onDone = (req: Request) => {
    const t = req.timing();
    if (new URL(req.url()).pathname.startsWith('/api/')) calls?.push({ path: new URL(req.url()).pathname + new URL(req.url()).search, ms: Math.round(t.responseEnd) });
  };
  page.on('requestfinished', onDone);
  await page.goto(url, { waitUntil: 'commit' });
  try {
    await page.waitForFunction((sel) => !!document.querySelector(sel), DATA_ROW, { polling: 'raf', timeout: 30_000 });
  } catch (err) {
    throw new Error(`${label}: no data row within 30 s at ${url}`, { cause: err });
  } finally {
    page.off('requestfinished', onDone);
  }
  return page.evaluate(() => performance.now());
}

/**
 * Types `term` into the node search box and answers the milliseconds from the last keystroke to
 * the last change of the table body caused by it (rows replaced, spinner gone). The caller
 * subtracts the debounce.
 */
export async function searchRound(page: Page, term: string): Promise<number> {
  const box = page.getByPlaceholder('Search nodes...');
  await box.fill('');
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(400);
  await page.evaluate(() => {
    const w = window as unknown as { __kgMut: number[]; __kgObs?: MutationObserver };
    w.__kgMut = [];
    w.__kgObs?.disconnect();
    w.__kgObs = new MutationObserver(() => w.__kgMut.push(performance.now()));
    w.__kgObs.observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  const answered = page.waitForResponse((r) => r.url().includes('/api/nodes?') && new URL(r.url()).searchParams.get('search') === term);
  await box.pressSequentially(term);
  const typedAt = await page.evaluate(() => performance.now());
  await answered;
  // Let the render that follows the answer happen, then take the last body change.
  await page.waitForTimeout(500);
  const last = await page.evaluate(() => Math.max(...(window as unknown as { __kgMut: number[] }).__kgMut));
  return last - typedAt;
}
