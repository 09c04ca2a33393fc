/**
 * The relation import scenario: the sample graph plus generated nodes (uploaded
 * first through the node upload, not measured), then a 100k-row relation workbook imported through
 * POST /relations/upload and followed over socket.io to its completed event — what the browser does.
 * Rows name their nodes as people do (by name, half of them with the node types), use the sample
 * graph's relation types within their rules, and leave weight and relation name blank on some rows.
 */
import fs from 'node:fs';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import pg from 'pg';
import { loadSampleGraph } from '../../src/server/seed/sample-graph';
import type { BenchFile, GpsConcept } from './files';

/** The sample graph's (src/server/seed/sample-graph.json) node types. */
const NODE_TYPES = ['Disease', 'Symptom', 'Drug'];

function writeBook(file: string, rows: unknown[][]): number {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'Sheet1');
  fs.writeFileSync(file, XLSX.write(wb, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer);
  return fs.statSync(file).size;
}

/** Generated node `i`: a unique name in one of the sample graph's node types. */
export const nodeOf = (i: number, gps: GpsConcept[]) => ({ name: `${gps[i % gps.length].display.replace(/ \([^)]*\)$/, '')} ~${i + 1}`, type: NODE_TYPES[i % NODE_TYPES.length] });

export function writeRelationBench(dir: string, nodes: number, relations: number, gps: GpsConcept[]): { nodeFile: BenchFile; relationFile: BenchFile } {
  const nodeFile = path.join(dir, `relation-bench-nodes-${nodes}.csv`);
  const quote = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  const nodeLines = ['nodename,nodetype', ...Array.from({ length: nodes }, (_, i) => nodeOf(i, gps)).map((n) => `${quote(n.name)},${n.type}`)];
  fs.writeFileSync(nodeFile, nodeLines.join('\r\n') + '\r\n');

  // `relations` distinct (source, target, type) triples that keep the sample relation types' rules
  // (a Symptom or a Drug source, a Disease target: sample-graph.json), ~relations/sources per source.
  const sources = Array.from({ length: nodes }, (_, i) => i).filter((i) => nodeOf(i, gps).type !== 'Disease');
  const diseases = Array.from({ length: nodes }, (_, i) => i).filter((i) => nodeOf(i, gps).type === 'Disease');
  const rows: unknown[][] = [['Source', 'Source type', 'Target', 'Target type', 'Relation type', 'Weight', 'Relation name', 'Description']];
  const seen = new Set<string>();
  for (let i = 0; rows.length <= relations; i++) {
    const s = sources[i % sources.length];
    const round = Math.floor(i / sources.length);
    const t = diseases[(i + 1 + round * 7919 + (i % 13)) % diseases.length];
    const a = nodeOf(s, gps);
    const b = nodeOf(t, gps);
    const type = a.type === 'Symptom' ? 'symptom of' : (s + round) % 2 === 0 ? 'treats (disease-modifying)' : 'treats (symptomatic)';
    const key = `${s}|${t}|${type}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const typed = i % 2 === 0;
    rows.push([a.name, typed ? a.type : '', b.name, typed ? b.type : '', type, i % 3 === 0 ? '' : 1 + (i % 100), i % 4 === 0 ? '' : `link ${i % 50}`, i % 5 === 0 ? `Generated relation ${i}` : '']);
  }
  const relationPath = path.join(dir, `relations-${relations}.xlsx`);
  const bytes = writeBook(relationPath, rows);
  return {
    nodeFile: { path: nodeFile, rows: nodes, bytes: fs.statSync(nodeFile).size },
    relationFile: { path: relationPath, rows: relations, bytes },
  };
}

/**
 * The sample graph on a PostgreSQL database the server has migrated: a PostgreSQL install starts
 * empty (the server loads the sample only into a new embedded database), so the bench loads it.
 */
export async function loadSampleOnPostgres(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('BEGIN');
    await loadSampleGraph({
      query: async <T>(sql: string, params?: unknown[]) => (await client.query(sql, params)).rows as T[],
      exec: async (sql: string) => void (await client.query(sql)),
    });
    await client.query('COMMIT');
  } finally {
    await client.end();
  }
}
