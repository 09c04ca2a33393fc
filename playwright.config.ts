import { defineConfig } from '@playwright/test';

/**
 * Browser tests drive the built app and examples in a real Chromium against the real server
 * (each spec file starts its own server on a fresh embedded database: tests/e2e/support/server.ts,
 * copied from templates that global-setup.ts builds once per run).
 * Playwright cannot download its browser here: we use Debian's chromium.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  outputDir: '.tmp/test-results',
  fullyParallel: false,
  // Two workers: one spec's idle moments (a debounce, a server's answer, a page's fade) are the other's
  // CPU on CI's 2 cores, where one worker left about a fifth of them idle (docs/architecture/testing.md
  // has the figures). KG_E2E_WORKERS=1 runs one spec at a time.
  workers: Number(process.env.KG_E2E_WORKERS) || 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // The summary files: the failed tries' assertions and the longest spec files, printed by `npm test` after its table.
  reporter: [['list'], ['./tests/e2e/support/failure-summary.ts'], ['./tests/e2e/support/spec-times.ts']],
  use: {
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    // Recording a trace costs every test about an eighth of its time (DOM snapshots and a screencast
    // of each action), kept or not: CI records only the retry of a failed test.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
});
