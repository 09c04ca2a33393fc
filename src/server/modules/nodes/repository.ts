import type { z } from 'zod';
import type { NodeSaveSchema } from '../../../contract';
import type { Queryable } from '../../db/db';
import { SELECT_NODE, type NodeRow } from './node-row';

/* The node CRUD. Listing and searching (the query planner) are in list-query.ts. */

export type NodeInput = z.output<typeof NodeSaveSchema>;
export { toNode, type NodeRow } from './node-row';

export async function getNode(db: Queryable, id: string): Promise<NodeRow | null> {
  return (await db.query<NodeRow>(`${SELECT_NODE} WHERE n.id = $1`, [id]))[0] ?? null;
}

export async function relationCount(db: Queryable, id: string): Promise<number> {
  const [{ n }] = await db.query<{ n: number }>(
    `SELECT ((SELECT count(*) FROM relations WHERE source_node_id = $1) + (SELECT count(*) FROM relations WHERE target_node_id = $1))::int AS n`,
    [id],
  );
  return n;
}

export async function findNodeTypeId(db: Queryable, name: string): Promise<string | null> {
  return (await db.query<{ id: string }>('SELECT id FROM node_types WHERE lower(name) = lower($1)', [name]))[0]?.id ?? null;
}

export async function nodeWithSnomedCode(db: Queryable, code: string): Promise<{ id: string; name: string } | null> {
  return (await db.query<{ id: string; name: string }>('SELECT id, name FROM nodes WHERE snomed_code = $1', [code]))[0] ?? null;
}

export async function insertNode(db: Queryable, input: NodeInput, typeId: string, userId: string): Promise<string> {
  const rows = await db.query<{ id: string }>(
    `INSERT INTO nodes (name, node_type_id, snomed_code, url, description, note, created_by, updated_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $7) RETURNING id`,
    [input.name, typeId, input.snomedCode ?? null, input.url ?? null, input.description ?? null, input.note ?? null, userId],
  );
  return rows[0].id;
}

/** Fields left out of the body keep their value; null clears them. */
export async function updateNode(db: Queryable, id: string, input: NodeInput, typeId: string, userId: string): Promise<void> {
  await db.query(
    `UPDATE nodes SET name = $2, node_type_id = $3,
            snomed_code = CASE WHEN $4 THEN $5 ELSE snomed_code END,
            url = CASE WHEN $6 THEN $7 ELSE url END,
            description = CASE WHEN $8 THEN $9 ELSE description END,
            note = CASE WHEN $10 THEN $11 ELSE note END,
            updated_by = $12, updated_at = now()
      WHERE id = $1`,
    [
      id,
      input.name,
      typeId,
      input.snomedCode !== undefined,
      input.snomedCode ?? null,
      input.url !== undefined,
      input.url ?? null,
      input.description !== undefined,
      input.description ?? null,
      input.note !== undefined,
      input.note ?? null,
      userId,
    ],
  );
}

/**
 * Deletes the node; relations and attachment rows go with it (ON DELETE CASCADE). The attachments'
 * contents stay in the blob store: the delete's audit event refers to them (see docs/architecture/audit-and-history.md, "Audit trail and record history").
 */
export async function deleteNode(db: Queryable, id: string): Promise<boolean> {
  return (await db.query('DELETE FROM nodes WHERE id = $1 RETURNING id', [id])).length > 0;
}

