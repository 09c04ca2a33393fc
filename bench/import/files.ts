/**
 * The benchmark's input files, written to a temporary directory: a 100k-row node workbook, the
 * SNOMED GPS value set (26,158 concepts, one of the data sets of bench/datasets.ts) as .xlsx and as an RF2 description
 * file, and a generated RF2 description file of International size (1.6M rows) built from the
 * GPS terms with qualifiers, so that searches hit realistic words.
 */
import * as XLSX from '@e965/xlsx';
import fs from 'node:fs';
import path from 'node:path';
import { datasetFile } from '../datasets';

/** BENCH_GPS_PATH names the file itself (else it is looked up in the benchmarks' data sets folder). */
const gpsPath = (): string => datasetFile('snomed-gps-valueset.json', process.env.BENCH_GPS_PATH);
export const RF2_HEADER = ['id', 'effectiveTime', 'active', 'moduleId', 'conceptId', 'languageCode', 'typeId', 'term', 'caseSignificanceId'];
const MODULE = '900000000000207008';
const FSN = '900000000000003001';
const SYNONYM = '900000000000013009';
const CASE = '900000000000448009';
const NODE_TYPES = ['Disease', 'Symptom', 'Drug', 'Gene', 'Anatomy', 'Pathway', 'Procedure', 'Finding', 'Organism', 'Substance'];
const QUALIFIERS = ['left', 'right', 'bilateral', 'acute', 'chronic', 'recurrent', 'severe', 'mild', 'moderate', 'primary', 'secondary', 'congenital', 'acquired', 'early onset', 'late onset', 'in remission', 'suspected', 'history of', 'family history of', 'at risk of', 'screening for', 'complicated', 'uncomplicated', 'localized', 'generalized', 'intermittent', 'persistent', 'transient', 'drug-induced', 'post-operative', 'traumatic', 'idiopathic'];

export interface GpsConcept {
  code: string;
  display: string;
}

export function readGps(): GpsConcept[] {
  const set = JSON.parse(fs.readFileSync(gpsPath(), 'utf8')) as { compose: { include: { concept: GpsConcept[] }[] } };
  return set.compose.include.flatMap((i) => i.concept);
}

/** Description rows of the GPS set: the fully specified name of each concept. */
export function gpsRows(gps: GpsConcept[]): string[][] {
  return gps.map((c, i) => [`${1_000_000 + i}011`, '20200731', '1', MODULE, c.code, 'en', FSN, c.display, CASE]);
}

function writeBook(file: string, rows: unknown[][], bookType: XLSX.BookType = 'xlsx'): number {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'Sheet1');
  fs.writeFileSync(file, XLSX.write(wb, { type: 'buffer', bookType, compression: true }) as Buffer);
  return fs.statSync(file).size;
}

export interface BenchFile {
  path: string;
  rows: number;
  bytes: number;
}

/** 100k unique nodes in 10 types, each with a unique SNOMED code. */
export function nodeRows(n: number, gps: GpsConcept[]): string[][] {
  return Array.from({ length: n }, (_, i) => {
    const base = gps[i % gps.length].display.replace(/ \([^)]*\)$/, '');
    return [`${base} #${i + 1}`, NODE_TYPES[i % NODE_TYPES.length], String(20_000_000 + i)];
  });
}

export function writeNodeXlsx(dir: string, n: number, gps: GpsConcept[]): BenchFile {
  const file = path.join(dir, `nodes-${n}.xlsx`);
  const bytes = writeBook(file, [['nodename', 'nodetype', 'SNOMED'], ...nodeRows(n, gps)]);
  return { path: file, rows: n, bytes };
}

export function writeGpsXlsx(dir: string, gps: GpsConcept[]): BenchFile {
  const file = path.join(dir, 'snomed-gps.xlsx');
  // Ids as text, as the template has them (Excel would round 18-digit numbers).
  const bytes = writeBook(file, [RF2_HEADER, ...gpsRows(gps)]);
  return { path: file, rows: gps.length, bytes };
}

const tsv = (rows: string[][]) => rows.map((r) => r.join('\t')).join('\r\n') + '\r\n';

export function writeGpsRf2(dir: string, gps: GpsConcept[]): BenchFile {
  const file = path.join(dir, 'sct2_Description_Snapshot-en_GPS_20200731.txt');
  fs.writeFileSync(file, tsv([RF2_HEADER, ...gpsRows(gps)]));
  return { path: file, rows: gps.length, bytes: fs.statSync(file).size };
}

/** Row i of the generated International-size file: ~4.4 descriptions per concept, as in a real release. */
export function generatedRow(i: number, gps: GpsConcept[]): string[] {
  const base = gps[i % gps.length].display;
  const round = Math.floor(i / gps.length);
  const term = round === 0 ? base : `${base.replace(/ \([^)]*\)$/, '')}, ${QUALIFIERS[round % QUALIFIERS.length]}${round >= QUALIFIERS.length ? ` ${Math.floor(round / QUALIFIERS.length) + 1}` : ''}`;
  const conceptId = `${10_000_000 + Math.floor(i / 4.4)}00${i % 7}`;
  return [`${100_000_000 + i}11${i % 10}`, '20240101', i % 23 === 0 ? '0' : '1', MODULE, conceptId, 'en', i % 4 === 0 ? FSN : SYNONYM, term, CASE];
}

export async function writeGeneratedRf2(dir: string, n: number, gps: GpsConcept[]): Promise<BenchFile> {
  const file = path.join(dir, 'sct2_Description_Snapshot-en_INT_20240101.txt');
  const out = fs.createWriteStream(file);
  const write = (chunk: string) => (out.write(chunk) ? Promise.resolve() : new Promise<void>((r) => out.once('drain', () => r())));
  await write(RF2_HEADER.join('\t') + '\r\n');
  const BATCH = 10_000;
  for (let start = 0; start < n; start += BATCH) {
    const rows: string[][] = [];
    for (let i = start; i < Math.min(n, start + BATCH); i++) rows.push(generatedRow(i, gps));
    await write(tsv(rows));
  }
  await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
  return { path: file, rows: n, bytes: fs.statSync(file).size };
}

/** Search terms a user would type: words from the catalogue, concept ids and row-id prefixes. */
export function searchTerms(gps: GpsConcept[], count: number): string[] {
  const words = ['asthma', 'fracture', 'diabetes', 'hypertension', 'pneumonia', 'carcinoma', 'infection', 'pain', 'ulcer', 'anemia', 'migraine', 'dermatitis', 'sepsis', 'hepatitis', 'arthritis', 'insulin', 'femur', 'allergy to', 'chronic kidney', 'myocardial infarction'];
  const terms: string[] = [];
  for (let i = 0; terms.length < count; i++) {
    const kind = i % 4;
    if (kind < 2) terms.push(words[i % words.length]);
    else if (kind === 2) terms.push(gps[(i * 7919) % gps.length].code);
    else terms.push(gps[(i * 104729) % gps.length].display.split(' ')[0].toLowerCase());
  }
  return terms;
}
