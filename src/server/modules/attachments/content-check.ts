/**
 * Checks that a file's bytes match its extension (spec §5's attachment list), so a renamed
 * executable or HTML page is refused even with an allowed name.
 */
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]; // legacy Office (doc, xls, ppt)
const ZIP = [0x50, 0x4b, 0x03, 0x04]; // zip and Office Open XML (docx, xlsx, pptx)
const EMPTY_ZIP = [0x50, 0x4b, 0x05, 0x06];

const startsWith = (data: Buffer, bytes: number[]) => bytes.every((b, i) => data[i] === b);

function looksLikeText(data: Buffer): boolean {
  const sample = data.subarray(0, 8192);
  if (sample.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(sample.length === data.length ? sample : sample.subarray(0, sample.length - 4));
    return true;
  } catch {
    return false;
  }
}

const CHECKS: Record<string, { contentType: string; matches: (d: Buffer) => boolean }> = {
  pdf: { contentType: 'application/pdf', matches: (d) => startsWith(d, [0x25, 0x50, 0x44, 0x46]) },
  png: { contentType: 'image/png', matches: (d) => startsWith(d, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  jpg: { contentType: 'image/jpeg', matches: (d) => startsWith(d, [0xff, 0xd8, 0xff]) },
  jpeg: { contentType: 'image/jpeg', matches: (d) => startsWith(d, [0xff, 0xd8, 0xff]) },
  zip: { contentType: 'application/zip', matches: (d) => startsWith(d, ZIP) || startsWith(d, EMPTY_ZIP) },
  docx: { contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', matches: (d) => startsWith(d, ZIP) },
  xlsx: { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', matches: (d) => startsWith(d, ZIP) },
  pptx: { contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', matches: (d) => startsWith(d, ZIP) },
  doc: { contentType: 'application/msword', matches: (d) => startsWith(d, OLE) },
  xls: { contentType: 'application/vnd.ms-excel', matches: (d) => startsWith(d, OLE) },
  ppt: { contentType: 'application/vnd.ms-powerpoint', matches: (d) => startsWith(d, OLE) },
  rar: { contentType: 'application/vnd.rar', matches: (d) => startsWith(d, [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07]) },
  txt: { contentType: 'text/plain; charset=utf-8', matches: looksLikeText },
};

export function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot < 0 ? '' : filename.slice(dot + 1).toLowerCase();
}

/** The content type to store, or null when the bytes do not match the extension. */
export function checkAttachment(filename: string, data: Buffer): { contentType: string } | null {
  const check = CHECKS[extensionOf(filename)];
  if (!check || data.length === 0 || !check.matches(data)) return null;
  return { contentType: check.contentType };
}

/** The upload intake of the job platform cleans names the same way; attachments and backup import it from here. */
export { safeFilename } from '../../platform/files/file-names';
