import * as XLSX from '@e965/xlsx';
import { zipParts, type ZipPart } from '../platform/parsers/test-books';

/**
 * Upload fixtures generated in the tests (no binaries in the repository): real workbooks
 * from SheetJS, hand-assembled .xlsx archives for the hostile cases (formulas without a
 * cached value, huge declared dimensions, compressed bombs, lying sizes), an encrypted
 * (password-protected) OOXML container, and multipart bodies for app.inject.
 */
export function multipart(filename: string, data: Buffer, field = 'file') {
  const boundary = '----kgtest' + Math.random().toString(16).slice(2);
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, data, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function book(rows: unknown[][], bookType: XLSX.BookType): Buffer {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'Sheet1');
  return XLSX.write(wb, { type: 'buffer', bookType, compression: true }) as Buffer;
}

export const xlsxOf = (rows: unknown[][]) => book(rows, 'xlsx');
export const xlsOf = (rows: unknown[][]) => book(rows, 'biff8');

export function csvOf(rows: string[][], delimiter = ','): Buffer {
  const quote = (v: string) => (/[",;\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  return Buffer.from(rows.map((r) => r.map(quote).join(delimiter)).join('\r\n') + '\r\n');
}

/** Reads an .xlsx answer back into rows of text. */
export function rowsOf(data: Buffer): string[][] {
  const wb = XLSX.read(data, { type: 'buffer' });
  return XLSX.utils.sheet_to_json<string[]>(wb.Sheets[wb.SheetNames[0]], { header: 1, raw: false, defval: '' });
}

/** A plain zip writer, enough to assemble .xlsx files by hand (also lying about sizes). */
export const zipOf = zipParts;

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** An .xlsx whose sheet XML is given (cells inline); `sheet` may also be replaced wholesale. */
export function handmadeXlsx(sheetData: string, options: { dimension?: string; sheet?: Omit<ZipPart, 'name'> } = {}): Buffer {
  const sheetXml = `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${NS}">${options.dimension ? `<dimension ref="${options.dimension}"/>` : ''}<sheetData>${sheetData}</sheetData></worksheet>`;
  return zipOf([
    {
      name: '[Content_Types].xml',
      data: Buffer.from(
        `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>`,
      ),
    },
    {
      name: '_rels/.rels',
      data: Buffer.from(
        `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ),
    },
    {
      name: 'xl/workbook.xml',
      data: Buffer.from(`<?xml version="1.0"?><workbook xmlns="${NS}" xmlns:r="${REL}"><sheets><sheet name="Nodes" sheetId="1" r:id="rId1"/></sheets></workbook>`),
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: Buffer.from(
        `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
      ),
    },
    { name: 'xl/worksheets/sheet1.xml', data: Buffer.from(sheetXml), ...options.sheet },
  ]);
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** `<row>` XML with inline-string cells; a cell given as { f, v } is a formula with an optional cached value. */
export function rowXml(r: number, cells: (string | { f: string; v?: string })[]): string {
  const cols = cells.map((c, i) => {
    const ref = `${String.fromCharCode(65 + i)}${r}`;
    if (typeof c === 'string') return `<c r="${ref}" t="inlineStr"><is><t>${escapeXml(c)}</t></is></c>`;
    return `<c r="${ref}" t="str"><f>${escapeXml(c.f)}</f>${c.v !== undefined ? `<v>${escapeXml(c.v)}</v>` : ''}</c>`;
  });
  return `<row r="${r}">${cols.join('')}</row>`;
}

/** A password-protected OOXML file as Excel writes it: an OLE container with the encrypted package. */
export function encryptedXlsx(): Buffer {
  const CFB = XLSX.CFB as {
    utils: { cfb_new(): unknown; cfb_add(c: unknown, name: string, data: Buffer): void };
    write(c: unknown, o: { type: 'buffer' }): Buffer;
  };
  const container = CFB.utils.cfb_new();
  CFB.utils.cfb_add(container, '/EncryptionInfo', Buffer.from([4, 0, 4, 0, 0x40, 0, 0, 0, ...Buffer.alloc(200, 7)]));
  CFB.utils.cfb_add(container, '/EncryptedPackage', Buffer.alloc(4096, 0x5a));
  return Buffer.from(CFB.write(container, { type: 'buffer' }));
}

/** An OLE container that is not a workbook (a Word document's shape). */
export function oleNotAWorkbook(): Buffer {
  const CFB = XLSX.CFB as { utils: { cfb_new(): unknown; cfb_add(c: unknown, name: string, data: Buffer): void }; write(c: unknown, o: { type: 'buffer' }): Buffer };
  const container = CFB.utils.cfb_new();
  CFB.utils.cfb_add(container, '/WordDocument', Buffer.alloc(2048, 1));
  return Buffer.from(CFB.write(container, { type: 'buffer' }));
}
