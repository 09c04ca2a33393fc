/**
 * Stands in for tinycolor2 in the builds (an alias in vite.config.ts and vite.widgets.config.ts):
 * its only user is canvas-color-tracker (force-graph's hit-testing), which calls
 * `tinyColor(str).toRgb()` on the `#rrggbb` strings it made itself from a registry index
 * (`int2HexColor`). The real package (named colours, HSL/HSV, colour maths) is ~5 KB gzip of the
 * graph explorer. This parses hex colours (#rgb, #rrggbb, #rrggbbaa) and `rgb()`/`rgba()`; like
 * tinycolor, anything else reads as black. tinycolor2.test.ts compares it with the real package.
 */
export interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

const BLACK: Rgba = { r: 0, g: 0, b: 0, a: 1 };
const clampByte = (n: number) => Math.max(0, Math.min(255, Math.round(n)));

function parse(input: string): Rgba {
  const s = input.trim().toLowerCase();
  let m = /^#?([0-9a-f]{3})$/.exec(s);
  if (m) {
    const [r, g, b] = [...m[1]].map((c) => parseInt(c + c, 16));
    return { r, g, b, a: 1 };
  }
  m = /^#?([0-9a-f]{6})([0-9a-f]{2})?$/.exec(s);
  if (m) {
    const n = parseInt(m[1], 16);
    const a = m[2] === undefined ? 1 : parseInt(m[2], 16) / 255;
    return { r: (n >> 16) & 255, g: (n >> 8) & 255, b: n & 255, a };
  }
  m = /^rgba?\(\s*(-?[\d.]+)[\s,]+(-?[\d.]+)[\s,]+(-?[\d.]+)(?:[\s,/]+(-?[\d.]+))?\s*\)$/.exec(s);
  if (m) {
    const alpha = m[4] === undefined ? 1 : Number(m[4]);
    return { r: clampByte(Number(m[1])), g: clampByte(Number(m[2])), b: clampByte(Number(m[3])), a: Number.isFinite(alpha) ? Math.max(0, Math.min(1, alpha)) : 1 };
  }
  return BLACK;
}

export default function tinycolor(color: string) {
  const rgba = typeof color === 'string' ? parse(color) : BLACK;
  return { toRgb: (): Rgba => ({ ...rgba }) };
}
