import { z } from 'zod';
import { DISCUSSION_MESSAGES } from '../texts/knowledge/discussions';
import { COMMENT_LIMITS } from '../values/comments';

export * from '../values/comments';

/**
 * Discussions: a comment thread on every node, relation and proposal. A comment is plain text; the screens
 * render http(s) links in it as links and nothing else as markup. Reading and writing a thread
 * needs the record's read permission (nodes.read, the permission of every knowledge GET): a
 * viewer who spots an error can say so without being able to change the record. The author edits
 * and deletes their own comments; deleting someone else's needs the record's delete permission
 * (COMMENT_MODERATION), who could delete the record with its whole thread anyway.
 */

/**
 * Who may delete others' comments on a record of each kind. A proposal's thread is for its proposer
 * and the reviewers only (GET/POST /proposals/{id}/comments answer 403 to anyone else); reviewers moderate it.
 */
export const COMMENT_MODERATION = { node: 'nodes.delete', relation: 'relations.delete', proposal: 'changes.review' } as const;

export const COMMENT_RECORD_TYPES = ['node', 'relation', 'proposal'] as const;
export type CommentRecordType = (typeof COMMENT_RECORD_TYPES)[number];

export const CommentBodySchema = z.object({
  body: z
    .string()
    .max(COMMENT_LIMITS.bodyMax, DISCUSSION_MESSAGES.tooLong)
    .refine((s) => s.trim() !== '', DISCUSSION_MESSAGES.empty),
});
export type CommentBody = z.infer<typeof CommentBodySchema>;

export const CommentSchema = z.object({
  id: z.string(),
  recordType: z.enum(COMMENT_RECORD_TYPES),
  recordId: z.string(),
  body: z.string(),
  author: z.object({ id: z.string().nullable(), username: z.string() }),
  createdAt: z.string(),
  updatedAt: z.string(),
  edited: z.boolean(),
  /** Whether the reader may edit / delete it (the screens show the buttons from these). */
  canEdit: z.boolean(),
  canDelete: z.boolean(),
});
export type Comment = z.infer<typeof CommentSchema>;

export const CommentListSchema = z.object({ data: z.array(CommentSchema) });
export type CommentList = z.infer<typeof CommentListSchema>;

/** A thread is at most this long on screen and in one answer; older comments beyond are not listed. */
export const COMMENT_THREAD_MAX = 500;
