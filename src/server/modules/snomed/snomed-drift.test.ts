import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SNOMED_FSN_TYPE_ID, SNOMED_RF2_COLUMNS, type AuthResponse, type HistoryPage, type KnowledgeNode, type KnowledgeNodeDetail, type SnomedImportResult } from '../../../contract';
import { testApp, type TestApp } from '../../test/harness';
import { multipart, xlsxOf } from '../../test/import-fixtures';
import { countDriftNodes } from './drift';

/**
 * SNOMED drift: a catalogue import that retires a code, inactivates a concept
 * or changes its fully specified name flags the nodes using it; accepting or changing the code
 * clears the flag.
 */
let t: TestApp;
let admin: AuthResponse;
let editor: AuthResponse;
let viewer: AuthResponse;
let nobody: AuthResponse;

const H = [...SNOMED_RF2_COLUMNS];
const SYNONYM = '900000000000013009';
const row = (id: string, conceptId: string, term: string, extra: Partial<Record<(typeof H)[number], string>> = {}) => {
  const values: Record<string, string> = { id, effectiveTime: '20200731', active: '1', moduleId: '900000000000207008', conceptId, languageCode: 'en', typeId: SYNONYM, term, caseSignificanceId: '900000000000448009', ...extra };
  return H.map((h) => values[h]);
};
const fsn = { typeId: SNOMED_FSN_TYPE_ID };

async function importCatalogue(filename: string, rows: string[][]) {
  const res = await t.call({ method: 'POST', url: '/api/snomed/import', token: editor.accessToken, ...multipart(filename, xlsxOf([H, ...rows])) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SnomedImportResult>();
}
const api = async <T>(method: 'GET' | 'POST' | 'PUT', url: string, who: AuthResponse, payload?: object) => {
  const res = await t.call({ method, url: `/api${url}`, token: who.accessToken, ...(payload && { payload }) });
  return { status: res.statusCode, body: res.body ? (res.json<T>()) : (undefined as T) };
};
interface DriftPage {
  data: { nodeId: string; name: string; nodeType: string; code: string; kind: string; previousTerm: string | null; currentTerm: string | null; detectedAt: string; jobId: string | null; filename: string | null }[];
  pagination: { total: number; limit: number; skip: number };
}

const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await testApp();
  admin = await t.register('admin');
  editor = await t.register('ed');
  viewer = await t.register('vi');
  nobody = await t.register('no');
  await t.db.query(`UPDATE users SET role_id = (SELECT id FROM roles WHERE name = 'editor') WHERE username = 'ed'`);
  await t.db.query(`INSERT INTO roles (name, description, permissions) VALUES ('empty', 'Nothing', '{}')`);
  await t.db.query(`UPDATE users SET role_id = (SELECT id FROM roles WHERE name = 'empty') WHERE username = 'no'`);
  await t.call({ method: 'POST', url: '/api/nodetypes', token: admin.accessToken, payload: { name: 'Disease' } });
  await importCatalogue('sct_2024.xlsx', [
    // Retired below: its only row moves to another concept.
    row('1001', '100001', 'Retired concept'),
    // Inactivated below: both of its descriptions become inactive.
    row('2001', '200002', 'Inactivated (disorder)', fsn),
    row('2002', '200002', 'Inactivated'),
    // Its FSN changes below; the synonym row that comes first by id is not the preferred term.
    row('3000', '300003', 'Renamed synonym'),
    row('3001', '300003', 'Renamed (disorder)', fsn),
    // Unchanged.
    row('4001', '400004', 'Stable (disorder)', fsn),
  ]);
  for (const [name, code] of [['Retired', '100001'], ['Inactivated', '200002'], ['Renamed', '300003'], ['Stable', '400004'], ['Unknown', '900009']]) {
    const res = await api<KnowledgeNode>('POST', '/nodes', editor, { name, nodeType: 'Disease', snomedCode: code });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    ids[name] = res.body.id;
  }
  await importCatalogue('sct_2025.xlsx', [
    row('1001', '100099', 'Retired concept'),
    row('2001', '200002', 'Inactivated (disorder)', { ...fsn, active: '0' }),
    row('2002', '200002', 'Inactivated', { active: '0' }),
    row('3000', '300003', 'Renamed synonym'),
    row('3001', '300003', 'Renamed again (disorder)', fsn),
    row('4001', '400004', 'Stable (disorder)', fsn),
  ]);
});
afterAll(() => t?.close());

describe('GET /snomed/drift', () => {
  it('lists the retired, the inactivated and the renamed code with what changed and which import; nothing for the others', async () => {
    const { status, body } = await api<DriftPage>('GET', '/snomed/drift', viewer);
    expect(status).toBe(200);
    const byName = Object.fromEntries(body.data.map((d) => [d.name, d]));
    expect(Object.keys(byName).sort()).toEqual(['Inactivated', 'Renamed', 'Retired']);
    expect(byName.Retired).toMatchObject({ nodeId: ids.Retired, code: '100001', kind: 'missing', previousTerm: 'Retired concept', currentTerm: null, nodeType: 'Disease', filename: 'sct_2025.xlsx' });
    expect(byName.Inactivated).toMatchObject({ code: '200002', kind: 'inactive', previousTerm: 'Inactivated (disorder)', currentTerm: 'Inactivated (disorder)' });
    expect(byName.Renamed).toMatchObject({ code: '300003', kind: 'term_changed', previousTerm: 'Renamed (disorder)', currentTerm: 'Renamed again (disorder)' });
    expect(byName.Renamed.jobId).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.pagination).toEqual({ total: 3, limit: 10, skip: 0 });
    expect(await countDriftNodes(t.db)).toBe(3);
    // The snapshot of the terms before the import is gone once it is compared.
    expect((await t.db.query('SELECT 1 FROM snomed_drift_snapshots')).length).toBe(0);
  });

  it('pages with limit and skip', async () => {
    const first = await api<DriftPage>('GET', '/snomed/drift?limit=2&skip=0', viewer);
    const second = await api<DriftPage>('GET', '/snomed/drift?limit=2&skip=2', viewer);
    expect(first.body.data).toHaveLength(2);
    expect(second.body.data).toHaveLength(1);
    expect(second.body.pagination).toEqual({ total: 3, limit: 2, skip: 2 });
    expect(new Set([...first.body.data, ...second.body.data].map((d) => d.nodeId)).size).toBe(3);
  });

  it('a re-import of the same catalogue changes nothing', async () => {
    await importCatalogue('sct_2025_again.xlsx', [row('3001', '300003', 'Renamed again (disorder)', fsn)]);
    const { body } = await api<DriftPage>('GET', '/snomed/drift', viewer);
    expect(body.data.map((d) => d.filename)).toEqual(['sct_2025.xlsx', 'sct_2025.xlsx', 'sct_2025.xlsx']);
  });

  it('is refused without a session (401) and without nodes.read (403)', async () => {
    expect((await t.call({ method: 'GET', url: '/api/snomed/drift' })).statusCode).toBe(401);
    expect((await api('GET', '/snomed/drift', nobody)).status).toBe(403);
  });
});

describe('nodes under review', () => {
  it('the node list filter snomedReview=true lists exactly them, each with its drift', async () => {
    const { body } = await api<{ data: KnowledgeNode[]; pagination: { total: number } }>('GET', '/nodes?snomedReview=true', viewer);
    expect(body.data.map((n) => n.name).sort()).toEqual(['Inactivated', 'Renamed', 'Retired']);
    expect(body.pagination.total).toBe(3);
    expect(body.data.find((n) => n.name === 'Retired')!.snomedDrift).toMatchObject({ kind: 'missing', previousTerm: 'Retired concept', currentTerm: null });
  });

  it('node detail carries the drift; a node without drift has none', async () => {
    const renamed = await api<KnowledgeNodeDetail>('GET', `/nodes/${ids.Renamed}`, viewer);
    expect(renamed.body.snomedDrift).toMatchObject({ kind: 'term_changed', previousTerm: 'Renamed (disorder)', currentTerm: 'Renamed again (disorder)' });
    const stable = await api<KnowledgeNodeDetail>('GET', `/nodes/${ids.Stable}`, viewer);
    expect(stable.body.snomedDrift).toBeNull();
  });
});

describe('resolving', () => {
  it('accepting needs nodes.update (403 for a viewer) and a node under review (404)', async () => {
    expect((await api('POST', `/snomed/drift/${ids.Renamed}/accept`, viewer)).status).toBe(403);
    expect((await api('POST', `/snomed/drift/${ids.Stable}/accept`, editor)).status).toBe(404);
    expect((await api('POST', '/snomed/drift/00000000-0000-4000-8000-000000000000/accept', editor)).status).toBe(404);
  });

  it('accepting clears the review, and the node history shows who accepted what', async () => {
    expect((await api('POST', `/snomed/drift/${ids.Renamed}/accept`, editor)).status).toBe(204);
    expect((await api<KnowledgeNodeDetail>('GET', `/nodes/${ids.Renamed}`, viewer)).body.snomedDrift).toBeNull();
    const history = await api<HistoryPage>('GET', `/nodes/${ids.Renamed}/history`, viewer);
    expect(history.body.data[0]).toMatchObject({
      action: 'snomed_drift_accept',
      actor: { username: 'ed' },
      changes: [{ field: 'snomedTerm', before: 'Renamed (disorder)', after: 'Renamed again (disorder)' }],
    });
  });

  it('changing the node code clears the review; keeping the code does not', async () => {
    const node = (await api<KnowledgeNodeDetail>('GET', `/nodes/${ids.Retired}`, editor)).body;
    await api('PUT', `/nodes/${ids.Retired}`, editor, { name: node.name, nodeType: 'Disease', snomedCode: '100001', description: 'edited' });
    expect((await api<KnowledgeNodeDetail>('GET', `/nodes/${ids.Retired}`, viewer)).body.snomedDrift).toMatchObject({ kind: 'missing' });
    expect((await api('PUT', `/nodes/${ids.Retired}`, editor, { name: node.name, nodeType: 'Disease', snomedCode: '100099' })).status).toBe(200);
    expect((await api<KnowledgeNodeDetail>('GET', `/nodes/${ids.Retired}`, viewer)).body.snomedDrift).toBeNull();
    expect((await api<DriftPage>('GET', '/snomed/drift', viewer)).body.data.map((d) => d.name)).toEqual(['Inactivated']);
  });

  it('a later import re-evaluates: a reactivated concept with its old term is no longer under review', async () => {
    await importCatalogue('sct_2026.xlsx', [row('2001', '200002', 'Inactivated (disorder)', fsn), row('3001', '300003', 'Renamed a third time (disorder)', fsn)]);
    const { body } = await api<DriftPage>('GET', '/snomed/drift', viewer);
    // Inactivated is active again under the term it had; Renamed (accepted) changed again and is back.
    expect(body.data.map((d) => [d.name, d.kind, d.previousTerm, d.currentTerm])).toEqual([
      ['Renamed', 'term_changed', 'Renamed again (disorder)', 'Renamed a third time (disorder)'],
    ]);
  });
});
