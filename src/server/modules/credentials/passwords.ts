import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCb(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
  );

const PARAMS = { N: 16384, r: 8, p: 1 };
const KEY_LENGTH = 64;

/** `scrypt$N$r$p$salt$hash`, salt per user; the parameters travel with the hash so they can grow. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEY_LENGTH, { ...PARAMS, maxmem: 64 * 1024 * 1024 });
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/**
 * The stored "hash" of an account restored from a backup: archives carry no password
 * hashes, so such accounts have no password until an admin sets one. It is no scrypt record, so
 * verifyPassword never accepts anything for it.
 */
export const NO_PASSWORD_HASH = '!restored';

/**
 * Whether `password` matches `stored`. A stored value that is no scrypt record (an account restored
 * without its password) never matches, but costs the same scrypt run as a real one, against the
 * dummy hash: otherwise such accounts answered sign-in four times faster, and timing told them apart.
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (!isScryptRecord(stored)) {
    await deriveMatches(password, await dummyPasswordHash());
    return false;
  }
  return deriveMatches(password, stored);
}

function isScryptRecord(stored: string): boolean {
  const [scheme, , , , saltB64, hashB64] = stored.split('$');
  return scheme === 'scrypt' && !!saltB64 && !!hashB64;
}

async function deriveMatches(password: string, stored: string): Promise<boolean> {
  const [, n, r, p, saltB64, hashB64] = stored.split('$');
  const expected = Buffer.from(hashB64, 'base64');
  const key = await scrypt(password, Buffer.from(saltB64, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: 64 * 1024 * 1024,
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A real hash to compare against when the account does not exist, so timing does not tell. */
let dummyHash: Promise<string> | null = null;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(12).toString('hex'));
  return dummyHash;
}
