import { readFileSync } from 'node:fs';
import path from 'node:path';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { widgetElements } from '../../../scripts/build/widget-elements.mjs';
import { englishIn, type Leak } from '../support/english-leaks';
import { startServer, type TestServer } from '../support/server';
import { settled, shownTexts } from '../support/shown-texts';
import { contextsClosedAfterEach } from '../support/contexts';

/**
 * Every screen in German, checked for English of ours: every route of the host's route table
 * (read from src/host/App.tsx, so a new route is swept without touching this file) and every kg-*
 * element of the bundle (read from src/widgets/elements.ts), each alone on a page with
 * <html lang="de">. The data is German and counts pass a thousand (1.100 nodes, a hub above its
 * cap), so a number grouped '1,100' or an English word ('nodes', 'strongest'), an English date or
 * an internal key (`fromEvent`) on any of them fails, named with where it was found.
 * The audit log holds a restore, an import, a failed sign-in and a role's delete, so their details show.
 * Needs `npm run build` first.
 */
let server: TestServer;
const newContext = contextsClosedAfterEach();
let token = '';
let refreshToken = '';
const admin = { username: 'dr.weber', email: 'weber@beispiel.de', password: 'richtiges-pferd-9' };
/** Words of this test's own data (names of people and things, not texts of ours). */
const DATA_WORDS = new Set(['dr', 'weber', 'beispiel', 'de', 'pflege', 'zentrum', 'befund', 'krankheit', 'arzneimittel', 'behandelt', 'csv', 'befunde']);
const ids = { node: '', relation: '' };

async function api(method: string, pathname: string, body?: unknown) {
  const res = await fetch(`${server.url}/api${pathname}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.ok, `${method} ${pathname}: ${res.status} ${await res.clone().text()}`).toBe(true);
  return res.status === 204 ? null : res.json();
}

async function upload(pathname: string, csv: string, wait: () => Promise<boolean>) {
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'befunde.csv');
  const res = await fetch(`${server.url}/api${pathname}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  expect(res.ok, await res.clone().text()).toBe(true);
  await expect.poll(wait, { timeout: 120_000 }).toBe(true);
}

/** 'Befund aaa', 'Befund aab' …: German names without digits (a digit would read as a count). */
const letters = (i: number) => [2, 1, 0].map((p) => String.fromCharCode(97 + (Math.floor(i / 26 ** p) % 26))).join('');

test.beforeAll(async () => {
  // The server's start and the data's import: minutes on a loaded machine.
  test.setTimeout(900_000);
  server = await startServer({ KG_UPLOAD_ANSWER_WAIT_MS: '0' });
  const reg = await fetch(`${server.url}/api/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(admin) });
  expect(reg.ok, await reg.clone().text()).toBe(true);
  ({ accessToken: token, refreshToken } = await reg.json());

  await api('POST', '/relationtypes', { name: 'behandelt' });
  await api('POST', '/nodetypes', { name: 'Krankheit' });
  await api('POST', '/nodetypes', { name: 'Arzneimittel' });
  const names = Array.from({ length: 1100 }, (_, i) => `Befund ${letters(i)}`);
  const nodes = ['Name,NodeType,snomed', 'Zentrum,Arzneimittel,', ...names.map((n) => `${n},Krankheit,`)].join('\n');
  await upload('/nodes/upload', nodes, async () => (await api('GET', '/stats')).nodeCount === 1101);
  const relations = ['Source,Target,Relation type', ...names.slice(0, 30).map((n) => `Zentrum,${n},behandelt`)].join('\n');
  await upload('/relations/upload', relations, async () => (await api('GET', '/stats')).relationCount === 30);

  // Audit events with details: a restore (fromEvent), a failed sign-in (reason), a deleted role (movedUsers).
  const zentrum = (await api('GET', '/nodes?search=Zentrum')).data[0];
  ids.node = zentrum.id;
  ids.relation = (await api('GET', '/relations?limit=1')).data[0].id;
  await api('PUT', `/nodes/${zentrum.id}`, { name: 'Zentrum', nodeType: 'Arzneimittel', description: 'Geändert' });
  const history = await api('GET', `/nodes/${zentrum.id}/history`);
  await api('POST', `/nodes/${zentrum.id}/restore`, { eventId: history.data.at(-1).id });
  await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ login: admin.username, password: 'falsch' }) });
  const role = await api('POST', '/roles', { name: 'Pflege', description: 'Pflege', permissions: ['nodes.read'] });
  await api('DELETE', `/roles/${role.id}`);
});
test.afterAll(async () => {
  await server?.stop();
});

/** A page in German, signed in (or not): the stored language and tokens are there before any script runs. */
async function germanPage(browser: Browser, signedIn: boolean): Promise<Page> {
  const context = await newContext(browser, { viewport: { width: 1440, height: 900 }, locale: 'de-DE' });
  await context.addInitScript(
    ([t, refresh]) => {
      localStorage.setItem(`kg:${location.origin}:language`, 'de');
      if (t) localStorage.setItem(`kg:${location.origin}:accessToken`, t);
      if (refresh) localStorage.setItem(`kg:${location.origin}:refreshToken`, refresh);
    },
    signedIn ? [token, refreshToken] : ['', ''],
  );
  return context.newPage();
}

function leaksOn(texts: { text: string; where: string }[]): string[] {
  return texts.flatMap(({ text, where }) => {
    const leak: Leak | null = englishIn(text, DATA_WORDS);
    return leak ? [`${where}: "${leak.text}" (${leak.why})`] : [];
  });
}

/** The route table's paths, with a real id for each `:id`. */
function routes(): string[] {
  const app = readFileSync(path.resolve(import.meta.dirname, '../../../src/host/App.tsx'), 'utf8');
  const paths = [...app.matchAll(/<Route path="(\/[^"]*)"/g)].map((m) => m[1]).filter((p) => p !== '/');
  return paths.map((p) => p.replace(':id', p.startsWith('/relations/') ? ids.relation : ids.node));
}

test('every host route speaks German: no English word, number format, date or internal key of ours', async ({ browser }) => {
  test.setTimeout(240_000);
  const found: string[] = [];
  for (const route of routes()) {
    const signedOut = route === '/login' || route === '/register';
    const page = await germanPage(browser, !signedOut);
    await page.goto(`${server.url}${route}`);
    await settled(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    found.push(...leaksOn(await shownTexts(page)).map((l) => `${route} ${l}`));
    if (route === '/dashboard') {
      // The graph dialog, opened from the dashboard's floating button.
      await page.locator('.kg-graph-fab').click();
      await page.locator('.kg-graph-dialog .kg-graph__stage').waitFor();
      await settled(page);
      // German words and German grouping: '1.096 Knoten · 25 von 30 Verbindungen (Knotenpunkte zeigen ihre 25 stärksten)'.
      await expect(page.getByTestId('graph-subtitle')).toHaveText(/^1\.\d{3} Knoten · 25 von 30 Verbindungen \(Knotenpunkte zeigen ihre 25 stärksten\)$/);
      found.push(...leaksOn(await shownTexts(page)).map((l) => `${route} (graph) ${l}`));
    }
    await page.context().close();
  }
  expect(found).toEqual([]);
});

test('every kg-* element speaks German alone on a page with <html lang="de">', async ({ browser }) => {
  test.setTimeout(240_000);
  const found: string[] = [];
  for (const { tag } of widgetElements()) {
    const page = await germanPage(browser, true);
    const probe = `${server.url}/__i18n-probe/${tag}.html`;
    await page.route(probe, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Prüfseite</title><script type="module" src="/widgets/kg-elements.js"></script></head><body><${tag} api-base=""></${tag}></body></html>`,
      }),
    );
    await page.goto(probe);
    await page.locator(tag).waitFor({ state: 'attached' });
    await page.waitForFunction((t) => !!document.querySelector(t)?.shadowRoot?.childElementCount, tag);
    await settled(page);
    found.push(...leaksOn(await shownTexts(page)).map((l) => `<${tag}> ${l}`));
    await page.context().close();
  }
  expect(found).toEqual([]);
});

test('the detector itself: English words, English numbers and internal keys are caught, German passes', () => {
  expect(englishIn('2,147 nodes · 1,287 of 1,317 connections (hubs show their 25 strongest)')?.why).toMatch(/number grouping/);
  expect(englishIn('2.147 nodes')?.why).toMatch(/"nodes"/);
  expect(englishIn('fromEvent: 17')?.why).toMatch(/internal key "fromEvent"/);
  expect(englishIn('sign_in_failed')?.why).toMatch(/internal key/);
  expect(englishIn('4 Dec 2026')?.why).toMatch(/"dec"/);
  // A short id's hex is no word, whichever letters it happens to hold.
  expect(englishIn('ID: 4d1817be')).toBeNull();
  expect(englishIn('2.147 Knoten · 1.287 von 1.317 Verbindungen (Knotenpunkte zeigen ihre 25 stärksten)')).toBeNull();
  // Every German text of ours passes (its literal parts: placeholders and plural keywords are not shown).
  const literal = (t: unknown): string =>
    typeof t === 'string' ? t : Array.isArray(t) ? t.map((x) => (typeof x === 'string' ? x : Array.isArray(x) && x[2] && typeof x[2] === 'object' ? Object.values(x[2]).map(literal).join(' ') : ' ')).join('') : '';
  const german: Record<string, string> = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../../src/i18n/catalogues/de.json'), 'utf8'));
  expect(Object.entries(german).filter(([, m]) => englishIn(literal(compileMessage(m))))).toEqual([]);
});
