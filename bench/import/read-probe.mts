/** Times reading the node benchmark's workbook, in this thread (READ_PROBE_OFF=1: off thread). */
import fs from 'node:fs';
import { readGps, writeNodeXlsx } from './files';
import { readXlsxRows } from '../../src/server/jobs/parsers/xlsx';
import { readRowsOffThread } from '../../src/server/jobs/parsers/off-thread';
const file = process.argv[2] ?? '/tmp/probe/nodes-100000.xlsx';
if (!fs.existsSync(file)) writeNodeXlsx('/tmp/probe', 100_000, readGps());
const limits = { maxRows: 1_000_000, maxColumns: 64, maxCellChars: 32768, zip: { maxEntryBytes: 2e9, maxTotalBytes: 4e9, maxRatio: 1000 } };
for (let k = 0; k < 4; k++) {
  const t = performance.now();
  let n = 0;
  const rows = process.env.READ_PROBE_OFF ? readRowsOffThread(file, 'xlsx', limits) : readXlsxRows(file, limits);
  for await (const b of rows) n += b.length;
  console.log(process.env.READ_PROBE_OFF ? 'off thread' : 'in thread', n, (performance.now() - t).toFixed(0), 'ms');
}
process.exit(0);
