import { useSyncExternalStore } from 'react';
import { authApi } from '../api/auth';
import { USER_LANGUAGES, type User, type UserLanguage } from '../contract';
import { activeDirection, activeLocale, i18nVersion, requestLocale, subscribeI18n } from '../i18n/runtime';
import { matchLocale } from '../i18n/locales';
import { storageKey } from '../api/storage-keys';
import { SHELL_TEXTS } from '../contract/texts/shell';
import { api, sessionActor } from './session';

/**
 * The host's language: the user's choice from Settings, kept on the user
 * server-side (`language`, so it follows them to every device) and in localStorage (for the
 * sign-in screen, before anyone is known); without a choice, the browser's language.
 * `<html lang dir>` follow the active language (assistive technology, RTL layout).
 */
/** Per server like every stored item (kg:<api-base>:language; api/storage-keys.ts). */
export const languageStorageKey = () => storageKey('', 'language');

function stored(): string | null {
  try {
    return localStorage.getItem(languageStorageKey());
  } catch {
    return null;
  }
}
function remember(language: string | null): void {
  try {
    if (language) localStorage.setItem(languageStorageKey(), language);
    else localStorage.removeItem(languageStorageKey());
  } catch {
    // storage disabled: the choice lasts for this page and, signed in, on the server
  }
}

const browserLanguage = () => (typeof navigator === 'undefined' ? null : navigator.language);

function applyToDocument(): void {
  document.documentElement.lang = activeLocale();
  document.documentElement.dir = activeDirection();
  // The tab's title is the product's name in the active language (index.html has the English one).
  document.title = SHELL_TEXTS.brand;
}

/** Before the first render: the remembered language's catalogue, so the app never flashes English. */
export async function startLanguage(): Promise<void> {
  subscribeI18n(applyToDocument);
  await requestLocale(stored() ?? browserLanguage());
  applyToDocument();
  // A user who signs in (or is signed in) with a chosen language gets it here and on this device.
  let last: User | null = null;
  sessionActor.subscribe((snap) => {
    const user = snap.context.user;
    if (user === last) return;
    last = user;
    if (user?.language) {
      remember(user.language);
      void requestLocale(user.language);
    }
  });
}

/** The Settings switch: applies at once, remembered here and, when signed in, on the user. */
export async function chooseLanguage(language: UserLanguage): Promise<User | null> {
  remember(language);
  await requestLocale(language);
  const signedIn = sessionActor.getSnapshot().matches('signedIn');
  if (!signedIn) return null;
  const user = await authApi(api).updateProfile({ language });
  sessionActor.send({ type: 'session.user.updated', user });
  return user;
}

/** The language the switch shows: the active one when it is selectable, else English. */
export function useHostLanguage(): UserLanguage {
  useSyncExternalStore(subscribeI18n, i18nVersion);
  const active = matchLocale(activeLocale());
  return (USER_LANGUAGES as readonly string[]).includes(active) ? (active as UserLanguage) : 'en';
}

/** Changes with every language switch: the host's tree renders again under it. */
export function useLanguageKey(): string {
  return `${activeLocale()}:${useSyncExternalStore(subscribeI18n, i18nVersion)}`;
}
