import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Download links are opened by the browser through a plain link, which cannot carry the
 * bearer token: the API hands out a URL signed for one attachment that expires in minutes.
 */
const TTL_SECONDS = 300;

function signature(secret: string, id: string, expires: number): string {
  return createHmac('sha256', secret).update(`attachment:${id}:${expires}`).digest('base64url');
}

/** `base`: the content route of the file's table (node attachments, or files kept with a proposal). */
export function signedDownloadPath(secret: string, id: string, now = Date.now(), base = '/api/attachments'): string {
  const expires = Math.floor(now / 1000) + TTL_SECONDS;
  return `${base}/${id}/content?expires=${expires}&signature=${signature(secret, id, expires)}`;
}

export function verifyDownload(secret: string, id: string, expires: number, given: string, now = Date.now()): boolean {
  if (!Number.isFinite(expires) || expires * 1000 < now) return false;
  const expected = Buffer.from(signature(secret, id, expires));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
