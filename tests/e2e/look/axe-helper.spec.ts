import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';

/**
 * The accessibility check every screen's spec relies on (support/axe.ts) finds what it is there to
 * find: a serious violation inside a shadow root (where every widget draws), in the mode it runs on a
 * page of one origin, and passes a page without one.
 */
const page = (color: string) => `<!doctype html><html lang="en"><head><title>Axe check</title></head><body><main><h1>Check</h1><div id="host"></div></main>
<script>document.getElementById('host').attachShadow({ mode: 'open' }).innerHTML = '<p style="color:${color};background:#fff">Shadow text</p>';</script></body></html>`;

test('a low-contrast text in a shadow root fails the check; a readable one passes', async ({ page: tab }) => {
  await tab.setContent(page('#bbb'));
  await expect(tab.getByText('Shadow text')).toBeVisible();
  const failure = await expectNoSeriousA11yViolations(tab, 'low contrast').then(() => null, (e: Error) => e.message);
  expect(failure).toContain('color-contrast (serious)');
  expect(failure).toContain('#host');

  await tab.setContent(page('#333'));
  await expect(tab.getByText('Shadow text')).toBeVisible();
  await expectNoSeriousA11yViolations(tab, 'readable');
});
