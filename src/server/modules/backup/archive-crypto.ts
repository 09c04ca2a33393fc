import { Decrypter, Encrypter, Stanza, type Identity, type Recipient } from 'age-encryption';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { BACKUP_MESSAGES } from '../../../contract';
import { badRequest } from '../../plugins/errors';
import { damaged } from './archive-reader';

/**
 * Passphrase-encrypted archives in the age format (age-encryption.org/v1, the `age` tool's own:
 * `age -d kg-backup-….zip.age > kg-backup.zip` opens one with the passphrase). The file is the
 * unchanged zip, encrypted as age's STREAM of ChaCha20-Poly1305 chunks under a random file key;
 * the file key is wrapped with a key that scrypt derives from the passphrase (one "scrypt" stanza).
 *
 * The scrypt stanza is made and opened here with Node's own scrypt and ChaCha20-Poly1305, exactly
 * as age specifies it: age-encryption's built-in one runs scrypt in JavaScript on the event loop
 * (seconds at the work factor age uses), which would stall every other request of the server.
 */

/** age's own default work factor (N = 2^18, r = 8, p = 1): about 256 MB and a second, on the thread pool. */
const WORK_FACTOR = 18;
/** The most an archive may ask of the server: its own work factor (a higher one would cost memory and time of the server's choosing). */
const MAX_WORK_FACTOR = 18;
const SCRYPT_LABEL = 'age-encryption.org/v1/scrypt';
const MAGIC = Buffer.from('age-encryption.org/v1\n');
/** An age header of one scrypt stanza is about 150 bytes; anything longer is not one of ours. */
const MAX_HEADER_BYTES = 4096;

const scryptKey = (passphrase: string, salt: Uint8Array, logN: number) =>
  new Promise<Buffer>((resolve, reject) =>
    crypto.scrypt(passphrase, Buffer.concat([Buffer.from(SCRYPT_LABEL), salt]), 32, { N: 2 ** logN, r: 8, p: 1, maxmem: 2 ** logN * 1024 + 32 * 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );

/** age wraps the 16-byte file key with ChaCha20-Poly1305 under a zero nonce (the key is used once). */
function wrap(fileKey: Uint8Array, key: Buffer): Uint8Array {
  const cipher = crypto.createCipheriv('chacha20-poly1305', key, Buffer.alloc(12), { authTagLength: 16 });
  return Buffer.concat([cipher.update(fileKey), cipher.final(), cipher.getAuthTag()]);
}

function unwrap(body: Uint8Array, key: Buffer): Uint8Array | null {
  if (body.length !== 32) return null;
  const decipher = crypto.createDecipheriv('chacha20-poly1305', key, Buffer.alloc(12), { authTagLength: 16 });
  decipher.setAuthTag(body.subarray(16));
  try {
    return Buffer.concat([decipher.update(body.subarray(0, 16)), decipher.final()]);
  } catch {
    return null;
  }
}

class PassphraseRecipient implements Recipient {
  constructor(private readonly passphrase: string) {}
  async wrapFileKey(fileKey: Uint8Array): Promise<Stanza[]> {
    const salt = crypto.randomBytes(16);
    const key = await scryptKey(this.passphrase, salt, WORK_FACTOR);
    return [new Stanza(['scrypt', salt.toString('base64').replace(/=+$/, ''), String(WORK_FACTOR)], wrap(fileKey, key))];
  }
}

/** Thrown for a wrong passphrase (the file key does not unwrap). */
class WrongPassphrase extends Error {}

class PassphraseIdentity implements Identity {
  constructor(private readonly passphrase: string) {}
  async unwrapFileKey(stanzas: Stanza[]): Promise<Uint8Array | null> {
    // age: a passphrase-encrypted file has exactly one stanza, the scrypt one.
    if (stanzas.length !== 1 || stanzas[0].args[0] !== 'scrypt') throw damaged('it is not encrypted with a passphrase');
    const [, saltText, logNText] = stanzas[0].args;
    const salt = Buffer.from(saltText ?? '', 'base64');
    if (stanzas[0].args.length !== 3 || salt.length !== 16 || !/^[1-9][0-9]?$/.test(logNText ?? '')) throw damaged('its encryption header is not valid');
    const logN = Number(logNText);
    if (logN > MAX_WORK_FACTOR) throw damaged(`its passphrase work factor ${logN} is above ${MAX_WORK_FACTOR}`);
    const fileKey = unwrap(stanzas[0].body, await scryptKey(this.passphrase, salt, logN));
    if (!fileKey) throw new WrongPassphrase();
    return fileKey;
  }
}

/** The archive's bytes, encrypted with the passphrase as they are read. */
export async function encryptArchive(archive: Readable, passphrase: string): Promise<Readable> {
  const encrypter = new Encrypter();
  encrypter.addRecipient(new PassphraseRecipient(passphrase));
  const encrypted = await encrypter.encrypt(Readable.toWeb(archive) as ReadableStream<Uint8Array>);
  return Readable.fromWeb(encrypted as unknown as WebReadableStream<Uint8Array>);
}

/** Whether the file starts as an age file does. */
export async function isEncryptedArchive(file: string): Promise<boolean> {
  const fd = await fs.promises.open(file, 'r');
  try {
    const { buffer, bytesRead } = await fd.read(Buffer.alloc(MAGIC.length), 0, MAGIC.length, 0);
    return bytesRead === MAGIC.length && buffer.equals(MAGIC);
  } finally {
    await fd.close();
  }
}

/**
 * Decrypts `file` into `out` (a private temp file). A wrong passphrase is a 400 that says so,
 * before a byte is written; a damaged or altered payload fails age's per-chunk authentication,
 * and the caller removes the partial output. Nothing of the archive is used before it has been
 * decrypted whole.
 */
export async function decryptArchive(file: string, passphrase: string, out: string): Promise<void> {
  const fd = await fs.promises.open(file, 'r');
  try {
    const { buffer, bytesRead } = await fd.read(Buffer.alloc(MAX_HEADER_BYTES), 0, MAX_HEADER_BYTES, 0);
    if (!buffer.subarray(0, bytesRead).includes('\n--- ')) throw damaged('its encryption header is not valid');
  } finally {
    await fd.close();
  }
  const decrypter = new Decrypter();
  decrypter.addIdentity(new PassphraseIdentity(passphrase));
  let plain: ReadableStream<Uint8Array>;
  try {
    plain = await decrypter.decrypt(Readable.toWeb(fs.createReadStream(file)) as ReadableStream<Uint8Array>);
  } catch (err) {
    if (err instanceof WrongPassphrase) throw badRequest(BACKUP_MESSAGES.wrongPassphrase, 'backup_wrong_passphrase');
    if ((err as { statusCode?: number }).statusCode) throw err;
    throw damaged(`its encryption header is not valid: ${(err as Error).message}`);
  }
  try {
    await pipeline(Readable.fromWeb(plain as unknown as WebReadableStream<Uint8Array>), fs.createWriteStream(out, { flags: 'wx', mode: 0o600 }));
  } catch (err) {
    if ((err as { code?: string }).code === 'EEXIST') throw err;
    throw damaged('its encrypted contents are damaged or were altered');
  }
}
