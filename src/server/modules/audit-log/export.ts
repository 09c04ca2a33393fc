import { PassThrough, Readable } from 'node:stream';
import { AUDIT_LOG_TEXTS, type AuditLogEntry } from '../../../contract';

/**
 * The audit log as a file (GET /audit/export): one line per event, newest first, streamed while the
 * rows are read (repository.ts streamAuditEvents), so a large log never sits in memory.
 *
 * Formula injection: a cell that starts with = + - @ (or a tab or carriage return) is one a
 * spreadsheet may run as a formula, and events carry text users typed (node names, usernames, a
 * failed sign-in's name). In CSV such a value gets a leading apostrophe (the OWASP advice: it shows
 * as text); the .xlsx file writes every value as a text cell, like the error reports (platform/files/xlsx.ts),
 * which Excel never evaluates.
 */
export const AUDIT_EXPORT_HEADER = ['Time (UTC)', 'User', 'User id', 'Action', 'Entity type', 'Record id', 'Changes', 'Detail'] as const;
const COLUMN_WIDTHS = [24, 18, 38, 18, 16, 38, 80, 60];
/** A cell holds at most 32,767 characters in Excel; longer values are cut with a note. */
const MAX_CELL = 32_000;

const show = (value: unknown): string => (value === null || value === undefined ? AUDIT_LOG_TEXTS.empty : typeof value === 'string' ? value : JSON.stringify(value));

/** One event as the export's cells. */
export function exportCells(e: AuditLogEntry): string[] {
  const changes = e.changes.map((c) => `${c.field}: ${show(c.before)} → ${show(c.after)}`).join('\n');
  const cells = [e.at, e.actor?.username ?? '', e.actor?.id ?? '', e.action, e.entityType, e.entityId ?? '', changes, e.detail ? JSON.stringify(e.detail) : ''];
  return cells.map((v) => (v.length > MAX_CELL ? `${v.slice(0, MAX_CELL)}… (cut)` : v));
}

/** A value that a spreadsheet would not read as a formula. */
export function csvSafe(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function csvLine(cells: readonly string[]): string {
  return `${cells.map((c) => `"${csvSafe(c).replace(/"/g, '""')}"`).join(',')}\r\n`;
}

/** RFC 4180 CSV with a UTF-8 byte-order mark (Excel then reads the accents right). */
export function csvStream(batches: AsyncIterable<AuditLogEntry[]>): Readable {
  async function* lines() {
    yield `\uFEFF${csvLine(AUDIT_EXPORT_HEADER)}`;
    for await (const batch of batches) yield batch.map((e) => csvLine(exportCells(e))).join('');
  }
  return Readable.from(lines());
}

/** Resolves on 'drain' or 'close', whichever comes first, and leaves no listener behind. */
function drainedOrClosed(stream: PassThrough): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.once('drain', done);
    stream.once('close', done);
  });
}

/**
 * An .xlsx workbook written row by row with ExcelJS's streaming writer; every value a text cell.
 * ExcelJS loads with the first export, not with the server (it is large and most starts never need it).
 */
export function xlsxStream(batches: AsyncIterable<AuditLogEntry[]>, onError: (err: unknown) => void): Readable {
  const out = new PassThrough();
  void (async () => {
    const { default: ExcelJS } = await import('exceljs');
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: true });
    const sheet = book.addWorksheet('Audit log', { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = COLUMN_WIDTHS.map((width) => ({ width, style: { numFmt: '@' } }));
    sheet.addRow([...AUDIT_EXPORT_HEADER]).commit();
    for await (const batch of batches) {
      if (out.destroyed) return; // the client went away
      for (const e of batch) sheet.addRow(exportCells(e)).commit();
      // Backpressure: wait for a slow client (or its leaving) before reading the next batch.
      if (out.writableNeedDrain) await drainedOrClosed(out);
    }
    sheet.commit();
    await book.commit();
  })().catch((err: unknown) => {
    onError(err);
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return out;
}
