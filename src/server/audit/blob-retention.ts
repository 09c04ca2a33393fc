import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/db';

/**
 * Attachment contents outlive their rows ("attachment contents stay restorable until
 * purged"): deleting an attachment or its node removes the row, not the blob, because the event's
 * `detail.state.attachments[].blobKey` still refers to it and a restore brings the row back. A blob
 * goes only when nothing refers to it any more — no attachment row and no audit event — which
 * happens when the retention purge removes the last event naming it. The purge collects the keys
 * of the events it removes (blobKeysOfEvents, before deleting them) and hands them to
 * removeUnreferencedBlobs after.
 */

/**
 * Blob keys named by the attachment lists of the states of the events that `where` selects (a
 * condition on audit_log `e`, with its parameters): the purge passes its age condition. A bulk
 * import's batch events (audit_created_batches) never name attachments.
 */
export async function blobKeysOfEvents(db: Queryable, where: string, params: readonly unknown[]): Promise<string[]> {
  const rows = await db.query<{ key: string }>(
    `SELECT DISTINCT a->>'blobKey' AS key
       FROM audit_log e, jsonb_array_elements(CASE WHEN jsonb_typeof(e.detail->'state'->'attachments') = 'array' THEN e.detail->'state'->'attachments' ELSE '[]'::jsonb END) a
      WHERE (${where}) AND a->>'blobKey' IS NOT NULL`,
    [...params],
  );
  return rows.map((r) => r.key);
}

/** Of these keys, those no attachment row, no file kept with a proposal and no audit event refers to any more. */
export async function unreferencedBlobKeys(db: Queryable, keys: readonly string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const rows = await db.query<{ key: string }>(
    `SELECT k AS key FROM unnest($1::text[]) k
      WHERE NOT EXISTS (SELECT 1 FROM attachments WHERE blob_key = k)
        AND NOT EXISTS (SELECT 1 FROM proposal_attachments WHERE blob_key = k)
        AND NOT EXISTS (SELECT 1 FROM audit_log WHERE entity_type = 'node'
                          AND detail->'state'->'attachments' @> jsonb_build_array(jsonb_build_object('blobKey', k)))`,
    [keys],
  );
  return rows.map((r) => r.key);
}

/** Removes the contents of these keys that nothing refers to; run after the purge's transaction commits. */
export async function removeUnreferencedBlobs(app: FastifyInstance, keys: readonly string[]): Promise<string[]> {
  const gone = await unreferencedBlobKeys(app.db, keys);
  if (gone.length) await app.blobs.remove(gone).catch((err) => app.log.warn({ err }, 'could not remove purged attachment contents'));
  return gone;
}
