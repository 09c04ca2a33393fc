import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Download } from '@playwright/test';
import { startServer, type TestServer } from '../support/server';
import { ada, twoCurators, type Curator } from '../support/two-curators';

/**
 * The graph as FHIR content from the screens: a node type's row exports its ValueSet (the downloaded
 * file is checked: compose by type, expansion with the type's nodes), the node list exports the nodes
 * as a CodeSystem, and the Terminology page marks the hierarchy relation type. Screenshots (EN and DE,
 * 1440 and 390 wide) go to docs/screenshots/fhir-export/. Needs `npm run build` first.
 */
test.describe.configure({ mode: 'serial' });

let server: TestServer;
const ed: Curator = { username: 'ed', email: 'ed@example.org', password: 'third-pass' };
const { api, setUp, signedIn } = twoCurators(() => server, ed);
const shots = path.resolve(import.meta.dirname, '../../../docs/screenshots/fhir-export');
const ids: Record<string, string> = {};

const json = async (download: Download) => JSON.parse(fs.readFileSync(await download.path(), 'utf8')) as Record<string, unknown> & { expansion?: { total: number; contains: { display: string }[] }; concept?: { display: string }[] };

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startServer();
  await setUp('viewer');
  for (const name of ['Symptom', 'Disease']) ids[name] = (await api<{ id: string }>('/nodetypes', { method: 'POST', body: { name } })).body.id;
  ids.isA = (await api<{ id: string }>('/relationtypes', { method: 'POST', body: { name: 'is a' } })).body.id;
  for (const [name, nodeType] of [['Fever', 'Symptom'], ['High fever', 'Symptom'], ['Influenza', 'Disease']]) {
    ids[name] = (await api<{ id: string }>('/nodes', { method: 'POST', body: { name, nodeType } })).body.id;
  }
  await api('/relations', { method: 'POST', body: { relationName: 'high fever is a fever', sourceNodeId: ids['High fever'], targetNodeId: ids.Fever, relationType: 'is a' } });
});
test.afterAll(async () => {
  await server?.stop();
});

test('a node type row downloads its FHIR ValueSet; a viewer’s node list its CodeSystem', async ({ browser }) => {
  const page = await signedIn(browser, ada, '/node-types');
  const exportSymptom = page.getByRole('button', { name: 'Export Symptom as a FHIR ValueSet' });
  await expect(exportSymptom).toBeVisible();
  const download = page.waitForEvent('download');
  await exportSymptom.click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`kg-type-${ids.Symptom}.ValueSet.json`);
  const vs = await json(file);
  expect(vs).toMatchObject({ resourceType: 'ValueSet', title: 'Symptom', compose: { include: [{ filter: [{ property: 'type', op: '=', value: 'Symptom' }] }] } });
  expect(vs.expansion?.total).toBe(2);
  expect(vs.expansion?.contains.map((c) => c.display)).toEqual(['Fever', 'High fever']);
  await expect(page.getByText('Export downloaded')).toBeVisible();

  // A viewer (nodes.read only) exports from the node list.
  const viewer = await signedIn(browser, ed, '/nodes');
  const nodes = viewer.waitForEvent('download');
  await viewer.getByRole('button', { name: 'Export as FHIR CodeSystem' }).click();
  const cs = await json(await nodes);
  expect(cs).toMatchObject({ resourceType: 'CodeSystem', content: 'complete', count: 3 });
  expect(cs.concept?.map((c) => c.display)).toEqual(['Fever', 'High fever', 'Influenza']);
});

test('the Terminology page marks the hierarchy relation type', async ({ browser }) => {
  const page = await signedIn(browser, ada, '/admin/terminology');
  const card = page.locator('.kg-terminology__graph');
  await card.getByLabel('Hierarchy relation type (is-a)').selectOption({ label: 'is a' });
  await card.getByRole('button', { name: 'Save hierarchy' }).click();
  await expect(page.getByText('Hierarchy saved')).toBeVisible();
  expect((await api<{ relationType: { name: string } | null }>('/terminology/hierarchy')).body.relationType?.name).toBe('is a');
});

test('screenshots in English and German, wide and narrow', async ({ browser }) => {
  test.setTimeout(300_000);
  fs.mkdirSync(shots, { recursive: true });
  for (const language of ['en', 'de']) {
    for (const width of [1440, 390]) {
      const options = { language: language === 'en' ? undefined : language, width };
      // One signed-in tab per language and width: the next screens load warm in it.
      const page = await signedIn(browser, ada, '/admin/terminology', options);
      await expect(page.locator('.kg-terminology__graph select')).toBeEnabled();
      await page.locator('.kg-terminology__graph').screenshot({ path: path.join(shots, `graph-card-${language}-${width}.png`) });
      await page.goto(`${server.url}/node-types`);
      await expect(page.locator('.kg-type__actions').first()).toBeVisible();
      await page.screenshot({ path: path.join(shots, `node-types-${language}-${width}.png`) });
      await page.goto(`${server.url}/nodes`);
      await expect(page.getByText('Influenza')).toBeVisible();
      await page.screenshot({ path: path.join(shots, `nodes-${language}-${width}.png`) });
      await page.context().close();
    }
  }
});
