import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse, KnowledgeNode } from '../../../contract';
import { importBatchRows } from '../../db/turns';
import { testApp, type TestApp } from '../../test/harness';
import { csvOf, multipart } from '../../test/import-fixtures';

/*
 * An upload's nodes used to share one created_at per batch and list in id
 * (random) order. The node list now shows the newest upload first, each upload in its file's order.
 */
let t: TestApp;
let admin: AuthResponse;
let firstFile: string[];
let secondFile: string[];

/** Names that are in neither alphabetical nor reverse order, so only the file's order explains a match. */
const shuffledNames = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => `${prefix} ${String((i * 7919) % n).padStart(5, '0')}`);

const upload = async (filename: string, names: string[]) => {
  const res = await t.call({ method: 'POST', url: '/api/nodes/upload', token: admin.accessToken, ...multipart(filename, csvOf([['nodename', 'nodetype'], ...names.map((n) => [n, 'Finding'])])) });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toMatchObject({ status: 'completed', summary: { created: names.length } });
};

const listed = async (query: string) => {
  const res = await t.call({ method: 'GET', url: `/api/nodes?${query}`, token: admin.accessToken });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: KnowledgeNode[]; pagination: { total: number } }>();
};

beforeAll(async () => {
  t = await testApp({ uploadAnswerWaitMs: 120_000 });
  admin = await t.register('admin');
  // More rows than one batch on either database: the order must hold across batches (transactions).
  firstFile = shuffledNames('Ord first', importBatchRows(t.db.kind) * 2 + 37);
  secondFile = ['Ord second c', 'Ord second a', 'Ord second b'];
  await upload('first.csv', firstFile);
  await upload('second.csv', secondFile);
}, 180_000);
afterAll(() => t?.close());

describe('node list order after bulk uploads', () => {
  it('lists the newest upload first and each upload in its file order (default order, unfiltered)', async () => {
    const body = await listed('limit=100');
    expect(body.data.slice(0, 100).map((n) => n.name)).toEqual([...secondFile, ...firstFile.slice(0, 97)]);
    const page2 = await listed(`limit=100&skip=${secondFile.length + 500}`);
    expect(page2.data.map((n) => n.name)).toEqual(firstFile.slice(500, 600));
  });

  it('keeps the same order through a text search (the path that gathers matches first)', async () => {
    const body = await listed('search=Ord%20&limit=1000&skip=0');
    expect(body.pagination.total).toBe(firstFile.length + secondFile.length);
    expect(body.data.map((n) => n.name)).toEqual([...secondFile, ...firstFile].slice(0, 1000));
  });

  it('oldest first is the mirror image: the first upload first, its last row first', async () => {
    const body = await listed('sortBy=createdAt&sortOrder=asc&search=Ord%20&limit=5');
    expect(body.data.map((n) => n.name)).toEqual(firstFile.slice(-5).reverse());
  });

  it('gives an upload one creation time (the job\'s), later than the previous upload', async () => {
    const rows = await t.db.query<{ name: string; created_at: Date }>(`SELECT name, created_at FROM nodes WHERE name LIKE 'Ord %'`);
    const at = (names: string[]) => new Set(rows.filter((r) => names.includes(r.name)).map((r) => r.created_at.getTime()));
    const [first] = [...at(firstFile)];
    const [second] = [...at(secondFile)];
    expect(at(firstFile).size).toBe(1);
    expect(at(secondFile).size).toBe(1);
    expect(second).toBeGreaterThan(first);
  });
});
