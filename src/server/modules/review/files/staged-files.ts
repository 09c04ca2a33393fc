import type { Attachment } from '../../../../contract';
import type { Queryable } from '../../../db/db';
import { iso } from '../../../db/rows';
import type { StoredFile } from '../../attachments';

/**
 * Files kept with a proposal that creates a node (proposal_attachments, migration 0045) until it
 * is decided: an approval moves them to the new node, a rejection or withdrawal deletes them.
 */
export interface StagedFileRow {
  id: string;
  proposal_id: string;
  filename: string;
  content_type: string;
  size: number | string;
  blob_key: string;
  uploaded_at: Date | string;
}

export const toAttachment = (r: StagedFileRow): Attachment => ({ id: r.id, filename: r.filename, size: Number(r.size), contentType: r.content_type, uploadedAt: iso(r.uploaded_at) });
export const toStoredFile = (r: StagedFileRow): StoredFile => ({ filename: r.filename, contentType: r.content_type, size: Number(r.size), blobKey: r.blob_key });

export async function insertStagedFile(tx: Queryable, proposalId: string, file: StoredFile, userId: string): Promise<StagedFileRow> {
  const [row] = await tx.query<StagedFileRow>(
    `INSERT INTO proposal_attachments (proposal_id, filename, content_type, size, blob_key, uploaded_by) VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
    [proposalId, file.filename, file.contentType, file.size, file.blobKey, userId],
  );
  return row;
}

export async function countStagedFiles(db: Queryable, proposalId: string): Promise<number> {
  const [{ n }] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM proposal_attachments WHERE proposal_id = $1', [proposalId]);
  return n;
}

/** The files of these proposals, each proposal's in upload order. */
export async function stagedFilesOf(db: Queryable, proposalIds: readonly string[]): Promise<Map<string, Attachment[]>> {
  const out = new Map<string, Attachment[]>();
  if (proposalIds.length === 0) return out;
  const rows = await db.query<StagedFileRow>('SELECT * FROM proposal_attachments WHERE proposal_id = ANY($1::uuid[]) ORDER BY uploaded_at, filename, id', [proposalIds]);
  for (const r of rows) out.set(r.proposal_id, [...(out.get(r.proposal_id) ?? []), toAttachment(r)]);
  return out;
}

export async function stagedFile(db: Queryable, id: string, proposalId?: string): Promise<StagedFileRow | null> {
  const rows = await db.query<StagedFileRow>(`SELECT * FROM proposal_attachments WHERE id = $1${proposalId ? ' AND proposal_id = $2' : ''}`, proposalId ? [id, proposalId] : [id]);
  return rows[0] ?? null;
}

/** Removes the proposal's rows and answers them (in upload order): the caller adds them to a node or drops their contents after commit. */
export async function takeStagedFiles(tx: Queryable, proposalId: string): Promise<StagedFileRow[]> {
  const rows = await tx.query<StagedFileRow>('DELETE FROM proposal_attachments WHERE proposal_id = $1 RETURNING *', [proposalId]);
  return rows.sort((a, b) => iso(a.uploaded_at).localeCompare(iso(b.uploaded_at)) || a.filename.localeCompare(b.filename));
}
