import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * The provider's refresh tokens are credentials of the provider: kept encrypted (AES-256-GCM,
 * a key derived from the server's token secret), so a copy of the database alone does not let
 * anyone act at the provider as the user.
 */
const keyOf = (secret: string) => createHash('sha256').update(`kg-sso-refresh:${secret}`).digest();

export function seal(plain: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
}

/** The sealed text, or null when it was sealed with another secret or changed. */
export function open(sealed: string, secret: string): string | null {
  const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !body) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
export const randomCode = () => randomBytes(32).toString('base64url');
