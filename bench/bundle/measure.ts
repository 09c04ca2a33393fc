import type { Page, Response } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** gzip -9 size of a built file (what a server with compression sends). */
export function gzipSize(file: string): number {
  return zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
}

export interface Loaded {
  files: string[];
  gzipBytes: number;
  rawBytes: number;
  /** Body bytes Chromium received for those files, as the server sent them (precompressed brotli). */
  wireBytes: number;
  /** Content-Encoding of each file as served (none = sent uncompressed). */
  encodings: Record<string, string>;
}

/**
 * Records every response under `prefix` (e.g. `/widgets/`) while `run` drives the page, then sums
 * the gzip sizes of those files from `dir`. The browser decides what a first render loads: the
 * entry, its static imports, the widget's lazy component, its styles, and what that fetches when it
 * renders (force-graph once the graph draws); nothing that waits for a user action.
 */
export async function loadedFiles(page: Page, prefix: string, dir: string, run: () => Promise<void>): Promise<Loaded> {
  const seen = new Set<string>();
  const responses: Response[] = [];
  const onResponse = (res: Response) => {
    const { pathname } = new URL(res.url());
    if (pathname.startsWith(prefix) && /\.(js|css)$/.test(pathname)) {
      seen.add(pathname.slice(prefix.length));
      responses.push(res);
    }
  };
  page.on('response', onResponse);
  try {
    await run();
  } finally {
    page.off('response', onResponse);
  }
  const files = [...seen].sort();
  let gzipBytes = 0;
  let rawBytes = 0;
  for (const f of files) {
    const full = path.join(dir, f);
    gzipBytes += gzipSize(full);
    rawBytes += fs.statSync(full).size;
  }
  // Bytes on the wire: what the server really sent (first response per file; a cached repeat is 0).
  let wireBytes = 0;
  const encodings: Record<string, string> = {};
  for (const res of responses) {
    const file = new URL(res.url()).pathname.slice(prefix.length);
    if (file in encodings) continue;
    encodings[file] = (await res.headerValue('content-encoding')) ?? 'none';
    wireBytes += (await res.request().sizes()).responseBodySize;
  }
  return { files, gzipBytes, rawBytes, wireBytes, encodings };
}

/** Waits until no request has been in flight for `quietMs` (lazy chunks chain one after another). */
export async function settle(page: Page, quietMs = 800, maxMs = 20_000): Promise<void> {
  let inFlight = 0;
  let last = Date.now();
  const start = () => {
    inFlight++;
    last = Date.now();
  };
  const end = () => {
    inFlight = Math.max(0, inFlight - 1);
    last = Date.now();
  };
  page.on('request', start);
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  const deadline = Date.now() + maxMs;
  try {
    while (Date.now() < deadline && (inFlight > 0 || Date.now() - last < quietMs)) await page.waitForTimeout(100);
  } finally {
    page.off('request', start);
    page.off('requestfinished', end);
    page.off('requestfailed', end);
  }
}
