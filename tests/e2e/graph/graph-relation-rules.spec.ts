import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { graphApp } from '../support/graph-app';
import { clearEdge, clickAt, settled } from '../support/graph-helpers';
import { startServer, type TestServer } from '../support/server';

/**
 * Relation-type rules in the graph: the edge popover's Edit Relation Type offers
 * only the types whose rule fits the relation's two ends, says why when none does (also for a
 * relation made before the rule it now breaks), and shows the server's refusal inline when the
 * rules changed after the list was made. Sample graph rules: "symptom of" Symptom → Disease,
 * both "treats" types Drug → Disease. Tests share the database and run in order. Needs `npm run build` first.
 */
test.describe.configure({ mode: 'serial' });

let server: TestServer;
const app = graphApp(() => server);
const { api, dialog, nodeId, openGraph, focusOn } = app;
/** azoospermia: a small focused view with one "treats (disease-modifying)" and two "symptom of" relations coming in. */
const FOCUS = 'azoospermia';
/** The relation this test adds: Disease → Disease, of a type whose rule (added afterwards) it breaks. */
let legacy = '';
let symptomatic = '';

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startServer({ KG_SAMPLE_DATA: '1' });
  await app.registerAdmin();
  const type = await api<{ id: string }>('/relationtypes', { method: 'POST', body: { name: 'legacy link' } });
  expect(type.status).toBe(201);
  // Its other end: a disease none of the focus node's neighbours touches, so no other edge crosses it in the view.
  const focus = await nodeId(FOCUS);
  const near = await api<{ nodes: { id: string }[] }>(`/graph?focus=${focus}`);
  const touched = new Set<string>();
  for (const n of near.body.nodes) for (const m of (await api<{ nodes: { id: string }[] }>(`/graph?focus=${n.id}`)).body.nodes) touched.add(m.id);
  const diseases = await api<{ data: { id: string }[] }>('/nodes?nodeType=Disease&limit=200&sortBy=name&sortOrder=asc');
  const far = diseases.body.data.find((n) => !touched.has(n.id))!;
  const made = await api<{ id: string }>('/relations', {
    method: 'POST',
    body: { sourceNodeId: focus, targetNodeId: far.id, relationType: 'legacy link', relationName: 'legacy link', weight: 40 },
  });
  expect(made.status).toBe(201);
  legacy = made.body.id;
  // The rule comes after the relation: it is kept, and now breaks it.
  expect((await api(`/relationtypes/${type.body.id}`, { method: 'PUT', body: { name: 'legacy link', sourceNodeTypes: ['Symptom'], targetNodeTypes: ['Symptom'] } })).status).toBe(200);
  const types = await api<{ id: string; name: string }[]>('/relationtypes');
  symptomatic = types.body.find((t) => t.name === 'treats (symptomatic)')!.id;
});
test.afterAll(async () => {
  await server?.stop();
});

/** The focused view's relations with their types (the canvas knows ids only). */
async function typesById() {
  const g = await api<{ relations: { id: string; relationType: string }[] }>(`/graph?focus=${await nodeId(FOCUS)}`);
  return new Map(g.body.relations.map((r) => [r.id, r.relationType]));
}

/** Opens the edge popover of a relation accepted by `pick`, then its Edit Relation Type form. */
async function editTypeOf(page: Page, pick: (id: string) => boolean) {
  const d = dialog(page);
  const stage = (await d.getByTestId('graph-canvas').boundingBox())!;
  await clickAt(page, clearEdge(await settled(page), stage, (l) => pick(l.id)));
  const popover = d.getByRole('dialog', { name: /^Relation / });
  await popover.getByRole('button', { name: 'Edit Relation Type' }).click();
  return popover;
}

test('Edit Relation Type lists only the types that fit the ends, and says why when none does', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const types = await typesById();
  await openGraph(page);
  await focusOn(page, FOCUS);

  // Drug → Disease: the other "treats" type only — not "symptom of" (Symptom → Disease) nor "legacy link" (Symptom → Symptom).
  const treats = await editTypeOf(page, (id) => types.get(id) === 'treats (disease-modifying)');
  const select = treats.getByLabel('New relation type');
  await expect(select.locator('option')).toHaveText(['Choose a relation type', 'treats (symptomatic)']);
  await page.keyboard.press('Escape');
  await expect(treats).toBeHidden();

  // Symptom → Disease: no other type fits; the form says why and offers no Save.
  const symptom = await editTypeOf(page, (id) => types.get(id) === 'symptom of');
  await expect(symptom.getByRole('status')).toHaveText('No other relation type fits: none allows a "Symptom" source node with a "Disease" target node');
  await expect(symptom.getByLabel('New relation type')).toHaveCount(0);
  await expect(symptom.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // Disease → Disease, made before its type's rule: no type fits the pair; the reason names it.
  const old = await editTypeOf(page, (id) => id === legacy);
  await expect(old).toContainText('legacy link');
  await expect(old.getByRole('status')).toHaveText('No other relation type fits: none allows a "Disease" source node with a "Disease" target node');
  await expectNoSeriousA11yViolations(page, 'edge popover with no fitting type');
  fs.mkdirSync('.tmp/shots', { recursive: true });
  await page.screenshot({ path: '.tmp/shots/graph-edge-rules-1280.png' });
  await old.getByRole('button', { name: 'Cancel' }).click();
  await expect(old.getByRole('button', { name: 'Edit Relation Type' })).toBeVisible();
});

test("a rule changed after the list was made: the server's refusal shows in the form, and the relation keeps its type", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const types = await typesById();
  const treatsId = [...types].find(([, t]) => t === 'treats (disease-modifying)')![0];
  await openGraph(page);
  await focusOn(page, FOCUS);
  const popover = await editTypeOf(page, (id) => id === treatsId);
  await popover.getByLabel('New relation type').selectOption('treats (symptomatic)');
  // Meanwhile someone narrows "treats (symptomatic)" to Symptom sources.
  const put = await api(`/relationtypes/${symptomatic}`, { method: 'PUT', body: { name: 'treats (symptomatic)', sourceNodeTypes: ['Symptom'], targetNodeTypes: ['Disease'] } });
  expect(put.status).toBe(200);
  await popover.getByRole('button', { name: 'Save' }).click();
  await expect(popover.getByText('Relation type "treats (symptomatic)" allows source node types "Symptom" only; the source is a "Drug"')).toBeVisible();
  await expect(popover.getByLabel('New relation type')).toHaveAttribute('aria-invalid', 'true');
  expect((await api<{ relationType: string }>(`/relations/${treatsId}`)).body.relationType).toBe('treats (disease-modifying)');
});

test('390px: the reason fits the narrow popover; screenshot', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openGraph(page);
  await focusOn(page, FOCUS);
  const popover = await editTypeOf(page, (id) => id === legacy);
  const reason = popover.getByRole('status');
  await expect(reason).toBeVisible();
  const box = (await reason.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  fs.mkdirSync('.tmp/shots', { recursive: true });
  await page.screenshot({ path: '.tmp/shots/graph-edge-rules-390.png' });
});
