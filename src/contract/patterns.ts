/** Field patterns shared by the schemas and by browser forms (zod-free, so bundles stay small). */

/** Digits, spaces, hyphens, parentheses and an optional leading plus (spec §5 Profile). */
export const MOBILE_PATTERN = /^\+?[\d\s\-()]+$/;

/** Something@something.tld without spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A URL the product will link to: http(s) only (no javascript:, data:, file: ...; DESIGN §6). */
export function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return (u.protocol === 'http:' || u.protocol === 'https:') && !!u.hostname;
  } catch {
    return false;
  }
}
