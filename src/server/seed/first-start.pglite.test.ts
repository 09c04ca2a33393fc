import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Stats } from '../../contract';
import { buildApp } from '../app';
import { testConfig } from '../config';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kg-first-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('first start of a new embedded database', () => {
  it('loads the sample medical graph once, and not again after the curators empty it', async () => {
    const start = () => buildApp(testConfig({ dataDir, sampleData: true }));
    let app = await start();
    const { accessToken } = (
      await app.inject({ method: 'POST', url: '/api/auth/register', payload: { username: 'first', email: 'f@example.org', password: 'secret-1' } })
    ).json();
    const stats = (await app.inject({ method: 'GET', url: '/api/stats', headers: { authorization: `Bearer ${accessToken}` } })).json<Stats>();
    expect(stats.nodeCount).toBeGreaterThan(300);
    expect(stats.relationCount).toBeGreaterThan(1000);
    expect(stats.nodeTypeCount).toBe(3);
    await app.db.query('DELETE FROM nodes');
    await app.close();

    app = await start();
    const again = (await app.inject({ method: 'GET', url: '/api/stats', headers: { authorization: `Bearer ${accessToken}` } })).json<Stats>();
    expect(again.nodeCount).toBe(0);
    await app.close();
  }, 60_000);
});
