import type { Locator, Page } from '@playwright/test';

/**
 * Layout measurements for the fit checks (fit.spec.ts) and the screenshot script: what is cut
 * off, covered or squeezed, measured in the page (shadow roots included).
 */

/**
 * Every visible select whose longest option does not fit its box: the option's text width (in
 * the select's own font) plus the select's paddings (the chevron's room) against its inner width.
 * A select that sizes to its longest option, or wraps to a row of its own wide enough, passes.
 */
export async function clippedSelects(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const ctx = document.createElement('canvas').getContext('2d')!;
    const selects: HTMLSelectElement[] = [];
    const walk = (root: Document | ShadowRoot) => {
      root.querySelectorAll('select').forEach((s) => selects.push(s));
      root.querySelectorAll('*').forEach((e) => e.shadowRoot && walk(e.shadowRoot));
    };
    walk(document);
    const out: string[] = [];
    for (const s of selects) {
      if (!s.checkVisibility() || s.clientWidth === 0) continue;
      const style = getComputedStyle(s);
      ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const longest = [...s.options].reduce((a, o) => (ctx.measureText(o.text).width > ctx.measureText(a).width ? o.text : a), '');
      const need = ctx.measureText(longest).width + parseFloat(style.paddingInlineStart) + parseFloat(style.paddingInlineEnd);
      if (need > s.clientWidth + 1) out.push(`"${longest}" needs ${Math.ceil(need)} px, the select (${s.getAttribute('aria-label') ?? s.id}) has ${s.clientWidth}`);
    }
    return out;
  });
}

/**
 * Every visible button whose label runs past its box (a long translation in a narrow column):
 * the label must wrap or the button grow, never spill over its border.
 */
export async function clippedButtons(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const buttons: HTMLElement[] = [];
    const walk = (root: Document | ShadowRoot) => {
      root.querySelectorAll<HTMLElement>('.kg-btn').forEach((b) => buttons.push(b));
      root.querySelectorAll('*').forEach((e) => e.shadowRoot && walk(e.shadowRoot));
    };
    walk(document);
    return buttons
      .filter((b) => b.checkVisibility() && b.clientWidth > 0 && b.scrollWidth > b.clientWidth + 1)
      .map((b) => `"${b.textContent?.trim()}" needs ${b.scrollWidth} px, has ${b.clientWidth}`);
  });
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
export const intersects = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The boxes of every control of a region (row and card actions, pagers, toggles), the floating button left out. */
export async function actionBoxes(scope: Locator): Promise<Box[]> {
  return scope.evaluate((el) =>
    [...el.querySelectorAll('button, a[href], select, input')]
      .filter((b) => !b.closest('.kg-graph-fab') && (b as HTMLElement).checkVisibility())
      .map((b) => {
        const r = b.getBoundingClientRect();
        return { x: r.x, y: r.y, width: r.width, height: r.height };
      }),
  );
}
