/**
 * A generated RF2 release of the International edition's shape (at `scale` 1: 360k concepts,
 * 1.6M descriptions, 1.1M is-a and 2M other relationships, 1.6M language reference set rows,
 * 400k association rows), as the five Snapshot files in a release .zip. Terms come from the GPS
 * value set's words, so searches hit realistic words. The hierarchy is a DAG of depth ~12: each
 * concept's first parent is `(i - 1) / 3` (three top-level concepts of ~120k descendants each at
 * full scale), 60 % have a second parent beside the first, and inactive is-a rows make up the
 * rest of the 1.1M, as in a real release that keeps its history.
 */
import archiver from 'archiver';
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { GpsConcept } from '../files';

const M = '900000000000207008';
const ROOT = '138875005';
const HEADERS = {
  concept: 'id\teffectiveTime\tactive\tmoduleId\tdefinitionStatusId',
  description: 'id\teffectiveTime\tactive\tmoduleId\tconceptId\tlanguageCode\ttypeId\tterm\tcaseSignificanceId',
  relationship: 'id\teffectiveTime\tactive\tmoduleId\tsourceId\tdestinationId\trelationshipGroup\ttypeId\tcharacteristicTypeId\tmodifierId',
  language: 'id\teffectiveTime\tactive\tmoduleId\trefsetId\treferencedComponentId\tacceptabilityId',
  association: 'id\teffectiveTime\tactive\tmoduleId\trefsetId\treferencedComponentId\ttargetComponentId',
};
const ATTRIBUTES = ['363698007', '116676008', '246075003', '370135005', '363714003', '47429007'];
const ASSOCIATIONS = ['900000000000526001', '900000000000527005', '900000000000523009', '900000000000524003'];

export interface GeneratedRelease {
  zip: string;
  bytes: number;
  files: Record<keyof typeof HEADERS, { path: string; rows: number }>;
  concepts: number;
  /** Concept ids of the three top-level concepts (the most descendants). */
  topLevel: string[];
  /** A sample of concept ids with children, for the children latency. */
  parents: string[];
  conceptId(i: number): string;
}

/** A deterministic pseudo-random sequence (the same release each run). */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

class Out {
  private fd: number;
  private buf: string[] = [];
  rows = 0;
  constructor(readonly path: string, header: string) {
    this.fd = fs.openSync(path, 'w');
    this.buf.push(header);
  }
  row(cells: (string | number)[]) {
    this.buf.push(cells.join('\t'));
    this.rows++;
    if (this.buf.length >= 5000) this.flush();
  }
  flush() {
    fs.writeSync(this.fd, this.buf.join('\r\n') + '\r\n');
    this.buf = [];
  }
  close() {
    this.flush();
    fs.closeSync(this.fd);
  }
}

export async function writeRelease(dir: string, scale: number, gps: GpsConcept[]): Promise<GeneratedRelease> {
  const n = Math.max(1000, Math.round(360_000 * scale));
  const rnd = random(36);
  const words = [...new Set(gps.flatMap((g) => g.display.toLowerCase().split(/[^a-z]+/)).filter((w) => w.length > 3))];
  const word = () => words[Math.floor(rnd() * words.length)];
  const conceptId = (i: number) => (i === 0 ? ROOT : `${1_000_000 + i}00${i % 10}`);
  const tags = ['disorder', 'finding', 'procedure', 'body structure', 'substance', 'organism'];
  const out = {
    concept: new Out(path.join(dir, 'sct2_Concept_Snapshot_INT_20250101.txt'), HEADERS.concept),
    description: new Out(path.join(dir, 'sct2_Description_Snapshot-en_INT_20250101.txt'), HEADERS.description),
    relationship: new Out(path.join(dir, 'sct2_Relationship_Snapshot_INT_20250101.txt'), HEADERS.relationship),
    language: new Out(path.join(dir, 'der2_cRefset_LanguageSnapshot-en_INT_20250101.txt'), HEADERS.language),
    association: new Out(path.join(dir, 'der2_cRefset_AssociationSnapshot_INT_20250101.txt'), HEADERS.association),
  };
  const targets = { isa: Math.round(1_100_000 * scale), other: Math.round(2_000_000 * scale), descriptions: Math.round(1_600_000 * scale), associations: Math.round(400_000 * scale) };
  let rel = 0;
  let desc = 0;
  const relId = () => `${2000000 + ++rel}02${rel % 10}`;
  const isaRow = (source: string, destination: string, active: boolean) => out.relationship.row([relId(), '20250101', active ? 1 : 0, M, source, destination, 0, '116680003', '900000000000011006', '900000000000451002']);
  // Descriptions per concept so that the total matches: FSN + preferred synonym + the rest spread.
  const extraPerConcept = Math.max(0, targets.descriptions / n - 2);
  let isaActive = 0;
  for (let i = 0; i < n; i++) {
    const id = conceptId(i);
    const inactive = i > 3 && rnd() < 0.1;
    out.concept.row([id, '20250101', inactive ? 0 : 1, M, rnd() < 0.3 ? '900000000000073002' : '900000000000074008']);
    const name = i === 0 ? 'SNOMED CT Concept' : `${word()} ${word()}${rnd() < 0.5 ? ` ${word()}` : ''}`;
    const terms: [string, string, string][] = [
      [`${name[0].toUpperCase()}${name.slice(1)} (${tags[i % tags.length]})`, '900000000000003001', '900000000000548007'],
      [`${name[0].toUpperCase()}${name.slice(1)}`, '900000000000013009', '900000000000548007'],
    ];
    const extra = Math.floor(extraPerConcept) + (rnd() < extraPerConcept % 1 ? 1 : 0);
    for (let k = 0; k < extra; k++) terms.push([`${word()} ${name}`, '900000000000013009', '900000000000549004']);
    for (const [term, type, acceptability] of terms) {
      const d = `${3000000 + ++desc}01${desc % 10}`;
      out.description.row([d, '20250101', 1, M, id, 'en', type, term, '900000000000448009']);
      out.language.row([randomUUID(), '20250101', 1, M, '900000000000509007', d, acceptability]);
    }
    if (i === 0 || inactive) continue;
    const p = Math.floor((i - 1) / 3);
    isaRow(id, conceptId(p), true);
    isaActive++;
    if (p > 3 && rnd() < 0.6) {
      isaRow(id, conceptId(p + 1 < i ? p + 1 : p - 1), true);
      isaActive++;
    }
  }
  // History: inactive is-a rows up to the release's count, then the attribute relationships.
  for (let k = isaActive; k < targets.isa; k++) isaRow(conceptId(1 + Math.floor(rnd() * (n - 1))), conceptId(Math.floor(rnd() * n)), false);
  for (let k = 0; k < targets.other; k++) {
    out.relationship.row([relId(), '20250101', 1, M, conceptId(1 + Math.floor(rnd() * (n - 1))), conceptId(1 + Math.floor(rnd() * (n - 1))), 1 + (k % 3), ATTRIBUTES[k % ATTRIBUTES.length], '900000000000011006', '900000000000451002']);
  }
  for (let k = 0; k < targets.associations; k++) {
    out.association.row([randomUUID(), '20250101', 1, M, ASSOCIATIONS[k % 4], conceptId(4 + Math.floor(rnd() * (n - 4))), conceptId(4 + Math.floor(rnd() * (n - 4)))]);
  }
  for (const o of Object.values(out)) o.close();
  const zip = path.join(dir, 'SnomedCT_InternationalRF2_PRODUCTION_20250101.zip');
  await new Promise<void>((resolve, reject) => {
    const archive = archiver('zip', { zlib: { level: 1 } });
    const stream = fs.createWriteStream(zip);
    stream.on('close', () => resolve());
    archive.on('error', reject);
    archive.pipe(stream);
    for (const o of Object.values(out)) archive.file(o.path, { name: `SnomedCT_InternationalRF2_PRODUCTION_20250101/Snapshot/Terminology/${path.basename(o.path)}` });
    void archive.finalize();
  });
  const files = Object.fromEntries(Object.entries(out).map(([k, o]) => [k, { path: o.path, rows: o.rows }])) as GeneratedRelease['files'];
  return { zip, bytes: fs.statSync(zip).size, files, concepts: n, topLevel: [1, 2, 3].map(conceptId), parents: Array.from({ length: 50 }, (_, k) => conceptId(4 + Math.floor((k * (n / 3 - 4)) / 50))), conceptId };
}
