import type { Page } from '@playwright/test';

/**
 * What a reader gets from a page, for the language sweep (i18n-sweep.spec.ts): the visible text
 * nodes and the texts a screen reader or a tooltip gives (aria-label, title, placeholder, alt,
 * aria-description, aria-valuetext), the options of visible selects, and the document title.
 * Looks into every open shadow root, so the kg-* elements are read like the host.
 */
export interface ShownText {
  text: string;
  /** Where it was found: a short CSS-like path of the element, and the attribute when not text. */
  where: string;
}

export async function shownTexts(page: Page): Promise<ShownText[]> {
  return page.evaluate(() => {
    const out: { text: string; where: string }[] = [];
    const ATTRIBUTES = ['aria-label', 'title', 'placeholder', 'alt', 'aria-description', 'aria-valuetext', 'aria-roledescription'];
    const SKIP = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT']);
    const name = (el: Element) => {
      const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/)[0]}` : '';
      const host = (el.getRootNode() as ShadowRoot).host;
      return `${host ? `${host.localName} ≫ ` : ''}${el.localName}${cls}`;
    };
    const push = (text: string | null | undefined, where: string) => {
      const t = (text ?? '').replace(/\s+/g, ' ').trim();
      if (t) out.push({ text: t, where });
    };
    const visible = (el: Element) => el.checkVisibility({ visibilityProperty: true, contentVisibilityAuto: true });
    const walk = (root: Document | ShadowRoot | Element) => {
      for (const child of Array.from(root.childNodes)) {
        if (child.nodeType === Node.TEXT_NODE) {
          const parent = child.parentElement;
          if (parent && !SKIP.has(parent.tagName) && parent.localName !== 'option' && visible(parent)) push(child.textContent, name(parent));
        } else if (child instanceof Element) {
          if (SKIP.has(child.tagName)) continue;
          if (visible(child)) {
            for (const a of ATTRIBUTES) if (child.hasAttribute(a)) push(child.getAttribute(a), `${name(child)}[${a}]`);
            if (child instanceof HTMLSelectElement) for (const o of Array.from(child.options)) push(o.text, `${name(child)} option`);
          }
          if (child.shadowRoot) walk(child.shadowRoot);
          walk(child);
        }
      }
    };
    walk(document);
    push(document.title, 'document.title');
    return out;
  });
}

/** Waits until the page is quiet: no request in flight, no spinner or busy region left (shadow roots too). */
export async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page
    .waitForFunction(
      () => {
        const busy = (r: Document | ShadowRoot): boolean =>
          !!r.querySelector('[role="progressbar"], [aria-busy="true"]') || [...r.querySelectorAll('*')].some((e) => e.shadowRoot && busy(e.shadowRoot));
        return !busy(document);
      },
      undefined,
      { timeout: 10_000 },
    )
    .catch(() => {});
  await page.waitForTimeout(300);
}
