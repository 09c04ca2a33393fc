import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { forbidden, notFound } from '../../plugins/errors';
import { verifyDownload } from './signed-url';

/** RFC 6266: an ASCII fallback plus the UTF-8 name. */
export function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/** The query of a signed content link (signed-url.ts `signedDownloadPath`). */
export const SignedLinkQuery = z.object({ expires: z.coerce.number(), signature: z.string().max(100) });

/** A stored file's row as a signed content link serves it. */
export interface SignedFileRow {
  filename: string;
  content_type: string;
  blob_key: string;
}

/**
 * Answers a signed content link (`…/content?expires&signature` from a download route): the
 * signature checked first, then the file by its id, sent so that no browser renders or caches it.
 * Node attachments and the files kept with proposals are served alike.
 */
export async function sendSignedFile(
  app: FastifyInstance,
  reply: FastifyReply,
  link: { id: string; expires: number; signature: string },
  find: (id: string) => Promise<SignedFileRow | null>,
  missing: string,
) {
  if (!verifyDownload(app.tokenSecret, link.id, link.expires, link.signature)) {
    throw forbidden('This download link has expired. Open the attachment again.', 'link_expired');
  }
  const row = await find(link.id);
  const data = row && (await app.blobs.get(row.blob_key));
  if (!row || !data) throw notFound(missing);
  return reply
    .header('Content-Type', row.content_type)
    .header('Content-Disposition', contentDisposition(row.filename))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'private, no-store')
    .send(data);
}
