import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SNOMED_RF2_COLUMNS, type AuthResponse, type NodeUploadResponse, type SnomedImportResult } from '../../../contract';
import { testApp, type TestApp } from '../../test/harness';
import { handmadeXlsx, multipart, rowXml, rowsOf } from '../../test/import-fixtures';

/**
 * Values a database or a parser would refuse — U+0000, a lone surrogate, bytes that are not valid
 * UTF-8, text longer than its column allows — are error rows with their reason in every importer,
 * in a check as in an import: the other rows are written (a NUL used to fail the whole batch with
 * PostgreSQL's own message and stop the import halfway), nothing of the refused row is, and the same
 * file uploaded again completes. A stray byte gives the same answer wherever in the file it sits.
 */
let t: TestApp;
let admin: AuthResponse;

beforeAll(async () => {
  t = await testApp({ uploadAnswerWaitMs: 120_000 });
  admin = await t.register('admin');
  await t.call({ method: 'POST', url: '/api/nodetypes', token: admin.accessToken, payload: { name: 'Disease' } });
  await t.call({ method: 'POST', url: '/api/relationtypes', token: admin.accessToken, payload: { name: 'causes' } });
});
afterAll(() => t?.close());

type Bad = 'nul' | 'surrogate' | 'utf8' | 'long';
const BAD: Bad[] = ['nul', 'surrogate', 'utf8', 'long'];
const REASON: Record<Bad, RegExp> = {
  nul: /contains the NUL character \(U\+0000\)/,
  surrogate: /contains a lone surrogate/,
  utf8: /contains bytes that are not valid UTF-8/,
  long: /must be \d+ characters or less/,
};

const bytes = (text: string) => Buffer.from(text, 'utf8');
/**
 * A value holding the bad thing, as the bytes of a text file. A lone surrogate has no UTF-8 form:
 * written as WTF-8 (ED A0 80), as some tools do, it is invalid UTF-8 in a text file; in a workbook
 * it is the OOXML escape _xD800_ (see workbook()).
 */
function badValue(bad: Bad, prefix: string, long: number): Buffer {
  if (bad === 'nul') return Buffer.concat([bytes(`${prefix} Bad`), Buffer.from([0]), bytes('name')]);
  if (bad === 'surrogate') return Buffer.concat([bytes(`${prefix} Bad`), Buffer.from([0xed, 0xa0, 0x80]), bytes('name')]);
  if (bad === 'utf8') return Buffer.concat([bytes(`${prefix} Bad`), Buffer.from([0xff]), bytes('name')]);
  return bytes(`${prefix} ${'x'.repeat(long)}`);
}
const surrogateReason = (bad: Bad, format: 'text' | 'xlsx') => (bad === 'surrogate' && format === 'text' ? REASON.utf8 : REASON[bad]);

interface Importer {
  name: string;
  url: string;
  filename: string;
  header: string[];
  /** A good row's cells (the file also holds "Ödem", a valid UTF-8 multi-byte text). */
  good(prefix: string, i: number): string[];
  /** The row whose value in `column` is replaced by the bad value. */
  column: number;
  long: number;
  delimiter: string;
  /** How many data rows the database holds from this prefix. */
  stored(prefix: string): Promise<number>;
  /** Counts out of the answer: created, errors. */
  counts(body: unknown): { created: number; errors: number; skippedOrUnchanged: number };
  reportUrl(body: unknown): string | undefined;
}

/** SNOMED row ids: a block of 10,000 per prefix, so the tests' rows never share an id. */
const snomedBases = new Map<string, number>();
const snomedBase = (prefix: string) => {
  if (!snomedBases.has(prefix)) snomedBases.set(prefix, 5_000_000 + snomedBases.size * 10_000);
  return snomedBases.get(prefix)!;
};

const count = async (sql: string, prefix: string) => (await t.db.query<{ n: number }>(sql, [`${prefix} %`]))[0].n;

const IMPORTERS: Importer[] = [
  {
    name: 'nodes',
    url: '/api/nodes/upload',
    filename: 'nodes.csv',
    header: ['nodename', 'nodetype'],
    good: (p, i) => [`${p} Ödem ${i}`, 'Disease'],
    column: 0,
    long: 300,
    delimiter: ',',
    stored: (p) => count(`SELECT count(*)::int AS n FROM nodes WHERE name LIKE $1`, p),
    counts: (b) => {
      const s = (b as NodeUploadResponse).summary!;
      return { created: s.created, errors: s.errors, skippedOrUnchanged: s.skipped };
    },
    reportUrl: (b) => (b as NodeUploadResponse).downloadUrl,
  },
  {
    name: 'relations',
    url: '/api/relations/upload',
    filename: 'relations.csv',
    header: ['Source', 'Target', 'Relation type', 'Description'],
    good: (p, i) => [`${p} Ödem src`, `${p} Ödem tgt ${i}`, 'causes', `Good ${i}`],
    column: 3,
    long: 600,
    delimiter: ',',
    stored: (p) => count(`SELECT count(*)::int AS n FROM relations r JOIN nodes s ON s.id = r.source_node_id WHERE s.name LIKE $1`, p),
    counts: (b) => {
      const s = (b as NodeUploadResponse).summary!;
      return { created: s.created, errors: s.errors, skippedOrUnchanged: s.skipped };
    },
    reportUrl: (b) => (b as NodeUploadResponse).downloadUrl,
  },
  {
    name: 'SNOMED',
    url: '/api/snomed/import',
    filename: 'sct2_Description_Snapshot-bad.txt',
    header: [...SNOMED_RF2_COLUMNS],
    good: (p, i) => [`${snomedBase(p) + i}`, '20200731', '1', '900000000000207008', `9${i}`, 'en', '900000000000013009', `${p} Ödem ${i}`, '900000000000448009'],
    column: 7,
    long: 5000,
    delimiter: '\t',
    stored: (p) => count(`SELECT count(*)::int AS n FROM snomed_concepts WHERE term LIKE $1`, p),
    counts: (b) => {
      const s = (b as SnomedImportResult).summary;
      return { created: s.created, errors: s.errors, skippedOrUnchanged: s.unchanged };
    },
    reportUrl: (b) => (b as SnomedImportResult).errorFileUrl,
  },
];

/** A text file of `rows` good rows with the bad value in data row `at` (1-based; the bad row is extra). */
function textFile(imp: Importer, prefix: string, bad: Bad, rows: number, at: number): Buffer {
  const line = (cells: (string | Buffer)[]) => Buffer.concat([...cells.flatMap((c, i) => [...(i > 0 ? [bytes(imp.delimiter)] : []), typeof c === 'string' ? bytes(c) : c]), bytes('\r\n')]);
  const parts = [line(imp.header)];
  for (let i = 0; i < rows; i++) {
    if (i === at - 1) {
      const cells: (string | Buffer)[] = imp.good(prefix, rows + 1);
      cells[imp.column] = badValue(bad, prefix, imp.long);
      parts.push(line(cells));
    }
    parts.push(line(imp.good(prefix, i)));
  }
  return Buffer.concat(parts);
}

/** The same rows as a workbook, the bad cell holding the OOXML escape of a lone surrogate. */
function workbook(imp: Importer, prefix: string, rows: number): Buffer {
  const xml = [rowXml(1, imp.header)];
  for (let i = 0; i < rows; i++) xml.push(rowXml(i + 2, imp.good(prefix, i)));
  const bad = imp.good(prefix, rows + 1);
  bad[imp.column] = `${prefix} Bad_xD800_name`;
  xml.push(rowXml(rows + 2, bad));
  return handmadeXlsx(xml.join(''));
}

const post = (imp: Importer, filename: string, data: Buffer, dryRun: boolean) =>
  t.call({ method: 'POST', url: `${imp.url}${dryRun ? '?dryRun=true' : ''}`, token: admin.accessToken, ...multipart(filename, data) });

async function reportRows(url: string): Promise<string[][]> {
  const res = await t.call({ method: 'GET', url, token: admin.accessToken });
  expect(res.statusCode).toBe(200);
  return rowsOf(res.rawPayload);
}

async function prepare(imp: Importer, prefix: string, rows: number) {
  if (imp.name !== 'relations') return;
  // The relations' end nodes: one source, a target per row (and the bad row's).
  const names = [`${prefix} Ödem src`, ...Array.from({ length: rows + 2 }, (_, i) => `${prefix} Ödem tgt ${i}`)];
  await t.db.query(
    `INSERT INTO nodes (name, node_type_id) SELECT n, (SELECT id FROM node_types WHERE name = 'Disease') FROM unnest($1::text[]) AS n`,
    [names],
  );
}

/** Runs one file through a check, the import, and the import again. */
async function runAll(imp: Importer, prefix: string, rows: number, file: Buffer, filename: string, reason: RegExp) {
  const before = await imp.stored(prefix);
  const dry = await post(imp, filename, file, true);
  expect(dry.statusCode, dry.body).toBe(200);
  expect(imp.counts(dry.json())).toMatchObject({ created: rows, errors: 1 });
  expect(await imp.stored(prefix)).toBe(before);
  const dryReport = await reportRows(imp.reportUrl(dry.json())!);
  expect(dryReport[1].at(-1)).toMatch(reason);

  const real = await post(imp, filename, file, false);
  expect(real.statusCode, real.body).toBe(200);
  expect(real.json<{ status?: string }>().status ?? 'completed').toBe('completed');
  expect(imp.counts(real.json())).toMatchObject({ created: rows, errors: 1 });
  // Every good row was written, the refused one not (nor anything in its place).
  expect(await imp.stored(prefix)).toBe(before + rows);
  const report = await reportRows(imp.reportUrl(real.json())!);
  expect(report).toHaveLength(2);
  expect(report[1].at(-1)).toMatch(reason);
  // The report's copy of the value holds no character that could not be written.
  expect(report[1].join('')).not.toContain('\u0000');

  const again = await post(imp, filename, file, false);
  expect(again.statusCode, again.body).toBe(200);
  expect(imp.counts(again.json())).toMatchObject({ created: 0, errors: 1, skippedOrUnchanged: rows });
  expect(await imp.stored(prefix)).toBe(before + rows);
}

describe.each(IMPORTERS)('$name import of values that cannot be stored', (imp) => {
  it.each(BAD)('%s in a text file: an error row with its reason, in a check and an import; the re-upload completes', async (bad) => {
    const prefix = `U${imp.name.slice(0, 2)}${bad}`;
    const rows = 30;
    await prepare(imp, prefix, rows);
    await runAll(imp, prefix, rows, textFile(imp, prefix, bad, rows, 12), imp.filename, surrogateReason(bad, 'text'));
  });

  it('a lone surrogate in a workbook: an error row with its reason', async () => {
    const prefix = `U${imp.name.slice(0, 2)}wb`;
    const rows = 5;
    await prepare(imp, prefix, rows);
    await runAll(imp, prefix, rows, workbook(imp, prefix, rows), imp.filename.replace(/\.(csv|txt)$/, '.xlsx'), REASON.surrogate);
  });
});

describe('a stray byte gives the same answer wherever it sits', () => {
  const imp = IMPORTERS[0];
  it.each(['nul', 'utf8'] as const)('%s in the second row and past the first 64 KB', async (bad) => {
    for (const at of [1, 3000]) {
      const prefix = `P${bad}${at}`;
      const file = textFile(imp, prefix, bad, 3200, at);
      expect(file.length).toBeGreaterThan(65_536);
      const res = await post(imp, `${prefix}.csv`, file, false);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<NodeUploadResponse>().summary).toMatchObject({ created: 3200, errors: 1 });
    }
  });

  it('a file of 8-bit text without any UTF-8 sequence is read as Windows-1252', async () => {
    const file = Buffer.concat([bytes('nodename,nodetype\r\nW1252 '), Buffer.from([0xd6]), bytes('dem,Disease\r\n')]);
    const res = await post(IMPORTERS[0], 'legacy.csv', file, false);
    expect(res.json<NodeUploadResponse>().summary).toMatchObject({ created: 1, errors: 0 });
    expect(await count(`SELECT count(*)::int AS n FROM nodes WHERE name LIKE $1 AND name = 'W1252 Ödem'`, 'W1252')).toBe(1);
  });

  it('a binary file under a .csv name is refused whole, before anything is written, wherever its header', async () => {
    const binary = Buffer.alloc(40_000);
    for (let i = 0; i < binary.length; i++) binary[i] = (i * 7919) % 256;
    const file = Buffer.concat([bytes('nodename\r\nB1 Looks fine\r\n'), binary]);
    const before = await count(`SELECT count(*)::int AS n FROM nodes WHERE name LIKE $1`, 'B1');
    const res = await post(IMPORTERS[0], 'binary.csv', file, false);
    expect(res.statusCode, res.body).toBe(415);
    expect(res.json<{ code: string }>().code).toBe('content_mismatch');
    expect(await count(`SELECT count(*)::int AS n FROM nodes WHERE name LIKE $1`, 'B1')).toBe(before);
  });
});
