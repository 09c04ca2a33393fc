import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Axe for `page`, collecting violations only (passes are not read). Axe's default mode runs in every
 * frame and then finishes in a new blank page of the context: a new renderer, ~1.7 s of each call's
 * ~2.4 s here. A page whose frames are all of its own origin needs neither: one axe.run in the page
 * (legacy mode) reaches its same-origin frames itself, and finds the same. Cross-origin frames (an
 * embedding portal) keep the default mode, the one that tests them.
 */
export function axeBuilder(page: Page): AxeBuilder {
  const origin = (url: string) => (url.startsWith('http') ? new URL(url).origin : null);
  const own = origin(page.url());
  const sameOrigin = page.frames().every((f) => origin(f.url()) === null || origin(f.url()) === own);
  return new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).setLegacyMode(sameOrigin);
}

/**
 * Runs axe-core on the page as it is now (shadow roots included) and fails on any serious or
 * critical violation, listing rule, impact and the first offending targets (with axe's finding)
 * so the report says what to fix. Call it once the screen has rendered its data (not on a spinner).
 */
export async function expectNoSeriousA11yViolations(page: Page, context = ''): Promise<void> {
  let serious = await seriousViolations(page);
  // A toast may start to fade in or out while axe measures (its timer is the app's, not the test's):
  // what it found then is measured once more, once that fade has ended. A violation of the screen
  // as it stands is found again; one of a frame in mid-fade is not.
  if (serious.length > 0) serious = await seriousViolations(page);
  // Each target with the last line of axe's summary (e.g. the contrast measured): enough to fix it from the report.
  const where = (n: (typeof serious)[number]['nodes'][number]) => `${n.target.join(' ')}${n.failureSummary ? ` [${n.failureSummary.split('\n').pop()?.trim()}]` : ''}`;
  const report = serious.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map(where).join(' | ')}`);
  expect(report, `axe violations ${context}`).toEqual([]);
}

async function seriousViolations(page: Page) {
  // A fade still running (a toast coming in) blends its colours with the background: axe would measure
  // the contrast of a frame no one reads. Wait for every finite animation, shadow roots included, to end
  // (a spinner's runs for ever; a page that keeps animating is checked as it is after 5 s).
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity), undefined, { timeout: 5000 })
    .catch(() => undefined);
  const results = await axeBuilder(page).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
