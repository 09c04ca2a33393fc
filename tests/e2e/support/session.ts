import type { Page } from '@playwright/test';

export interface Credentials {
  username: string;
  password: string;
}

export interface Session {
  accessToken: string;
  refreshToken: string;
}

/** Signs in through the API (POST /api/auth/login), as the sign-in form does. */
export async function apiSession(baseUrl: string, who: Credentials): Promise<Session> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: who.username, password: who.password }),
  });
  if (res.status !== 200) throw new Error(`${who.username} could not sign in: ${res.status}`);
  return (await res.json()) as Session;
}

/**
 * Opens `path` already signed in, without the sign-in form: the session goes where the app keeps it
 * (localStorage) from a small answer of the same origin (/api/health), so the app itself loads once,
 * signed in, as after a sign-in. Specs about signing in type the form instead; everything else
 * starts here (or from twoCurators' signedIn), which saves a page load and the form per test.
 */
export async function openSignedIn(
  page: Page,
  baseUrl: string,
  who: Credentials | Session,
  path: string,
  /** `beforeOpen` runs on the page, signed in, before it opens `path` (e.g. to listen for its socket). */
  o: { language?: string; beforeOpen?: (page: Page) => void } = {},
): Promise<void> {
  const session = 'accessToken' in who ? who : await apiSession(baseUrl, who);
  await page.goto(`${baseUrl}/api/health`);
  await page.evaluate(
    ([a, r, lang]) => {
      localStorage.setItem(`kg:${location.origin}:accessToken`, a);
      localStorage.setItem(`kg:${location.origin}:refreshToken`, r);
      if (lang) localStorage.setItem(`kg:${location.origin}:language`, lang);
    },
    [session.accessToken, session.refreshToken, o.language ?? ''] as const,
  );
  o.beforeOpen?.(page);
  await page.goto(`${baseUrl}${path}`);
}
