import type { Attachment } from '../../../contract';
import type { Queryable } from '../../db/db';
import { iso } from '../../db/rows';

interface Row {
  id: string;
  node_id: string;
  filename: string;
  size: number;
  content_type: string;
  blob_key: string;
  uploaded_at: Date;
}

const toAttachment = (r: Row): Attachment => ({
  id: r.id,
  filename: r.filename,
  size: Number(r.size),
  contentType: r.content_type,
  uploadedAt: iso(r.uploaded_at),
});

/** Whether the node an attachment belongs to exists (the upload checks before reading the file). */
export async function nodeExists(db: Queryable, nodeId: string): Promise<boolean> {
  return (await db.query('SELECT 1 FROM nodes WHERE id = $1', [nodeId])).length > 0;
}

export async function listAttachments(db: Queryable, nodeId: string): Promise<Attachment[]> {
  const rows = await db.query<Row>('SELECT * FROM attachments WHERE node_id = $1 ORDER BY uploaded_at, filename', [nodeId]);
  return rows.map(toAttachment);
}

export async function getAttachmentRow(db: Queryable, nodeId: string, id: string): Promise<Row | null> {
  return (await db.query<Row>('SELECT * FROM attachments WHERE id = $1 AND node_id = $2', [id, nodeId]))[0] ?? null;
}

export async function getAttachmentById(db: Queryable, id: string): Promise<Row | null> {
  return (await db.query<Row>('SELECT * FROM attachments WHERE id = $1', [id]))[0] ?? null;
}

export async function insertAttachment(
  db: Queryable,
  a: { nodeId: string; filename: string; contentType: string; size: number; blobKey: string; userId: string },
): Promise<Attachment> {
  const rows = await db.query<Row>(
    `INSERT INTO attachments (node_id, filename, content_type, size, blob_key, uploaded_by)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
    [a.nodeId, a.filename, a.contentType, a.size, a.blobKey, a.userId],
  );
  return toAttachment(rows[0]);
}

export async function deleteAttachment(db: Queryable, nodeId: string, id: string): Promise<string | null> {
  const rows = await db.query<{ blob_key: string }>('DELETE FROM attachments WHERE id = $1 AND node_id = $2 RETURNING blob_key', [id, nodeId]);
  return rows[0]?.blob_key ?? null;
}
