import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { graphApp } from '../support/graph-app';
import { clickAt, enableGraphDebug, positions, settled, type Positions } from '../support/graph-helpers';
import { startServer, type TestServer } from '../support/server';
import { bea, ada, twoCurators, type Curator } from '../support/two-curators';

/**
 * Review mode in the graph: open proposals drawn dashed for the proposer and for reviewers, and
 * decided from the popovers. Ada (admin, holds changes.review) reviews; Bea (editor) proposes a
 * new node with a relation to hypertension (one bundle, by a local reference) and a change to
 * hypertension; Vic (viewer) sees none of it and makes no proposals call. Tests share the server
 * and run in order. Needs `npm run build` first.
 */
test.describe.configure({ mode: 'serial' });

let server: TestServer;
const people = twoCurators(() => server);
const { api } = people;
const app = graphApp(() => server);
const { dialog, focusOn } = app;
const vic: Curator = { username: 'vic', email: 'vic@example.org', password: 'viewer-pass' };
const NEW_NODE = 'Resistant hypertension';
let hypertension = '';
let bundleId = '';
let updateId = '';
const german = JSON.parse(fs.readFileSync('src/i18n/catalogues/de.json', 'utf8')) as Record<string, string>;
const say = (language: 'en' | 'de', id: string, english: string) => (language === 'de' ? german[id] : english);

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startServer({ KG_SAMPLE_DATA: '1' });
  await people.setUp('editor');
  expect((await api('/users', { method: 'POST', body: { ...vic, role: 'viewer' } })).status).toBe(201);
  // Without rules, so it may join any two nodes.
  expect((await api('/relationtypes', { method: 'POST', body: { name: 'related to' } })).status).toBe(201);
  const found = await api<{ data: { id: string; name: string }[] }>('/nodes?search=hypertension');
  hypertension = found.body.data.find((n) => n.name === 'hypertension')!.id;
  expect((await api('/review/settings', { method: 'PUT', body: { enabled: true, nodeTypes: [], relationTypes: [] } })).status).toBe(200);

  // Bea's bundle: a new node and its relation to hypertension, applied together or not at all.
  const bundle = await api<{ id: string }>('/proposals', {
    method: 'POST',
    as: bea.username,
    body: {
      state: 'submitted',
      changes: [
        { kind: 'node', action: 'create', ref: 'ref:resistant', after: { name: NEW_NODE, nodeType: 'Disease' } },
        { kind: 'relation', action: 'create', after: { sourceNodeId: 'ref:resistant', targetNodeId: hypertension, relationType: 'related to', relationName: 'form of', weight: 70 } },
      ],
    },
  });
  expect(bundle.status).toBe(201);
  bundleId = bundle.body.id;
  // Bea's change to hypertension, through the ordinary route: review mode makes it a proposal (202).
  const current = await api<{ name: string; nodeType: string; version: number }>(`/nodes/${hypertension}`);
  const update = await api<{ proposal: { id: string } }>(`/nodes/${hypertension}`, {
    method: 'PUT',
    as: bea.username,
    body: { name: current.body.name, nodeType: current.body.nodeType, description: 'Blood pressure persistently at or above 130/80 mmHg.', version: current.body.version },
  });
  expect(update.status).toBe(202);
  updateId = update.body.proposal.id;
});
test.afterAll(async () => {
  await server?.stop();
});

/** Opens the graph dialog signed in as `who`, focused on hypertension. */
async function graphAs(page: Page, who: Curator, language?: string) {
  const token = await api<{ accessToken: string; refreshToken: string }>('/auth/login', { method: 'POST', body: { login: who.username, password: who.password } });
  await enableGraphDebug(page);
  await page.goto(people.url('/login'));
  await page.evaluate(
    ([a, r, lang]) => {
      localStorage.setItem(`kg:${location.origin}:accessToken`, a);
      localStorage.setItem(`kg:${location.origin}:refreshToken`, r);
      if (lang) localStorage.setItem(`kg:${location.origin}:language`, lang);
    },
    [token.body.accessToken, token.body.refreshToken, language ?? ''] as const,
  );
  await page.goto(people.url('/dashboard'));
  await page.getByRole('button', { name: language === 'de' ? german['shell.openGraph'] : 'Open knowledge graph' }).click();
  await expect(page.getByRole('dialog').filter({ has: page.getByTestId('graph-canvas') })).toBeVisible();
  await settled(page);
}

const proposedNodes = (p: Positions) => p.nodes.filter((n) => n.proposed).map((n) => `${n.name}:${n.proposed}`);
const proposedLinks = (p: Positions) => p.links.filter((l) => l.proposed);

test('a viewer sees no proposals and asks for none', async ({ page }) => {
  const calls: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/proposals')) calls.push(r.url());
  });
  await graphAs(page, vic);
  const p = await focusOn(page, 'hypertension');
  expect(p.nodes.some((n) => n.name === NEW_NODE)).toBe(false);
  expect(proposedNodes(p)).toEqual([]);
  expect(proposedLinks(p)).toEqual([]);
  await expect(dialog(page).getByTestId('graph-proposed-legend')).toHaveCount(0);
  expect(calls).toEqual([]);
});

test('the proposer sees her proposals dashed and may withdraw, not approve', async ({ page }) => {
  await graphAs(page, bea);
  const p = await focusOn(page, 'hypertension');
  expect(proposedNodes(p).sort()).toEqual([`${NEW_NODE}:create`, 'hypertension:update']);
  await expect(dialog(page).getByTestId('graph-proposed-legend')).toHaveText('Proposed');
  await clickAt(page, p.nodes.find((n) => n.name === NEW_NODE)!);
  const popover = dialog(page).getByRole('dialog', { name: NEW_NODE });
  await expect(popover.getByText('Proposed by bea')).toBeVisible();
  await expect(popover.getByText('New node')).toBeVisible();
  await expect(popover.getByRole('button', { name: 'Withdraw' })).toBeVisible();
  await expect(popover.getByRole('button', { name: 'Approve' })).toHaveCount(0);
});

test('a reviewer sees them dashed, approves the bundle from the relation popover by keyboard, rejects the change with a reason', async ({ page }) => {
  test.setTimeout(90_000);
  // Without the live module (a proxy may block the socket): the drawer's review badge still follows
  // the decisions made in the graph, and the graph reloads itself after each.
  await page.route(/\/live-changes-[^/]*\.js$/, (route) => route.abort());
  const badge = page.getByTestId('review-badge');
  await graphAs(page, ada);
  const p = await focusOn(page, 'hypertension');
  await expect(badge).toHaveText('2');
  expect(proposedNodes(p).sort()).toEqual([`${NEW_NODE}:create`, 'hypertension:update']);
  const link = proposedLinks(p);
  expect(link).toHaveLength(1);
  expect(link[0].target).toBe(hypertension);
  const d = dialog(page);
  await expect(d.getByTestId('graph-proposed-legend')).toBeVisible();

  // Keyboard: the first arrow chooses the focus node, Shift+arrows walk its relations to the proposed one, Enter opens it.
  await d.getByRole('application', { name: 'Knowledge graph' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(async () => (await positions(page))!.keyNode).toBe(hypertension);
  for (let i = 0; i < p.links.length && (await positions(page))!.keyLink !== link[0].id; i++) await page.keyboard.press('Shift+ArrowRight');
  expect((await positions(page))!.keyLink).toBe(link[0].id);
  await page.keyboard.press('Enter');
  const edge = d.getByRole('dialog', { name: 'Relation form of' });
  await expect(edge.getByText('Proposed by bea')).toBeVisible();
  await expect(edge.getByText('One of 2 changes proposed together: approving applies them all.')).toBeVisible();
  await expect(edge.getByRole('button', { name: 'Withdraw' })).toHaveCount(0);
  const approve = edge.getByRole('button', { name: 'Approve' });
  for (let i = 0; i < 20 && !(await approve.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(approve).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(d.getByText('Proposal approved')).toBeVisible();
  // Approved: the node and its relation are ordinary graph items now.
  await expect.poll(async () => proposedNodes((await positions(page))!)).toEqual(['hypertension:update']);
  const after = await settled(page);
  expect(after.nodes.some((n) => n.name === NEW_NODE)).toBe(true);
  expect(proposedLinks(after)).toEqual([]);
  expect((await api<{ state: string }>(`/proposals/${bundleId}`)).body.state).toBe('approved');
  await expect(badge).toHaveText('1');

  // The change to hypertension: its popover shows the change; Reject needs its reason.
  await clickAt(page, after.nodes.find((n) => n.id === hypertension)!);
  const node = d.getByRole('dialog', { name: 'hypertension' });
  await expect(node.getByText('Change to this node')).toBeVisible();
  await expect(node.getByText('Blood pressure persistently at or above 130/80 mmHg.')).toBeVisible();
  await node.getByRole('button', { name: 'Reject' }).click();
  await node.getByRole('button', { name: 'Reject proposal' }).click();
  await expect(node.getByText('Say why the proposal is rejected')).toBeVisible();
  await node.getByLabel(/^Reason for rejecting/).fill('The guideline threshold differs by region.');
  await node.getByRole('button', { name: 'Reject proposal' }).click();
  await expect(d.getByText('Proposal rejected')).toBeVisible();
  await expect.poll(async () => proposedNodes((await positions(page))!)).toEqual([]);
  await expect(d.getByTestId('graph-proposed-legend')).toHaveCount(0);
  await expect(badge).toHaveCount(0);
  const rejected = await api<{ state: string; reason: string }>(`/proposals/${updateId}`);
  expect(rejected.body).toMatchObject({ state: 'rejected', reason: 'The guideline threshold differs by region.' });
});

test('live: a new proposal shows up for the reviewer, and goes when withdrawn', async ({ page }) => {
  await graphAs(page, ada);
  await focusOn(page, 'hypertension');
  const created = await api<{ id: string }>('/proposals', {
    method: 'POST',
    as: bea.username,
    body: { changes: [{ kind: 'relation', action: 'create', after: { sourceNodeId: hypertension, targetNodeId: (await positions(page))!.nodes.find((n) => n.name === NEW_NODE)!.id, relationType: 'related to', relationName: 'leads to' } }] },
  });
  expect(created.status).toBe(201);
  await expect.poll(async () => proposedLinks((await positions(page))!).length).toBe(1);
  expect((await api(`/proposals/${created.body.id}/withdraw`, { method: 'POST', as: bea.username })).status).toBe(200);
  await expect.poll(async () => proposedLinks((await positions(page))!).length).toBe(0);
});

for (const language of ['en', 'de'] as const) {
  for (const [w, h] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    test(`screenshot ${language} ${w}px: the graph with open proposals`, async ({ page }) => {
      test.setTimeout(90_000);
      await page.setViewportSize({ width: w, height: h });
      // A fresh proposal per shot: a new node with its relation, the deletion of a relation and
      // a change to a node. The
      // German shots are the proposer's view of her draft, the English ones the reviewer's.
      const near = await api<{ nodes: { id: string; name: string; nodeType: string }[]; relations: { id: string; sourceNodeId: string; targetNodeId: string }[] }>(
        `/graph?focus=${hypertension}`,
      );
      const doomed = near.body.relations.find((r) => r.targetNodeId === hypertension)!;
      const changed = near.body.nodes.find((n) => n.name === 'Captopril')!;
      const name = `Masked hypertension ${language} ${w}`;
      const made = await api<{ id: string }>('/proposals', {
        method: 'POST',
        as: bea.username,
        body: {
          state: language === 'en' ? 'submitted' : 'draft',
          changes: [
            { kind: 'node', action: 'create', ref: 'ref:shot', after: { name, nodeType: 'Disease' } },
            { kind: 'relation', action: 'create', after: { sourceNodeId: 'ref:shot', targetNodeId: hypertension, relationType: 'related to', relationName: 'form of', weight: 60 } },
            { kind: 'relation', action: 'delete', targetId: doomed.id },
            { kind: 'node', action: 'update', targetId: changed.id, after: { name: changed.name, nodeType: changed.nodeType, description: 'ACE inhibitor' } },
          ],
        },
      });
      expect(made.status).toBe(201);
      await graphAs(page, language === 'en' ? ada : bea, language);
      const d = page.getByRole('dialog').filter({ has: page.getByTestId('graph-canvas') });
      await d.getByRole('combobox', { name: say(language, 'graphExplorer.view.findNode', 'Find a node') }).fill('hypertension');
      await d.getByRole('option', { name: /^hypertension/ }).first().click();
      const p = await settled(page);
      await clickAt(page, p.nodes.find((n) => n.name === 'hypertension')!, { button: 'right' });
      await d.getByRole('button', { name: say(language, 'graphExplorer.view.focusNode', 'Focus on this node') }).click();
      const focused = await settled(page);
      expect(proposedNodes(focused)).toEqual(expect.arrayContaining([`${name}:create`, 'Captopril:update']));
      expect(proposedLinks(focused).map((l) => l.proposed).sort()).toEqual(['create', 'delete']);
      await clickAt(page, focused.nodes.find((n) => n.name === name)!);
      await expect(d.getByTestId('graph-proposal')).toBeVisible();
      fs.mkdirSync('docs/screenshots/wave3', { recursive: true });
      await page.screenshot({ path: `docs/screenshots/wave3/graph-proposals-${language}-${w}.png` });
      expect((await api(`/proposals/${made.body.id}/withdraw`, { method: 'POST', as: bea.username })).status).toBe(200);
    });
  }
}
