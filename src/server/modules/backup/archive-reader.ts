import { StringDecoder } from 'node:string_decoder';
import { Transform, type Readable } from 'node:stream';
import zlib from 'node:zlib';
import { BACKUP_MESSAGES } from '../../../contract';
import { openZipEntry, partKey, readZipDirectory, zipBudget, type ZipBudget, type ZipEntry, type ZipLimits } from '../../platform/parsers/zip';
import { AppError, badRequest } from '../../plugins/errors';

/**
 * Reads a backup archive from its temp file with the import's zip reader (platform/parsers/zip.ts:
 * directory first, sizes checked before inflating, one entry streamed at a time), plus a CRC-32
 * check of every entry, so a damaged archive is refused before anything is written.
 */
const LIMITS: ZipLimits = {
  maxEntryBytes: 16 * 1024 ** 3,
  maxTotalBytes: 64 * 1024 ** 3,
  // NDJSON of repetitive rows compresses well, but not a thousandfold.
  maxRatio: 500,
  // One entry per attachment.
  maxEntries: 150_000,
};

export const damaged = (why: string) => badRequest(BACKUP_MESSAGES.damaged(why), 'backup_damaged');

/**
 * The longest line a table file may hold: an audit event with a large snapshot or an import batch
 * of a few hundred records stays far below; a line is held whole in memory before it is parsed.
 */
export const MAX_LINE_CHARS = 16 * 1024 * 1024;

/** The zip reader's refusals speak of workbooks; say them as backup refusals. */
function asBackupError(err: unknown): unknown {
  if (!(err instanceof AppError) || err.code === 'backup_damaged') return err;
  if (err.code === 'compression_bomb') return damaged('it expands to far more data than its size suggests');
  if (err.code === 'password_protected') return damaged('it is encrypted');
  if (err.code === 'corrupt_file') return damaged(/\((.*)\)\.?$/.exec(err.message)?.[1] ?? 'not a zip archive');
  return err;
}

export interface BackupArchive {
  has(name: string): boolean;
  /** The entry's size as its directory says. */
  size(name: string): number | null;
  /** Each line of a text entry (empty lines skipped), with its 1-based number. */
  lines(name: string): AsyncGenerator<{ line: string; n: number }>;
  /** The whole entry (attachment contents; the manifest). */
  bytes(name: string, maxBytes?: number): Promise<Buffer>;
}

export async function openBackupArchive(file: string): Promise<BackupArchive> {
  let entries: Map<string, ZipEntry>;
  try {
    entries = await readZipDirectory(file, LIMITS);
  } catch (err) {
    throw asBackupError(err);
  }
  const budget = zipBudget(LIMITS);
  const entry = (name: string) => entries.get(partKey(name)) ?? null;
  const open = async (name: string, maxBytes?: number) => {
    const e = entry(name);
    if (!e) throw damaged(`${name} is missing`);
    try {
      return checkCrc(await openZipEntry(file, e, budget, undefined, maxBytes), e);
    } catch (err) {
      throw asBackupError(err);
    }
  };
  return {
    has: (name) => entry(name) !== null,
    size: (name) => entry(name)?.uncompressedSize ?? null,
    async *lines(name) {
      const stream = await open(name);
      const decoder = new StringDecoder('utf8');
      let rest = '';
      let n = 0;
      const tooLong = () => badRequest(BACKUP_MESSAGES.badRow(name, n + 1, `the line is longer than ${MAX_LINE_CHARS / 1024 ** 2} MB`), 'backup_bad_row');
      try {
        for await (const chunk of stream) {
          const parts = (rest + decoder.write(chunk as Buffer)).split('\n');
          rest = parts.pop()!;
          for (const line of parts) {
            if (line.length > MAX_LINE_CHARS) throw tooLong();
            n++;
            if (line.trim() !== '') yield { line, n };
          }
          // Checked as the bytes arrive, so one endless line is refused at the bound, not held whole.
          if (rest.length > MAX_LINE_CHARS) throw tooLong();
        }
      } catch (err) {
        throw asBackupError(err);
      } finally {
        stream.destroy();
      }
      rest += decoder.end();
      if (rest.trim() !== '') yield { line: rest, n: n + 1 };
    },
    async bytes(name, maxBytes) {
      const stream = await open(name, maxBytes);
      const chunks: Buffer[] = [];
      try {
        for await (const chunk of stream) chunks.push(chunk as Buffer);
      } catch (err) {
        throw asBackupError(err);
      }
      return Buffer.concat(chunks);
    },
  };
}

/**
 * Fails the stream once its bytes pass the size the directory declares (as they arrive), and at
 * its end when they are fewer or their CRC-32 differs from the directory's: an entry is exactly
 * what the directory says, so the sizes checked before reading (attachments, limits) hold.
 */
function checkCrc(stream: Readable, entry: ZipEntry): Readable {
  let crc = 0;
  let produced = 0;
  const wrongSize = () => damaged(`${entry.name} inflates to a size other than the ${entry.uncompressedSize} bytes it declares`);
  const check = new Transform({
    transform(chunk: Buffer, _enc, done) {
      produced += chunk.length;
      if (produced > entry.uncompressedSize) return done(wrongSize());
      crc = zlib.crc32(chunk, crc);
      done(null, chunk);
    },
    flush(done) {
      if (produced !== entry.uncompressedSize) return done(wrongSize());
      done((crc >>> 0) === (entry.crc32 >>> 0) ? null : damaged(`${entry.name} fails its checksum`));
    },
  });
  stream.on('error', (err) => check.destroy(err));
  check.on('close', () => stream.destroy());
  return stream.pipe(check);
}

export type { ZipBudget };
