import { setupI18n, type Messages } from '@lingui/core';
import { setTranslator, type TextValue } from '../contract/texts';
import { DEFAULT_LOCALE, isRtl, matchLocale, type Locale } from './locales';

/**
 * The browser's i18n runtime (Lingui, DESIGN §9): one active language per page, shared by the
 * host and every kg-* element of the bundle. Catalogues other than English are separate chunks,
 * compiled at build time (scripts/build/vite-i18n-catalogues.mjs), loaded the first time they are
 * asked for. Portals' `texts` overrides are kept per owner (an element) and merged over the
 * catalogue; ICU overrides are compiled by Lingui's compiler, itself loaded only when one is given.
 * Installs itself as the texts modules' translator (src/contract/texts/define.ts) when first imported.
 */
type Catalogue = Messages;
const loaders: Record<Exclude<Locale, 'en'>, () => Promise<{ default: Catalogue }>> = {
  de: () => import('virtual:kg-catalogue/de'),
  fr: () => import('virtual:kg-catalogue/fr'),
  es: () => import('virtual:kg-catalogue/es'),
  ar: () => import('virtual:kg-catalogue/ar'),
};

const i18n = setupI18n({ locale: DEFAULT_LOCALE, messages: { [DEFAULT_LOCALE]: {} } });
const catalogues = new Map<Locale, Catalogue>([['en', {}]]);
const pending = new Map<Locale, Promise<void>>();
const overrides = new Map<object, Record<string, string>>();
let compiledOverrides: Catalogue = {};
let wanted: Locale = DEFAULT_LOCALE;
let active: Locale = DEFAULT_LOCALE;
let version = 0;
const listeners = new Set<() => void>();

function refresh(): void {
  i18n.loadAndActivate({ locale: active, locales: [active], messages: { ...catalogues.get(active), ...compiledOverrides } });
  version += 1;
  for (const listener of [...listeners]) listener();
}

/** `null`/`undefined` values arrive as `none` (a select can branch on them), lists joined. */
const icuValue = (value: unknown): TextValue =>
  value == null ? 'none' : Array.isArray(value) ? value.join(', ') : (value as TextValue);

setTranslator((id: string, values?: Record<string, TextValue>) =>
  Object.prototype.hasOwnProperty.call(i18n.messages, id)
    ? i18n._(id, values && Object.fromEntries(Object.entries(values).map(([k, v]) => [k, icuValue(v)])))
    : undefined,
);

function load(locale: Locale): Promise<void> {
  if (catalogues.has(locale)) return Promise.resolve();
  let promise = pending.get(locale);
  if (!promise) {
    promise = loaders[locale as Exclude<Locale, 'en'>]()
      .then((m) => void catalogues.set(locale, m.default))
      .finally(() => pending.delete(locale));
    pending.set(locale, promise);
  }
  return promise;
}

/**
 * Asks for a language (a BCP 47 tag; unsupported ones give English). The page switches once its
 * catalogue is loaded; the last request wins. Resolves when `locale` is active (or superseded).
 */
export async function requestLocale(tag: string | null | undefined): Promise<void> {
  const locale = matchLocale(tag);
  wanted = locale;
  if (locale === active) return;
  try {
    await load(locale);
  } catch (error) {
    console.error(`kg i18n: could not load the "${locale}" catalogue`, error);
    return;
  }
  if (wanted !== locale) return;
  active = locale;
  refresh();
}

export const activeLocale = (): Locale => active;
export const isLocaleReady = (tag: string | null | undefined): boolean => catalogues.has(matchLocale(tag));
export const activeDirection = (): 'rtl' | 'ltr' => (isRtl(active) ? 'rtl' : 'ltr');

/** Changes on every switch or override, for useSyncExternalStore. */
export const i18nVersion = (): number => version;
export function subscribeI18n(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Plain texts need no compiler: a message without braces or quotes is its own compiled form. */
const needsCompiler = (text: string) => /[{}'#]/.test(text);

/**
 * Sets the texts an owner (an element) overrides: message id → text or ICU message, in every
 * language. `null` removes them. Overrides of all owners are merged (one page, one set of texts;
 * ids are per screen, so two elements' overrides only meet on the shared `messages.*` ids).
 */
export async function setTextOverrides(owner: object, texts: Record<string, string> | null | undefined): Promise<void> {
  if (texts && typeof texts === 'object') overrides.set(owner, texts);
  else overrides.delete(owner);
  // Ids are not checked here: a screen's texts module may not be loaded yet (lazy chunks);
  // the element references list the ids, and an unknown id is simply never asked for.
  const merged: Record<string, string> = Object.assign({}, ...overrides.values());
  const compile = Object.values(merged).some((t) => typeof t === 'string' && needsCompiler(t))
    ? (await import('@lingui/message-utils/compileMessage')).compileMessage
    : null;
  compiledOverrides = Object.fromEntries(
    Object.entries(merged)
      .filter(([, text]) => typeof text === 'string')
      .map(([id, text]) => [id, compile && needsCompiler(text) ? compile(text) : [text]]),
  );
  refresh();
}

/** Numbers and dates in the active language ("numbers and dates use the locale"). */
const formats = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function cached<F extends Intl.NumberFormat | Intl.DateTimeFormat>(kind: string, options: object, make: () => F): F {
  const key = `${active}|${kind}|${JSON.stringify(options)}`;
  let format = formats.get(key) as F | undefined;
  if (!format) formats.set(key, (format = make()));
  return format;
}
export const formatNumber = (value: number, options: Intl.NumberFormatOptions = {}): string =>
  cached('n', options, () => new Intl.NumberFormat(active, options)).format(value);
export const formatDateTime = (value: Date, options: Intl.DateTimeFormatOptions): string =>
  cached('d', options, () => new Intl.DateTimeFormat(active, options)).format(value);
