import zlib from 'node:zlib';

/**
 * Hand-assembled .xlsx files for the reader's tests: what real writers do not emit (empty
 * values, `<si/>`, CDATA, `_x000D_`, phonetic runs, 1904 dates, error cells, other part-name
 * case, prefixed or strict-namespace XML, backslash zip paths, parts larger than declared).
 * Generated in the tests; no binary fixtures in the repository.
 */
export interface ZipPart {
  name: string;
  data: Buffer | string;
  /** Declare this uncompressed size instead of the real one. */
  declaredSize?: number;
}

/** A plain zip writer (deflate, CRC-32), enough for hand-made workbooks. */
export function zipParts(parts: ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const data = Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data);
    const name = Buffer.from(part.name);
    const compressed = zlib.deflateRawSync(data, { level: 9 });
    const size = part.declaredSize ?? data.length;
    const crc = zlib.crc32(data) >>> 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, compressed);
    centrals.push(central, name);
    offset += local.length + name.length + compressed.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

export interface BookSheet {
  name: string;
  /** The `<sheetData>` content. */
  rows: string;
  state?: 'hidden' | 'veryHidden';
}

export interface BookSpec {
  sheets: BookSheet[];
  /** The `<si>` items of the shared-string table (no table when absent). */
  sharedStrings?: string;
  /** Number formats [id, code] and the cellXfs' numFmtIds (index = the cells' s attribute). */
  styles?: { numFmts?: [number, string][]; xfs: number[] };
  date1904?: boolean;
  /** Every SpreadsheetML tag written with this namespace prefix (`x:c`, `x:row`, …). */
  prefix?: string;
  /** ISO/IEC 29500 strict namespaces (purl.oclc.org) instead of the transitional ones. */
  strict?: boolean;
  /** Renames zip entries (not the relationships' targets): other letter case, backslashes. */
  entryName?: (name: string) => string;
  /** Declared sizes by part name (a part larger than declared). */
  declared?: Record<string, number>;
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function bookXlsx(spec: BookSpec): Buffer {
  const main = spec.strict ? 'http://purl.oclc.org/ooxml/spreadsheetml/main' : 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const rel = spec.strict ? 'http://purl.oclc.org/ooxml/officeDocument/relationships' : 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  const pkgRels = 'http://schemas.openxmlformats.org/package/2006/relationships';
  const p = spec.prefix;
  // Prefix every element of a SpreadsheetML part and declare the prefix on the root.
  const ml = (xml: string) => {
    if (!p) return xml.replace(/^<(\w+)/, `<$1 xmlns="${main}"`);
    return xml.replace(/<(\/?)([A-Za-z]\w*)/g, `<$1${p}:$2`).replace(/^<(\w+:\w+)/, `<$1 xmlns:${p}="${main}"`);
  };
  const head = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
  const ct = 'application/vnd.openxmlformats-officedocument.spreadsheetml';
  const parts: ZipPart[] = [];
  const wbRels: string[] = [];
  const overrides: string[] = [`<Override PartName="/xl/workbook.xml" ContentType="${ct}.sheet.main+xml"/>`];
  spec.sheets.forEach((s, i) => {
    wbRels.push(`<Relationship Id="rId${i + 1}" Type="${rel}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`);
    overrides.push(`<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="${ct}.worksheet+xml"/>`);
    parts.push({ name: `xl/worksheets/sheet${i + 1}.xml`, data: head + ml(`<worksheet><sheetData>${s.rows}</sheetData></worksheet>`) });
  });
  if (spec.sharedStrings !== undefined) {
    wbRels.push(`<Relationship Id="rIdS" Type="${rel}/sharedStrings" Target="sharedStrings.xml"/>`);
    overrides.push(`<Override PartName="/xl/sharedStrings.xml" ContentType="${ct}.sharedStrings+xml"/>`);
    parts.push({ name: 'xl/sharedStrings.xml', data: head + ml(`<sst>${spec.sharedStrings}</sst>`) });
  }
  if (spec.styles) {
    const fmts = spec.styles.numFmts ?? [];
    const numFmts = fmts.length ? `<numFmts count="${fmts.length}">${fmts.map(([id, code]) => `<numFmt numFmtId="${id}" formatCode="${escapeXml(code)}"/>`).join('')}</numFmts>` : '';
    const xfs = spec.styles.xfs.map((id) => `<xf numFmtId="${id}" fontId="0" fillId="0" borderId="0" xfId="0"${id ? ' applyNumberFormat="1"' : ''}/>`).join('');
    const xml =
      `<styleSheet>${numFmts}<fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts><fills count="1"><fill><patternFill patternType="none"/></fill></fills>` +
      `<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>` +
      `<cellXfs count="${spec.styles.xfs.length}">${xfs}</cellXfs></styleSheet>`;
    wbRels.push(`<Relationship Id="rIdT" Type="${rel}/styles" Target="styles.xml"/>`);
    overrides.push(`<Override PartName="/xl/styles.xml" ContentType="${ct}.styles+xml"/>`);
    parts.push({ name: 'xl/styles.xml', data: head + ml(xml) });
  }
  const sheets = spec.sheets.map((s, i) => `<sheet name="${escapeXml(s.name)}" sheetId="${i + 1}"${s.state ? ` state="${s.state}"` : ''} r:id="rId${i + 1}"/>`).join('');
  const workbook = ml(`<workbook>${spec.date1904 ? '<workbookPr date1904="1"/>' : '<workbookPr/>'}<sheets>${sheets}</sheets></workbook>`).replace(/^(<[\w:]+)/, `$1 xmlns:r="${rel}"`);
  parts.unshift(
    {
      name: '[Content_Types].xml',
      data: `${head}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>${overrides.join('')}</Types>`,
    },
    { name: '_rels/.rels', data: `${head}<Relationships xmlns="${pkgRels}"><Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>` },
    { name: 'xl/workbook.xml', data: head + workbook },
    { name: 'xl/_rels/workbook.xml.rels', data: `${head}<Relationships xmlns="${pkgRels}">${wbRels.join('')}</Relationships>` },
  );
  return zipParts(
    parts.map((part) => ({ ...part, name: spec.entryName ? spec.entryName(part.name) : part.name, declaredSize: spec.declared?.[part.name] })),
  );
}

/** A `<row>` of cells given as raw `<c>` XML bodies: [attributes, inner XML]. */
export function row(r: number, cells: ([string, string] | null)[]): string {
  const col = (i: number) => String.fromCharCode(65 + i);
  return `<row r="${r}">${cells.map((c, i) => (c ? `<c r="${col(i)}${r}"${c[0] ? ` ${c[0]}` : ''}>${c[1]}</c>` : '')).join('')}</row>`;
}

/** Cell builders for row(). */
export const c = {
  str: (text: string): [string, string] => ['t="inlineStr"', `<is><t xml:space="preserve">${escapeXml(text)}</t></is>`],
  shared: (index: number | ''): [string, string] => ['t="s"', index === '' ? '<v/>' : `<v>${index}</v>`],
  num: (raw: string, style?: number): [string, string] => [style !== undefined ? `s="${style}"` : '', `<v>${raw}</v>`],
  bool: (v: boolean): [string, string] => ['t="b"', `<v>${v ? 1 : 0}</v>`],
  err: (code: string): [string, string] => ['t="e"', `<v>${escapeXml(code)}</v>`],
  raw: (attrs: string, inner: string): [string, string] => [attrs, inner],
};
