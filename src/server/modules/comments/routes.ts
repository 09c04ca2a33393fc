import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  COMMENT_MODERATION,
  CommentBodySchema,
  CommentListSchema,
  CommentSchema,
  DISCUSSION_MESSAGES,
  IdParamsSchema,
  NODE_MESSAGES,
  RELATION_MESSAGES,
  REVIEW_MESSAGES,
  REVIEW_PERMISSION,
  type Comment,
  type CommentRecordType,
} from '../../../contract';
import type { Queryable } from '../../db/db';
import { actorOf, audited } from '../../audit/audited';
import { forbidden, notFound } from '../../plugins/errors';
import {
  deleteComment,
  getCommentForUpdate,
  insertComment,
  listComments,
  lockRecord,
  proposerOfProposal,
  recordExists,
  recordOf,
  updateComment,
  type CommentRow,
} from './repository';

const tags = ['discussions'];
const iso = (t: Date | string) => (t instanceof Date ? t : new Date(t)).toISOString();
const MISSING: Record<CommentRecordType, () => string> = { node: () => NODE_MESSAGES.notFound, relation: () => RELATION_MESSAGES.notFound, proposal: () => REVIEW_MESSAGES.notFound };
const missingRecord = (type: CommentRecordType) => notFound(MISSING[type]());
const PATHS: Record<CommentRecordType, string> = { node: '/nodes/:id/comments', relation: '/relations/:id/comments', proposal: '/proposals/:id/comments' };

/**
 * Discussions (contract/knowledge/comments.ts): GET/POST a node's, relation's or proposal's thread,
 * PUT/DELETE one comment by its id. Every write runs in audited() as a `comment` event whose detail
 * names the record, which is also what makes it live for the other readers of that record. A
 * proposal's thread is its proposer's and the reviewers' only (403 for anyone else, as the proposal
 * itself); its events name the proposer, so the live layer sends them to those readers alone.
 */
export async function commentRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const permissionsOf = (req: FastifyRequest) => req.auth?.permissions ?? [];
  const mayDelete = (row: CommentRow, req: FastifyRequest) =>
    row.author_id === req.auth!.user.id || permissionsOf(req).includes(COMMENT_MODERATION[recordOf(row).type]);
  const toComment = (row: CommentRow, req: FastifyRequest): Comment => {
    const on = recordOf(row);
    return {
      id: row.id,
      recordType: on.type,
      recordId: on.id,
      body: row.body,
      author: { id: row.author_id, username: row.author_name },
      createdAt: iso(row.created_at),
      updatedAt: iso(row.updated_at),
      edited: row.edited,
      canEdit: row.author_id === req.auth!.user.id,
      canDelete: mayDelete(row, req),
    };
  };
  /** The event's detail: the record, and for a proposal's comment its proposer (who, with the reviewers, hears of it live). */
  const detailOf = async (db: Queryable, row: CommentRow) => {
    const on = recordOf(row);
    if (on.type !== 'proposal') return { recordType: on.type, recordId: on.id };
    const proposer = await proposerOfProposal(db, on.id);
    return { recordType: on.type, recordId: on.id, proposer: { id: proposer?.id ?? null, username: proposer?.username ?? '' } };
  };
  /** A proposal's thread: 404 when there is no such proposal, 403 unless the reader proposed it or reviews. */
  const mayReadProposal = async (db: Queryable, req: FastifyRequest, id: string) => {
    const proposer = await proposerOfProposal(db, id);
    if (!proposer) throw missingRecord('proposal');
    if (proposer.id !== req.auth!.user.id && !permissionsOf(req).includes(REVIEW_PERMISSION)) throw forbidden();
  };
  const mayRead = async (db: Queryable, req: FastifyRequest, type: CommentRecordType, id: string) => {
    if (type === 'proposal') return mayReadProposal(db, req, id);
    if (!(await recordExists(db, type, id))) throw missingRecord(type);
  };

  for (const type of ['node', 'relation', 'proposal'] as const) {
    const path = PATHS[type];
    r.get(path, { schema: { tags, summary: `The discussion of a ${type}, oldest comment first`, params: IdParamsSchema, response: { 200: CommentListSchema } } }, async (req) => {
      await mayRead(app.db, req, type, req.params.id);
      return { data: (await listComments(app.db, type, req.params.id)).map((row) => toComment(row, req)) };
    });

    r.post(
      path,
      { schema: { tags, summary: `Add a comment to a ${type}'s discussion`, params: IdParamsSchema, body: CommentBodySchema, response: { 201: CommentSchema } } },
      async (req, reply) => {
        const user = req.auth!.user;
        if (type === 'proposal') await mayReadProposal(app.db, req, req.params.id);
        const row = await audited(app, actorOf(user), async ({ tx, record }) => {
          if (!(await lockRecord(tx, type, req.params.id))) throw missingRecord(type);
          const created = await insertComment(tx, type, req.params.id, req.body.body, user);
          await record({ action: 'create', entityType: 'comment', entityId: created.id, changes: [{ field: 'body', before: null, after: created.body }], detail: await detailOf(tx, created) });
          return created;
        });
        return reply.status(201).send(toComment(row, req));
      },
    );
  }

  r.put(
    '/comments/:id',
    { schema: { tags, summary: "Edit one's own comment", params: IdParamsSchema, body: CommentBodySchema, response: { 200: CommentSchema } } },
    async (req) => {
      const row = await audited(app, actorOf(req.auth!.user), async ({ tx, record }) => {
        const before = await getCommentForUpdate(tx, req.params.id);
        if (!before) throw notFound(DISCUSSION_MESSAGES.notFound);
        // Words are their author's: nobody, an admin neither, puts words in someone else's mouth.
        if (before.author_id !== req.auth!.user.id) throw forbidden(DISCUSSION_MESSAGES.notAuthor, 'not_comment_author');
        if (before.body === req.body.body) return before;
        const after = await updateComment(tx, before.id, req.body.body);
        await record({ action: 'update', entityType: 'comment', entityId: after.id, changes: [{ field: 'body', before: before.body, after: after.body }], detail: await detailOf(tx, after) });
        return after;
      });
      return toComment(row, req);
    },
  );

  r.delete('/comments/:id', { schema: { tags, summary: "Delete a comment (one's own, or any with the record's delete permission)", params: IdParamsSchema, response: { 204: z.null() } } }, async (req, reply) => {
    await audited(app, actorOf(req.auth!.user), async ({ tx, record }) => {
      const before = await getCommentForUpdate(tx, req.params.id);
      if (!before) throw notFound(DISCUSSION_MESSAGES.notFound);
      if (!mayDelete(before, req)) throw forbidden(DISCUSSION_MESSAGES.cannotDelete, 'not_comment_author');
      await deleteComment(tx, before.id);
      await record({
        action: 'delete',
        entityType: 'comment',
        entityId: before.id,
        changes: [{ field: 'body', before: before.body, after: null }],
        detail: { ...(await detailOf(tx, before)), username: before.author_name },
      });
    });
    return reply.status(204).send(null);
  });
}


