/**
 * The languages the widgets and the host speak. `en` is the spec's texts (the
 * texts modules); the others are catalogues in ./catalogues, loaded on demand. `ar` is a stub (a
 * handful of texts, English for the rest) that proves the right-to-left layout.
 */
export const LOCALES = ['en', 'de', 'fr', 'es', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
/** The languages a user may pick in Settings (the stub is for layout checks, not for users). */
export const SELECTABLE_LOCALES = ['en', 'de', 'fr', 'es'] as const satisfies readonly Locale[];
/** Each language's name in that language (the Settings switch). */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', de: 'Deutsch', fr: 'Français', es: 'Español', ar: 'العربية' };

const RTL: ReadonlySet<Locale> = new Set(['ar']);
export const isRtl = (locale: Locale): boolean => RTL.has(locale);

/** A BCP 47 tag (`de-CH`, `FR`, `pt`) → the supported language it asks for, else English. */
export function matchLocale(tag: string | null | undefined): Locale {
  const base = (tag ?? '').trim().toLowerCase().split(/[-_]/)[0];
  return (LOCALES as readonly string[]).includes(base) ? (base as Locale) : DEFAULT_LOCALE;
}
