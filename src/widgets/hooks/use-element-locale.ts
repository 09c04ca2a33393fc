import { useEffect, useState, useSyncExternalStore } from 'react';
import { activeDirection, activeLocale, i18nVersion, isLocaleReady, requestLocale, subscribeI18n } from '../../i18n/runtime';

/**
 * The language of a kg-* element: its `lang` attribute, else the nearest
 * ancestor's (`<html lang>` last), followed as they change; unsupported or missing → English.
 * The page has one active language (src/i18n/runtime.ts): the last element to ask sets it.
 * Sets `dir` on the element for right-to-left languages. Returns a key that changes with the
 * language (the element's tree is rendered again under it) and whether the first catalogue
 * has arrived (until then the element renders nothing, rather than English for a moment).
 */
const languageOf = (host: Element | undefined): string | null =>
  host?.closest('[lang]')?.getAttribute('lang') ?? (typeof document === 'undefined' ? null : document.documentElement.getAttribute('lang'));

export function useElementLocale(host: Element | undefined): { key: string; ready: boolean } {
  const [tag, setTag] = useState(() => languageOf(host));
  useEffect(() => {
    if (!host || typeof MutationObserver === 'undefined') return;
    setTag(languageOf(host));
    const observer = new MutationObserver(() => setTag(languageOf(host)));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['lang'], subtree: true });
    return () => observer.disconnect();
  }, [host]);
  useEffect(() => void requestLocale(tag), [tag]);
  const version = useSyncExternalStore(subscribeI18n, i18nVersion);
  const [shown, setShown] = useState(false);
  const ready = shown || isLocaleReady(tag);
  useEffect(() => {
    if (ready) setShown(true);
  }, [ready]);
  const direction = activeDirection();
  useEffect(() => {
    if (host && host.getAttribute('dir') !== direction) host.setAttribute('dir', direction);
  }, [host, direction]);
  return { key: `${activeLocale()}:${version}`, ready };
}
