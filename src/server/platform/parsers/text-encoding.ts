import fs from 'node:fs';
import { isAscii, isUtf8 } from 'node:buffer';
import { AppError } from '../../app-error';

/**
 * How a delimited text file (CSV, RF2) is decoded, decided from the WHOLE file before its first
 * row is read, so that a stray byte gives the same answer wherever in the file it sits:
 *
 * - a UTF-16 byte-order mark: UTF-16 (Excel's "Unicode Text");
 * - more than 5 % control bytes (NUL and the C0 controls other than tab, LF, CR, FF): not text at
 *   all (an image, an archive, UTF-16 without its mark) — the file is refused before anything is
 *   written. Random binary data holds ~11 % of them; a text file with a stray NUL far fewer;
 * - valid UTF-8 throughout: UTF-8;
 * - invalid UTF-8 but some well-formed multi-byte UTF-8 sequence: a UTF-8 file with damaged bytes.
 *   It is read as UTF-8: each damaged byte becomes U+FFFD, and the row holding it is an error row
 *   (cell-text.ts) instead of a value PostgreSQL or the database driver would garble or refuse;
 * - invalid UTF-8 and no multi-byte sequence at all: Windows-1252, as Excel writes "CSV" on Windows.
 *
 * Reading the file once more costs little next to parsing it (isUtf8 and isAscii are native; the
 * byte-wise multi-byte scan runs only over damaged chunks), and it runs in the parser thread.
 */
export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

const CONTROL_SHARE_MAX = 0.05;

const isControl = (b: number) => (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c) || b === 0x7f;

/** Whether `buf` holds a well-formed 2-4 byte UTF-8 sequence (a hint the file is meant as UTF-8). */
function hasUtf8Sequence(buf: Buffer): boolean {
  for (let i = 0; i < buf.length - 1; i++) {
    const b = buf[i];
    if (b < 0xc2 || b > 0xf4) continue;
    const need = b < 0xe0 ? 1 : b < 0xf0 ? 2 : 3;
    let ok = i + need < buf.length;
    for (let k = 1; ok && k <= need; k++) ok = (buf[i + k] & 0xc0) === 0x80;
    if (ok && isUtf8(buf.subarray(i, i + need + 1))) return true;
  }
  return false;
}

export const notText = () =>
  new AppError(415, 'content_mismatch', 'The file is not a text file. Save it from Excel as "CSV UTF-8" (or upload the workbook itself) and try again.');

/** Reads the file once and answers how to decode it; throws `notText()` for a binary file. */
export async function chooseTextEncoding(file: string): Promise<TextEncoding> {
  let size = 0;
  let controls = 0;
  let valid = true;
  let multibyte = false;
  let first: Buffer | null = null;
  /** The bytes of a character split by the chunk boundary, checked with the next chunk. */
  let carry: Buffer = Buffer.alloc(0);
  const stream = fs.createReadStream(file, { highWaterMark: 1024 * 1024 });
  try {
    for await (const chunk of stream) {
      const buf = chunk as Buffer;
      if (!first) {
        first = buf.subarray(0, 2);
        if ((buf[0] === 0xff && buf[1] === 0xfe) || (buf[0] === 0xfe && buf[1] === 0xff)) return buf[0] === 0xff ? 'utf-16le' : 'utf-16be';
      }
      size += buf.length;
      for (let i = 0; i < buf.length; i++) if (isControl(buf[i])) controls++;
      const joined = carry.length > 0 ? Buffer.concat([carry, buf]) : buf;
      // Leave out a possibly incomplete last character: up to 3 trailing bytes after a lead byte.
      let cut = joined.length;
      for (let k = 1; k <= 3 && joined.length - k >= 0; k++) {
        const b = joined[joined.length - k];
        if ((b & 0xc0) === 0xc0) {
          cut = joined.length - k;
          break;
        }
        if ((b & 0xc0) !== 0x80) break;
      }
      const whole = joined.subarray(0, cut);
      carry = Buffer.from(joined.subarray(cut));
      const wholeValid = isUtf8(whole);
      if (!wholeValid) valid = false;
      // Valid UTF-8 that is not ASCII holds a multi-byte sequence; only damaged chunks need the scan.
      if (!multibyte) multibyte = wholeValid ? !isAscii(whole) : hasUtf8Sequence(whole);
    }
  } finally {
    stream.destroy();
  }
  if (carry.length > 0 && !isUtf8(carry)) valid = false;
  if (size > 0 && controls / size > CONTROL_SHARE_MAX) throw notText();
  if (valid) return 'utf-8';
  return multibyte ? 'utf-8' : 'windows-1252';
}
