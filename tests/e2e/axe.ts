import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Runs axe-core on the page as it is now (shadow roots included) and fails on any serious or
 * critical violation, listing rule, impact and the first offending targets so the report says
 * what to fix. Call it once the screen has rendered its data (not on a spinner).
 */
export async function expectNoSeriousA11yViolations(page: Page, context = ''): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = serious.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
  expect(report, `axe violations ${context}`).toEqual([]);
}
