import fs from 'node:fs';
import { Readable, Transform } from 'node:stream';
import zlib from 'node:zlib';
import { badRequest } from '../../app-error';

/**
 * Just enough of the zip format to read an .xlsx safely: the central directory (whose sizes
 * are checked before anything is inflated) and one entry at a time as a stream that counts
 * the bytes it really produces. A compressed bomb is refused by its declared sizes, and one
 * that lies about them is cut off when its real bytes pass the same limits. A part merely
 * larger than declared, within the limits, is read (SheetJS and Excel read those too).
 * Entry names are looked up as OPC part names: case-insensitively, with `\` read as `/`.
 */
export interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
  /** CRC-32 of the uncompressed bytes, from the central directory (backup restores check it). */
  crc32: number;
}

export interface ZipLimits {
  /** Largest uncompressed size of one entry. */
  maxEntryBytes: number;
  /** Largest uncompressed size of all entries together. */
  maxTotalBytes: number;
  /** Largest uncompressed/compressed ratio of an entry bigger than 1 MB (bombs reach ~1000). */
  maxRatio: number;
  /** Most entries in the directory (default 10,000: a workbook has a few dozen parts). */
  maxEntries?: number;
}

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const MAX_ENTRIES = 10_000;

const bombRefused = () => badRequest('The workbook expands to far more data than its size suggests (a compressed bomb?) and was refused.', 'compression_bomb');
const corrupt = (why: string) => badRequest(`The file is not a valid Excel workbook (${why}).`, 'corrupt_file');

async function readAt(fd: fs.promises.FileHandle, position: number, length: number): Promise<Buffer> {
  const buf = Buffer.alloc(length);
  const { bytesRead } = await fd.read(buf, 0, length, position);
  return buf.subarray(0, bytesRead);
}

/** The key of a part name in the directory map: OPC part names are case-insensitive; some writers use `\\`. */
export const partKey = (name: string) => name.replace(/\\/g, '/').replace(/^\/+/, '').toLowerCase();

/** Bytes really inflated from one archive so far, checked against its limits as they are produced. */
export interface ZipBudget {
  limits: ZipLimits;
  produced: number;
}
export const zipBudget = (limits: ZipLimits): ZipBudget => ({ limits, produced: 0 });

/** Reads the central directory (keyed by partKey); throws a 400 for a damaged, encrypted or oversized archive. */
export async function readZipDirectory(file: string, limits: ZipLimits): Promise<Map<string, ZipEntry>> {
  const fd = await fs.promises.open(file, 'r');
  try {
    const { size } = await fd.stat();
    const tailLength = Math.min(size, 65_557);
    const tail = await readAt(fd, size - tailLength, tailLength);
    let at = -1;
    for (let i = tail.length - 22; i >= 0; i--) {
      if (tail.readUInt32LE(i) === EOCD) {
        at = i;
        break;
      }
    }
    if (at < 0) throw corrupt('no zip directory');
    let count = tail.readUInt16LE(at + 10);
    let dirSize = tail.readUInt32LE(at + 12);
    let dirOffset = tail.readUInt32LE(at + 16);
    if (count === 0xffff || dirSize === 0xffffffff || dirOffset === 0xffffffff) {
      const locatorAt = at - 20;
      if (locatorAt < 0 || tail.readUInt32LE(locatorAt) !== ZIP64_LOCATOR) throw corrupt('bad zip64 directory');
      const record = await readAt(fd, Number(tail.readBigUInt64LE(locatorAt + 8)), 56);
      if (record.length < 56 || record.readUInt32LE(0) !== ZIP64_EOCD) throw corrupt('bad zip64 directory');
      count = Number(record.readBigUInt64LE(32));
      dirSize = Number(record.readBigUInt64LE(40));
      dirOffset = Number(record.readBigUInt64LE(48));
    }
    if (count > (limits.maxEntries ?? MAX_ENTRIES) || dirSize > 16 * 1024 * 1024 || dirOffset + dirSize > size) throw corrupt('bad zip directory');
    const dir = await readAt(fd, dirOffset, dirSize);
    const entries = new Map<string, ZipEntry>();
    let total = 0;
    let p = 0;
    for (let n = 0; n < count; n++) {
      if (p + 46 > dir.length || dir.readUInt32LE(p) !== CENTRAL) throw corrupt('bad zip directory entry');
      const nameLength = dir.readUInt16LE(p + 28);
      const extraLength = dir.readUInt16LE(p + 30);
      const commentLength = dir.readUInt16LE(p + 32);
      const entry: ZipEntry = {
        name: dir.toString('utf8', p + 46, p + 46 + nameLength),
        flags: dir.readUInt16LE(p + 8),
        method: dir.readUInt16LE(p + 10),
        crc32: dir.readUInt32LE(p + 16),
        compressedSize: dir.readUInt32LE(p + 20),
        uncompressedSize: dir.readUInt32LE(p + 24),
        localHeaderOffset: dir.readUInt32LE(p + 42),
      };
      applyZip64Extra(entry, dir.subarray(p + 46 + nameLength, p + 46 + nameLength + extraLength));
      p += 46 + nameLength + extraLength + commentLength;
      if (entry.flags & 1) throw badRequest('The workbook is encrypted. Remove the password in Excel and upload it again.', 'password_protected');
      const bomb =
        entry.uncompressedSize > limits.maxEntryBytes ||
        (entry.uncompressedSize > 1024 * 1024 && entry.uncompressedSize > limits.maxRatio * Math.max(entry.compressedSize, 1));
      total += entry.uncompressedSize;
      if (bomb || total > limits.maxTotalBytes) throw bombRefused();
      entries.set(partKey(entry.name), entry);
    }
    return entries;
  } finally {
    await fd.close();
  }
}

/** Sizes and offsets that did not fit 32 bits live in the zip64 extra field, in this order. */
function applyZip64Extra(entry: ZipEntry, extra: Buffer): void {
  for (let p = 0; p + 4 <= extra.length; ) {
    const id = extra.readUInt16LE(p);
    const length = extra.readUInt16LE(p + 2);
    if (id === 0x0001) {
      let q = p + 4;
      const next = () => {
        const v = q + 8 <= p + 4 + length ? Number(extra.readBigUInt64LE(q)) : NaN;
        q += 8;
        return v;
      };
      if (entry.uncompressedSize === 0xffffffff) entry.uncompressedSize = next();
      if (entry.compressedSize === 0xffffffff) entry.compressedSize = next();
      if (entry.localHeaderOffset === 0xffffffff) entry.localHeaderOffset = next();
      if ([entry.uncompressedSize, entry.compressedSize, entry.localHeaderOffset].some(Number.isNaN)) throw corrupt('bad zip64 field');
      return;
    }
    p += 4 + length;
  }
}

/**
 * The entry's uncompressed bytes as a stream that fails once the bytes really produced pass
 * the entry limit (or `maxBytes`, for parts read whole), the archive's total, or the ratio.
 */
export async function openZipEntry(
  file: string,
  entry: ZipEntry,
  budget: ZipBudget,
  onRead?: (compressedBytes: number) => void,
  maxBytes?: number,
): Promise<Readable> {
  const fd = await fs.promises.open(file, 'r');
  let header: Buffer;
  try {
    header = await readAt(fd, entry.localHeaderOffset, 30);
  } finally {
    await fd.close();
  }
  if (header.length < 30 || header.readUInt32LE(0) !== LOCAL) throw corrupt('bad zip entry');
  const start = entry.localHeaderOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  if (entry.compressedSize === 0) return Readable.from([]);
  const raw = fs.createReadStream(file, { start, end: start + entry.compressedSize - 1, highWaterMark: 256 * 1024 });
  let produced = 0;
  const { limits } = budget;
  const guard = new Transform({
    transform(chunk: Buffer, _enc, done) {
      produced += chunk.length;
      budget.produced += chunk.length;
      if (maxBytes !== undefined && produced > maxBytes) return done(corrupt(`${entry.name} is too large`));
      const bomb =
        produced > limits.maxEntryBytes ||
        budget.produced > limits.maxTotalBytes ||
        (produced > 1024 * 1024 && produced > limits.maxRatio * Math.max(entry.compressedSize, 1));
      if (bomb) return done(bombRefused());
      done(null, chunk);
    },
  });
  const inflate = entry.method === 8 ? zlib.createInflateRaw({ chunkSize: 256 * 1024 }) : entry.method === 0 ? null : undefined;
  if (inflate === undefined) throw corrupt(`unsupported compression in ${entry.name}`);
  const fail = (err: Error) => guard.destroy(err.message.startsWith('The file') ? err : corrupt(`${entry.name}: ${err.message}`));
  raw.on('error', fail);
  if (onRead) raw.on('data', (chunk) => onRead(chunk.length));
  if (inflate) {
    inflate.on('error', fail);
    raw.pipe(inflate).pipe(guard);
  } else {
    raw.pipe(guard);
  }
  // Stop reading and inflating as soon as the consumer gives up (or the guard trips).
  guard.on('close', () => {
    raw.destroy();
    inflate?.destroy();
  });
  return guard;
}
