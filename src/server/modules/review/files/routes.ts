import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AttachmentSchema, OPEN_PROPOSAL_STATES, REVIEW_MESSAGES, REVIEW_PERMISSION } from '../../../../contract';
import { conflict, forbidden, notFound } from '../../../plugins/errors';
import { readAttachmentUpload, removeBlobs, sendSignedFile, SignedLinkQuery, signedDownloadPath } from '../../attachments';
import { stageFile } from '../lifecycle';
import { getProposal } from '../repository';
import { stagedFile } from './staged-files';

const tags = ['review'];
const Id = z.uuid({ message: 'Invalid id' });
const CONTENT_BASE = '/api/proposal-attachments';

/**
 * Files kept with a proposal that creates a node (review.md "Files of a proposed node"): its proposer
 * uploads them while it is open, with the checks of every attachment (attachments/upload.ts); the
 * proposer and reviewers download them through a signed link as node attachments are.
 */
export async function proposalFileRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/proposals/:id/attachments',
    {
      schema: {
        tags,
        summary: "Keep a file (multipart field \"file\") with one's open proposal that creates a node; an approval adds it to the new node",
        params: z.object({ id: Id }),
        consumes: ['multipart/form-data'],
        response: { 201: AttachmentSchema },
      },
    },
    async (req, reply) => {
      const user = req.auth!.user;
      // Refused before the file is read; stageFile checks again under the proposal's lock.
      const row = await getProposal(app.db, req.params.id);
      if (!row) throw notFound(REVIEW_MESSAGES.notFound);
      if (row.proposer_id !== user.id) throw forbidden(REVIEW_MESSAGES.notProposer, 'not_proposer');
      if (!OPEN_PROPOSAL_STATES.includes(row.state)) throw conflict(REVIEW_MESSAGES.notOpen, 'proposal_closed');
      const file = await readAttachmentUpload(app, req);
      const blobKey = await app.blobs.put(file.data);
      try {
        const added = await stageFile(app, user, row.id, { filename: file.filename, contentType: file.contentType, size: file.data.length, blobKey });
        return reply.status(201).send(added);
      } catch (err) {
        await removeBlobs(app, [blobKey]);
        throw err;
      }
    },
  );

  r.get(
    '/proposals/:id/attachments/:attachmentId/download',
    {
      schema: {
        tags,
        summary: 'A short-lived download link for a file kept with a proposal (its proposer and reviewers)',
        params: z.object({ id: Id, attachmentId: Id }),
        response: { 200: z.object({ downloadUrl: z.string(), filename: z.string() }) },
      },
    },
    async (req) => {
      const row = await getProposal(app.db, req.params.id);
      if (!row) throw notFound(REVIEW_MESSAGES.notFound);
      if (row.proposer_id !== req.auth!.user.id && !req.auth!.permissions.includes(REVIEW_PERMISSION)) throw forbidden();
      const file = await stagedFile(app.db, req.params.attachmentId, row.id);
      if (!file) throw notFound(REVIEW_MESSAGES.fileNotFound);
      return { downloadUrl: signedDownloadPath(app.tokenSecret, file.id, Date.now(), CONTENT_BASE), filename: file.filename };
    },
  );

  r.get(
    '/proposal-attachments/:attachmentId/content',
    {
      schema: {
        tags,
        summary: 'The kept file itself, through a signed link from …/download',
        params: z.object({ attachmentId: Id }),
        querystring: SignedLinkQuery,
      },
    },
    (req, reply) => sendSignedFile(app, reply, { id: req.params.attachmentId, ...req.query }, (id) => stagedFile(app.db, id), REVIEW_MESSAGES.fileNotFound),
  );
}
