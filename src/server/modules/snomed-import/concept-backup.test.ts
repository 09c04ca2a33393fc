import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKUP_FORMAT_VERSION, type BackupManifest, type SnomedConceptDetail } from '../../../contract';
import { testApp, type TestApp } from '../../test/harness';
import { multipart, zipOf } from '../../test/import-fixtures';
import { entriesOf, rebuilt } from '../backup/archive-fixtures';

/**
 * The concept model in backups: its four tables travel in the archive (format 2), the closure is
 * rebuilt by the restore (derived, never archived), and a format-1 archive, written before the
 * concept model existed, still restores with an empty one.
 */
const RELEASE = path.join(import.meta.dirname, 'fixtures', 'release-2025');
const NEW_FILES = ['snomed_rf2_concepts.ndjson', 'snomed_relationships.ndjson', 'snomed_language_refset.ndjson', 'snomed_associations.ndjson'];

let source: TestApp;
let archive: Buffer;

async function restoreInto(data: Buffer) {
  const target = await testApp();
  const admin = await target.register('admin');
  const res = await target.call({ method: 'POST', url: '/api/backup/restore', token: admin.accessToken, ...multipart('backup.zip', data) });
  return { target, res, token: admin.accessToken };
}
const count = async (t: TestApp, table: string) => (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0].n;

beforeAll(async () => {
  source = await testApp();
  const admin = await source.register('admin');
  const release = zipOf(fs.readdirSync(RELEASE).map((name) => ({ name: `Snapshot/Terminology/${name}`, data: fs.readFileSync(path.join(RELEASE, name)) })));
  const imported = await source.call({ method: 'POST', url: '/api/snomed/import', token: admin.accessToken, ...multipart('release.zip', release) });
  expect(imported.statusCode, imported.body).toBe(200);
  const res = await source.call({ method: 'GET', url: '/api/backup', token: admin.accessToken });
  expect(res.statusCode).toBe(200);
  archive = res.rawPayload;
});
afterAll(() => source?.close());

describe('backups of the concept model', () => {
  it('carries the four tables, not the closure, under format 2', async () => {
    const entries = await entriesOf(archive);
    for (const file of NEW_FILES) expect(entries.has(file), file).toBe(true);
    // Derived tables are rebuilt on restore, not carried: the closure and the search's word index.
    expect([...entries.keys()].some((k) => k.includes('closure') || k.includes('subtree') || k.includes('search_words'))).toBe(false);
    const manifest = JSON.parse(entries.get('manifest.json')!.toString()) as BackupManifest;
    expect(manifest.formatVersion).toBe(BACKUP_FORMAT_VERSION);
    expect(manifest.counts).toMatchObject({ snomedRf2Concepts: 10, snomedRelationships: await count(source, 'snomed_relationships'), snomedAssociations: 2 });
  });

  it('restores them and rebuilds the hierarchy', async () => {
    const { target, res, token } = await restoreInto(archive);
    try {
      expect(res.statusCode, res.body).toBe(200);
      for (const table of ['snomed_rf2_concepts', 'snomed_relationships', 'snomed_language_refset', 'snomed_associations', 'snomed_closure', 'snomed_search_words']) {
        expect(await count(target, table), table).toBe(await count(source, table));
      }
      expect(await count(target, 'snomed_search_words')).toBeGreaterThan(0);
      const found = await target.call({ method: 'GET', url: '/api/snomed/concepts?by=concept&search=cardiac%20fail', token });
      expect(found.json<{ data: { matchedTerm: string | null }[] }>().data).toMatchObject([{ matchedTerm: 'Cardiac failure' }]);
      const concept = await target.call({ method: 'GET', url: '/api/snomed/concepts/700001008', token });
      expect(concept.json<SnomedConceptDetail>()).toMatchObject({ active: false, replacements: [{ type: 'POSSIBLY_EQUIVALENT_TO' }, { type: 'REPLACED_BY' }] });
    } finally {
      await target.close();
    }
  });

  it('restores a format-1 archive (before the concept model) with an empty one', async () => {
    const entries = await entriesOf(archive);
    const old = rebuilt(entries, (name, data) => {
      if (NEW_FILES.includes(name)) return null;
      if (name !== 'manifest.json') return data;
      const manifest = JSON.parse(data.toString()) as BackupManifest & { counts: Record<string, number> };
      for (const part of ['snomedRf2Concepts', 'snomedRelationships', 'snomedLanguageRefset', 'snomedAssociations']) delete manifest.counts[part];
      return JSON.stringify({ ...manifest, formatVersion: 1, migration: 33 });
    });
    const { target, res } = await restoreInto(old);
    try {
      expect(res.statusCode, res.body).toBe(200);
      expect(await count(target, 'snomed_concepts')).toBe(await count(source, 'snomed_concepts'));
      expect(await count(target, 'snomed_rf2_concepts')).toBe(0);
      expect(await count(target, 'snomed_closure')).toBe(0);
    } finally {
      await target.close();
    }
  });
});
