/**
 * The text colour for a label on a coloured background (a node type's chip in its stored colour).
 * The default palette keeps white text at ≥ 4.5:1, but an admin may store any `#rrggbb` (a pale
 * yellow, a light grey): white text on those fails WCAG AA. Pick white when it reaches 4.5:1,
 * else the near-black ink, whichever contrasts more.
 */
export const LIGHT_INK = '#ffffff';
export const DARK_INK = '#18212d';

function channel(hex: string, at: number): number {
  const c = parseInt(hex.slice(at, at + 2), 16) / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance of `#rrggbb`. */
export function luminance(hex: string): number {
  return 0.2126 * channel(hex, 1) + 0.7152 * channel(hex, 3) + 0.0722 * channel(hex, 5);
}

/** WCAG contrast ratio of two `#rrggbb` colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

export function readableInk(background: string): string {
  if (contrastRatio(background, LIGHT_INK) >= 4.5) return LIGHT_INK;
  return contrastRatio(background, DARK_INK) > contrastRatio(background, LIGHT_INK) ? DARK_INK : LIGHT_INK;
}
