import * as XLSX from '@e965/xlsx';
import type { FastifyReply } from 'fastify';

/**
 * Small .xlsx files written with SheetJS: the upload templates and the error reports. Every
 * value is written as a text cell, so a value such as "=HYPERLINK(…)" from an uploaded file
 * stays text in the report and Excel never runs it.
 */
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Rows listed in an error report; further errors are counted in a last line (xlsx holds ~1M rows). */
export const MAX_REPORT_ROWS = 100_000;

export interface TextSheet {
  name: string;
  rows: readonly (readonly string[])[];
  widths: number[];
}

/** A workbook of text sheets, in this order (an upload reads the first sheet with rows). */
export function textWorkbookOf(sheets: readonly TextSheet[]): Buffer {
  const book = XLSX.utils.book_new();
  for (const { name, rows, widths } of sheets) {
    const sheet = XLSX.utils.aoa_to_sheet(rows.map((r) => r.map((v) => ({ t: 's', v, z: '@' }))));
    sheet['!cols'] = widths.map((wch) => ({ wch }));
    XLSX.utils.book_append_sheet(book, sheet, name);
  }
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}

export function textWorkbook(sheetName: string, rows: readonly (readonly string[])[], widths: number[]): Buffer {
  return textWorkbookOf([{ name: sheetName, rows, widths }]);
}

/** An error report: header, one line per refused row (values cut to 1,000 characters), and an overflow note. */
export function errorReport(header: string[], rows: string[][], totalErrors: number): Buffer {
  const lines = rows.map((r) => r.map((v) => (v.length > 1000 ? `${v.slice(0, 1000)}…` : v)));
  if (totalErrors > rows.length) lines.push([`… and ${(totalErrors - rows.length).toLocaleString('en')} more rows with errors (not listed)`]);
  return textWorkbook('Errors', [header, ...lines], [8, ...header.slice(1, -1).map(() => 24), 60]);
}

/** RFC 6266: an ASCII fallback plus the UTF-8 name. */
export function sendXlsx(reply: FastifyReply, filename: string, data: Buffer) {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return reply
    .header('Content-Type', XLSX_CONTENT_TYPE)
    .header('Content-Disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'private, no-store')
    .send(data);
}

/** `nodes_template_20240131T120000.xlsx` (spec §7: saved with a timestamp in its name). */
export const timestamped = (prefix: string, now = new Date()) => `${prefix}_${now.toISOString().replace(/[-:]/g, '').slice(0, 15)}.xlsx`;
