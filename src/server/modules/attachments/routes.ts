import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AttachmentSchema, LIMITS, NODE_MESSAGES } from '../../../contract';
import { actorOf, audited } from '../../audit/audited';
import { AppError, badRequest, forbidden, notFound } from '../../plugins/errors';
import { attachmentSummary, loadNodeState, nodeEvent, type NodeState } from '../audit-states';
import { NODE_RECORD } from '../nodes';
import { expectedVersion } from '../../plugins/versions';
import { checkAttachment, extensionOf, safeFilename } from './content-check';
import { deleteAttachment, getAttachmentById, getAttachmentRow, insertAttachment, nodeExists } from './repository';
import { signedDownloadPath, verifyDownload } from './signed-url';
import { removeBlobs } from './store';
import type { Queryable } from '../../db/db';

const tags = ['attachments'];
const NodeParams = z.object({ id: z.uuid({ message: 'Invalid id' }) });
const AttachmentParams = NodeParams.extend({ attachmentId: z.uuid({ message: 'Invalid id' }) });
const ALLOWED = `Allowed file types: ${LIMITS.attachmentExtensions.join(', ')}`;

/** RFC 6266: an ASCII fallback plus the UTF-8 name. */
function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/** The node's state, its row locked so that concurrent attachment changes record consistent before/after states. */
async function lockedNodeState(tx: Queryable, nodeId: string): Promise<NodeState> {
  await tx.query('SELECT 1 FROM nodes WHERE id = $1 FOR UPDATE', [nodeId]);
  const state = await loadNodeState(tx, nodeId);
  if (!state) throw notFound(NODE_MESSAGES.notFound);
  return state;
}

/** An attachment added or removed is a node event: the file as `attachment` before → after, the node's whole state for a restore. */
function attachmentEvent(action: 'attachment_add' | 'attachment_remove', nodeId: string, before: NodeState, after: NodeState | null) {
  const ids = (s: NodeState | null) => new Set(s?.attachments.map((a) => a.id));
  const [was, is] = [ids(before), ids(after)];
  const removed = before.attachments.find((a) => !is.has(a.id));
  const added = after?.attachments.find((a) => !was.has(a.id));
  const event = nodeEvent(action, nodeId, before, after);
  return { ...event, changes: [{ field: 'attachment', before: removed ? attachmentSummary(removed) : null, after: added ? attachmentSummary(added) : null }] };
}

export async function attachmentRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const max = app.config.attachmentMaxBytes;
  const limitText = max >= 1024 * 1024 ? `${Math.round(max / (1024 * 1024))} MB` : `${Math.round(max / 1024)} KB`;

  r.post(
    '/nodes/:id/attachments',
    { schema: { tags, summary: 'Upload one file (multipart field "file")', params: NodeParams, consumes: ['multipart/form-data'], response: { 201: AttachmentSchema } } },
    async (req, reply) => {
      if (!(await nodeExists(app.db, req.params.id))) throw notFound(NODE_MESSAGES.notFound);
      if (!req.isMultipart()) throw badRequest('Send the file as multipart/form-data in the field "file"', 'not_multipart');
      const part = await req.file({ limits: { fileSize: app.config.attachmentMaxBytes, files: 1 } });
      if (!part || part.fieldname !== 'file') throw badRequest('Send the file in the field "file"', 'no_file');
      const filename = safeFilename(part.filename);
      if (!(LIMITS.attachmentExtensions as readonly string[]).includes(extensionOf(filename))) {
        throw new AppError(415, 'unsupported_file_type', `Files of type .${extensionOf(filename) || '?'} are not allowed. ${ALLOWED}`);
      }
      let data: Buffer;
      try {
        data = await part.toBuffer();
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new AppError(413, 'file_too_large', `The file is larger than the ${limitText} limit`);
        }
        throw err;
      }
      // The node's version the upload was made from: If-Match, or a `version` field sent before the file.
      const field = (part.fields as Record<string, { value?: unknown } | undefined>).version;
      const fromField = typeof field?.value === 'string' && /^\d{1,9}$/.test(field.value) ? Number(field.value) : undefined;
      const expected = expectedVersion(req) ?? fromField;
      const checked = checkAttachment(filename, data);
      if (!checked) throw new AppError(415, 'content_mismatch', `The contents of ${filename} do not match a .${extensionOf(filename)} file`);
      const blobKey = await app.blobs.put(data);
      try {
        const nodeId = req.params.id;
        const attachment = await audited(app, actorOf(req.auth!.user), async ({ tx, record, claim }) => {
          // Adding a file is a change of the node: its version moves on (docs/architecture/versions.md).
          const nodeVersion = await claim(NODE_RECORD, nodeId, expected);
          const before = await lockedNodeState(tx, nodeId);
          const added = await insertAttachment(tx, { nodeId, filename, contentType: checked.contentType, size: data.length, blobKey, userId: req.auth!.user.id });
          await record(attachmentEvent('attachment_add', nodeId, before, await loadNodeState(tx, nodeId)));
          return { ...added, nodeVersion };
        });
        return reply.status(201).send(attachment);
      } catch (err) {
        await removeBlobs(app, [blobKey]); // the node was deleted meanwhile, say
        throw err;
      }
    },
  );

  r.get(
    '/nodes/:id/attachments/:attachmentId/download',
    { schema: { tags, summary: 'A short-lived download link for an attachment', params: AttachmentParams, response: { 200: z.object({ downloadUrl: z.string(), filename: z.string() }) } } },
    async (req) => {
      const row = await getAttachmentRow(app.db, req.params.id, req.params.attachmentId);
      if (!row) throw notFound('Attachment not found');
      return { downloadUrl: signedDownloadPath(app.tokenSecret, row.id), filename: row.filename };
    },
  );

  r.get(
    '/attachments/:attachmentId/content',
    {
      schema: {
        tags,
        summary: 'The file itself, through a signed link from …/download',
        params: z.object({ attachmentId: z.uuid({ message: 'Invalid id' }) }),
        querystring: z.object({ expires: z.coerce.number(), signature: z.string().max(100) }),
      },
    },
    async (req, reply) => {
      const { attachmentId } = req.params;
      if (!verifyDownload(app.tokenSecret, attachmentId, req.query.expires, req.query.signature)) {
        throw forbidden('This download link has expired. Open the attachment again.', 'link_expired');
      }
      const row = await getAttachmentById(app.db, attachmentId);
      const data = row && (await app.blobs.get(row.blob_key));
      if (!row || !data) throw notFound('Attachment not found');
      return reply
        .header('Content-Type', row.content_type)
        .header('Content-Disposition', contentDisposition(row.filename))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .send(data);
    },
  );

  r.delete(
    '/nodes/:id/attachments/:attachmentId',
    { schema: { tags, summary: 'Delete an attachment', params: AttachmentParams, response: { 204: z.null() } } },
    async (req, reply) => {
      const { id: nodeId, attachmentId } = req.params;
      const expected = expectedVersion(req);
      await audited(app, actorOf(req.auth!.user), async ({ tx, record, claim }) => {
        await claim(NODE_RECORD, nodeId, expected);
        const before = await lockedNodeState(tx, nodeId);
        if (!(await deleteAttachment(tx, nodeId, attachmentId))) throw notFound('Attachment not found');
        await record(attachmentEvent('attachment_remove', nodeId, before, await loadNodeState(tx, nodeId)));
      });
      // The contents stay in the blob store: the event refers to them, so a restore can bring the file back (until the audit purge).
      return reply.status(204).send(null);
    },
  );
}
