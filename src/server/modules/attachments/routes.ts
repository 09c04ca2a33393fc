import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AttachmentSchema, NODE_MESSAGES } from '../../../contract';
import { actorOf, audited } from '../../audit/audited';
import { notFound } from '../../plugins/errors';
import { expectedVersion } from '../../plugins/versions';
import { getAttachmentById, getAttachmentRow, nodeExists } from './repository';
import { SignedLinkQuery, sendSignedFile } from './signed-content';
import { signedDownloadPath } from './signed-url';
import { removeBlobs } from './store';
import { readAttachmentUpload } from './upload';
import { addAttachmentIn, removeAttachmentIn } from './writes';

const tags = ['attachments'];
const NodeParams = z.object({ id: z.uuid({ message: 'Invalid id' }) });
const AttachmentParams = NodeParams.extend({ attachmentId: z.uuid({ message: 'Invalid id' }) });

export async function attachmentRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/nodes/:id/attachments',
    { schema: { tags, summary: 'Upload one file (multipart field "file")', params: NodeParams, consumes: ['multipart/form-data'], response: { 201: AttachmentSchema } } },
    async (req, reply) => {
      if (!(await nodeExists(app.db, req.params.id))) throw notFound(NODE_MESSAGES.notFound);
      const file = await readAttachmentUpload(app, req);
      // The node's version the upload was made from: If-Match, or a `version` field sent before the file.
      const field = file.fields.version;
      const fromField = typeof field?.value === 'string' && /^\d{1,9}$/.test(field.value) ? Number(field.value) : undefined;
      const expected = expectedVersion(req) ?? fromField;
      const blobKey = await app.blobs.put(file.data);
      try {
        const stored = { filename: file.filename, contentType: file.contentType, size: file.data.length, blobKey };
        const attachment = await audited(app, actorOf(req.auth!.user), (a) => addAttachmentIn(a, req.params.id, stored, req.auth!.user.id, expected));
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
        querystring: SignedLinkQuery,
      },
    },
    (req, reply) => sendSignedFile(app, reply, { id: req.params.attachmentId, ...req.query }, (id) => getAttachmentById(app.db, id), 'Attachment not found'),
  );

  r.delete(
    '/nodes/:id/attachments/:attachmentId',
    { schema: { tags, summary: 'Delete an attachment', params: AttachmentParams, response: { 204: z.null() } } },
    async (req, reply) => {
      const { id: nodeId, attachmentId } = req.params;
      const expected = expectedVersion(req);
      await audited(app, actorOf(req.auth!.user), (a) => removeAttachmentIn(a, nodeId, attachmentId, expected));
      // The contents stay in the blob store: the event refers to them, so a restore can bring the file back (until the audit purge).
      return reply.status(204).send(null);
    },
  );
}
