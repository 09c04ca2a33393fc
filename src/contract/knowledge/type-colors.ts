/**
 * Node-type colours (replaces the spec's colour-by-position). Each type stores its
 * own `color`, so adding a type never recolours the others. Zod-free: widgets import it directly.
 *
 * The palette: twelve calm, mutually distinguishable hues, each dark enough for white chip text
 * (contrast ≥ 4.5:1, WCAG AA). A new type gets the least-used palette colour (server-side), the
 * migration 0010 gave the existing types theirs in creation order.
 */
export const TYPE_PALETTE = [
  '#2f6db3', // blue
  '#2e7d4f', // green
  '#b2432f', // rust
  '#7651a8', // violet
  '#9a5b00', // amber
  '#00737a', // teal
  '#a8396b', // raspberry
  '#5b6b1f', // olive
  '#4654b0', // indigo
  '#85583a', // brown
  '#0c6fa0', // cerulean
  '#6a5d8a', // slate violet
] as const;

/** Used where a type's colour is unknown (a type missing from the catalogue). */
export const UNKNOWN_TYPE_COLOR = '#607d8b';

export const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;
export const isHexColor = (v: string) => HEX_COLOR.test(v);