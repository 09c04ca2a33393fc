import type { Page } from '@playwright/test';

/** Where the change listener's chunk is served (the host's and the widgets' builds name it alike). */
const LIVE_CHUNK = /\/live-changes-[^/]*\.js$/;
/** How long to look for the chunk once connected: longer than the app's wait before loading it (2 s, then up to 1 s for the browser to be idle). */
const CHUNK_WITHIN_MS = 3500;
/** From the chunk's arrival to its screens' listeners: the module runs and each screen subscribes. */
const LISTENING_MARGIN_MS = 500;

/**
 * Resolves when the page's screens listen for live changes: a change committed before that is not
 * shown. Call before the navigation that opens the screen. Two signs, both needed: socket.io's
 * CONNECT answer on the page's websocket, and the live-changes chunk loaded in the page
 * (widgets/hooks/use-live-changes.ts loads it once the screen has settled). The connection alone is
 * not enough: presence (detail pages, forms) opens it at once, before the listener exists. The
 * chunk is seen in the page's resource timing, which also lists it when it came from the cache; if
 * it is not seen in time, the wait ends as the app's own would have.
 */
export function liveConnection(page: Page): Promise<void> {
  const connected = new Promise<void>((resolve) => {
    page.on('websocket', (ws) =>
      ws.on('framereceived', (frame) => {
        if (typeof frame.payload === 'string' && frame.payload.startsWith('40')) resolve();
      }),
    );
  });
  return connected.then(async () => {
    const since = Date.now();
    // Not seen in time, or the look ended early (the page navigated): the rest of the app's own wait.
    await page
      .waitForFunction((source) => performance.getEntriesByType('resource').some((e) => new RegExp(source).test(new URL(e.name).pathname)), LIVE_CHUNK.source, {
        timeout: CHUNK_WITHIN_MS,
        polling: 100,
      })
      .catch(() => page.waitForTimeout(Math.max(0, CHUNK_WITHIN_MS - (Date.now() - since))));
    await page.waitForTimeout(LISTENING_MARGIN_MS);
  });
}
