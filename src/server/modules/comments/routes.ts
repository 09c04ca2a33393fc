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
  type Comment,
  type CommentRecordType,
} from '../../../contract';
import { actorOf, audited } from '../../audit/audited';
import { forbidden, notFound } from '../../plugins/errors';
import { deleteComment, getCommentForUpdate, insertComment, listComments, lockRecord, recordExists, recordOf, updateComment, type CommentRow } from './repository';

const tags = ['discussions'];
const iso = (t: Date | string) => (t instanceof Date ? t : new Date(t)).toISOString();
const missingRecord = (type: CommentRecordType) => notFound(type === 'node' ? NODE_MESSAGES.notFound : RELATION_MESSAGES.notFound);

/**
 * Discussions (contract/knowledge/comments.ts): GET/POST a node's or relation's thread, PUT/DELETE
 * one comment by its id. Every write runs in audited() as a `comment` event whose detail names the
 * record, which is also what makes it live for the other readers of that record.
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
  const detailOf = (row: CommentRow) => {
    const on = recordOf(row);
    return { recordType: on.type, recordId: on.id };
  };

  for (const type of ['node', 'relation'] as const) {
    const path = type === 'node' ? '/nodes/:id/comments' : '/relations/:id/comments';
    r.get(path, { schema: { tags, summary: `The discussion of a ${type}, oldest comment first`, params: IdParamsSchema, response: { 200: CommentListSchema } } }, async (req) => {
      if (!(await recordExists(app.db, type, req.params.id))) throw missingRecord(type);
      return { data: (await listComments(app.db, type, req.params.id)).map((row) => toComment(row, req)) };
    });

    r.post(
      path,
      { schema: { tags, summary: `Add a comment to a ${type}'s discussion`, params: IdParamsSchema, body: CommentBodySchema, response: { 201: CommentSchema } } },
      async (req, reply) => {
        const user = req.auth!.user;
        const row = await audited(app, actorOf(user), async ({ tx, record }) => {
          if (!(await lockRecord(tx, type, req.params.id))) throw missingRecord(type);
          const created = await insertComment(tx, type, req.params.id, req.body.body, user);
          await record({ action: 'create', entityType: 'comment', entityId: created.id, changes: [{ field: 'body', before: null, after: created.body }], detail: detailOf(created) });
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
        await record({ action: 'update', entityType: 'comment', entityId: after.id, changes: [{ field: 'body', before: before.body, after: after.body }], detail: detailOf(after) });
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
        detail: { ...detailOf(before), username: before.author_name },
      });
    });
    return reply.status(204).send(null);
  });
}


