import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { badRequest } from '../../../plugins/errors';
import { openZipEntry, readZipDirectory, zipBudget, type ZipLimits } from '../../../platform/parsers/zip';
import { RELEASE_ORDER, kindOfName, type Rf2Kind } from './kinds';

/** One file of an import: its kind, where its bytes are, and its name (for messages and the report). */
export interface Rf2Part {
  kind: Rf2Kind;
  file: string;
  name: string;
}

/**
 * The files of a release .zip the import uses (the Snapshot files of the five kinds), each copied
 * out to a temporary file as a stream — the archive, up to 2 GB, is never held in memory, and
 * the other entries (Full, Delta, the other reference sets) are never inflated. The central
 * directory is read first, so a zip without any such file is refused before anything is copied.
 */
export async function extractRelease(zip: string, limits: ZipLimits, jobId: string): Promise<{ parts: Rf2Part[]; dir: string }> {
  const entries = await readZipDirectory(zip, { ...limits, maxEntries: 100_000 });
  const chosen = [...entries.values()]
    .map((entry) => ({ entry, kind: kindOfName(entry.name) }))
    .filter((e): e is { entry: typeof e.entry; kind: Rf2Kind } => e.kind !== null)
    .sort((a, b) => RELEASE_ORDER.indexOf(a.kind) - RELEASE_ORDER.indexOf(b.kind) || a.entry.name.localeCompare(b.entry.name));
  if (chosen.length === 0) {
    throw badRequest(
      'The zip holds no RF2 snapshot file the import reads (sct2_Concept_Snapshot, sct2_Description_Snapshot, sct2_Relationship_Snapshot, der2_cRefset_Language…Snapshot, der2_cRefset_Association…Snapshot).',
      'no_rf2_files',
    );
  }
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), `kg-rf2-${jobId.slice(0, 8)}-`));
  try {
    const budget = zipBudget(limits);
    const parts: Rf2Part[] = [];
    for (const [i, { entry, kind }] of chosen.entries()) {
      const file = path.join(dir, `${i}.txt`);
      await pipeline(await openZipEntry(zip, entry, budget), fs.createWriteStream(file));
      parts.push({ kind, file, name: entry.name.split('/').pop() ?? entry.name });
    }
    return { parts, dir };
  } catch (err) {
    await fs.promises.rm(dir, { recursive: true, force: true });
    throw err;
  }
}
