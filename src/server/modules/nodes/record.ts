import { NODE_MESSAGES } from '../../../contract';
import type { Queryable } from '../../db/db';
import type { VersionedRecord } from '../../db/versions';
import { listAttachments } from '../attachments';
import { getNode, relationCount, toNode } from './repository';

/** One node as GET /nodes/:id answers it (with attachments and relation count), or null. */
export async function nodeDetail(db: Queryable, id: string) {
  const row = await getNode(db, id);
  if (!row) return null;
  const [attachments, count] = await Promise.all([listAttachments(db, row.id), relationCount(db, row.id)]);
  return { ...toNode(row), relationCount: count, attachments };
}

/** Nodes are versioned records (db/versions.ts): attachments and restores move a node's version too. */
export const NODE_RECORD: VersionedRecord = { table: 'nodes', notFound: NODE_MESSAGES.notFound, current: nodeDetail };
