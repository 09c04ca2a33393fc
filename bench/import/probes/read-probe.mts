/**
 * Times reading the node benchmark's 100k-row workbook with the upload's own limits, four times
 * (run by hand: `npx tsx bench/import/probes/read-probe.mts [file.xlsx]`): in this thread, or with
 * READ_PROBE_OFF=1 off thread as an import reads it (a fresh parser thread each time, since a
 * large .xlsx ends its thread).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readGps, writeNodeXlsx } from '../files';
import { NODE_PARSE_LIMITS } from '../../../src/server/modules/node-import/importer';
import { readXlsxRows } from '../../../src/server/platform/parsers/spreadsheet/xlsx';
import { readRowsOffThread } from '../../../src/server/platform/parsers/threads/off-thread';

const dir = path.join(os.tmpdir(), 'kg-read-probe');
fs.mkdirSync(dir, { recursive: true });
const file = process.argv[2] ?? path.join(dir, 'nodes-100000.xlsx');
if (!fs.existsSync(file)) writeNodeXlsx(dir, 100_000, readGps());
const offThread = Boolean(process.env.READ_PROBE_OFF);
for (let k = 0; k < 4; k++) {
  const t = performance.now();
  let n = 0;
  const rows = offThread ? readRowsOffThread(file, 'xlsx', NODE_PARSE_LIMITS) : readXlsxRows(file, NODE_PARSE_LIMITS);
  for await (const b of rows) n += b.length;
  console.log(offThread ? 'off thread' : 'in thread', n, (performance.now() - t).toFixed(0), 'ms');
}
process.exit(0);
