import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Runs axe-core on the page as it is now (shadow roots included) and fails on any serious or
 * critical violation, listing rule, impact and the first offending targets (with axe's finding)
 * so the report says what to fix. Call it once the screen has rendered its data (not on a spinner).
 */
export async function expectNoSeriousA11yViolations(page: Page, context = ''): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  // Each target with the last line of axe's summary (e.g. the contrast measured): enough to fix it from the report.
  const where = (n: (typeof serious)[number]['nodes'][number]) => `${n.target.join(' ')}${n.failureSummary ? ` [${n.failureSummary.split('\n').pop()?.trim()}]` : ''}`;
  const report = serious.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map(where).join(' | ')}`);
  expect(report, `axe violations ${context}`).toEqual([]);
}
