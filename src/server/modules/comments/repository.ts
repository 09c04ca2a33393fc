import { COMMENT_THREAD_MAX, type CommentRecordType } from '../../../contract';
import type { Queryable } from '../../db/db';

/** A comment as stored (one of node_id / relation_id / proposal_id is set). */
export interface CommentRow {
  id: string;
  node_id: string | null;
  relation_id: string | null;
  proposal_id: string | null;
  body: string;
  author_id: string | null;
  author_name: string;
  created_at: Date | string;
  updated_at: Date | string;
  edited: boolean;
}

const COLUMNS = 'id, node_id, relation_id, proposal_id, body, author_id, author_name, created_at, updated_at, edited';
const RECORD_COLUMN: Record<CommentRecordType, string> = { node: 'node_id', relation: 'relation_id', proposal: 'proposal_id' };
const RECORD_TABLE: Record<CommentRecordType, string> = { node: 'nodes', relation: 'relations', proposal: 'proposals' };
const recordColumn = (type: CommentRecordType) => RECORD_COLUMN[type];
const recordTable = (type: CommentRecordType) => RECORD_TABLE[type];

export const recordOf = (row: CommentRow): { type: CommentRecordType; id: string } =>
  row.node_id ? { type: 'node', id: row.node_id } : row.relation_id ? { type: 'relation', id: row.relation_id } : { type: 'proposal', id: row.proposal_id! };

/** A proposal's proposer (whose thread it is, with the reviewers); null when there is no such proposal. */
export async function proposerOfProposal(db: Queryable, id: string): Promise<{ id: string | null; username: string } | null> {
  const [row] = await db.query<{ proposer_id: string | null; proposer_name: string }>('SELECT proposer_id, proposer_name FROM proposals WHERE id = $1', [id]);
  return row ? { id: row.proposer_id, username: row.proposer_name } : null;
}

export async function recordExists(db: Queryable, type: CommentRecordType, id: string): Promise<boolean> {
  const rows = await db.query(`SELECT 1 FROM ${recordTable(type)} WHERE id = $1`, [id]);
  return rows.length > 0;
}

/** A record's thread, oldest first (the last COMMENT_THREAD_MAX). */
export async function listComments(db: Queryable, type: CommentRecordType, id: string): Promise<CommentRow[]> {
  const rows = await db.query<CommentRow>(
    `SELECT ${COLUMNS} FROM comments WHERE ${recordColumn(type)} = $1 ORDER BY created_at DESC, id DESC LIMIT ${COMMENT_THREAD_MAX}`,
    [id],
  );
  return rows.reverse();
}

/** Locks the record's row so a comment is never added to a record being deleted (the FK would refuse it anyway). */
export async function lockRecord(tx: Queryable, type: CommentRecordType, id: string): Promise<boolean> {
  const rows = await tx.query(`SELECT 1 FROM ${recordTable(type)} WHERE id = $1 FOR SHARE`, [id]);
  return rows.length > 0;
}

export async function insertComment(tx: Queryable, type: CommentRecordType, recordId: string, body: string, author: { id: string; username: string }): Promise<CommentRow> {
  const [row] = await tx.query<CommentRow>(
    `INSERT INTO comments (${recordColumn(type)}, body, author_id, author_name) VALUES ($1, $2, $3, $4) RETURNING ${COLUMNS}`,
    [recordId, body, author.id, author.username],
  );
  return row;
}

export async function getCommentForUpdate(tx: Queryable, id: string): Promise<CommentRow | null> {
  const [row] = await tx.query<CommentRow>(`SELECT ${COLUMNS} FROM comments WHERE id = $1 FOR UPDATE`, [id]);
  return row ?? null;
}

export async function updateComment(tx: Queryable, id: string, body: string): Promise<CommentRow> {
  const [row] = await tx.query<CommentRow>(`UPDATE comments SET body = $2, edited = true, updated_at = now() WHERE id = $1 RETURNING ${COLUMNS}`, [id, body]);
  return row;
}

export async function deleteComment(tx: Queryable, id: string): Promise<void> {
  await tx.query('DELETE FROM comments WHERE id = $1', [id]);
}
