import { NODE_MESSAGES } from '../../../contract';
import type { Queryable } from '../../db/db';
import { badRequest, conflict, uniqueViolation } from '../../plugins/errors';
import { findNodeTypeId, nodeWithSnomedCode, type NodeInput } from './repository';

/** Turns the unique indexes on nodes into the 409s a curator understands (a restore's clash too). */
export async function nodeConflict(db: Queryable, err: unknown, input: NodeInput): Promise<never> {
  const index = uniqueViolation(err);
  if (index === 'nodes_name_type_ci' || index?.includes('name')) {
    throw conflict(`A node named "${input.name}" of type "${input.nodeType}" already exists`, 'duplicate_node');
  }
  if (index?.includes('snomed') && input.snomedCode) {
    const other = await nodeWithSnomedCode(db, input.snomedCode);
    throw conflict(NODE_MESSAGES.snomedInUse(input.snomedCode, other?.name ?? 'another node'), 'duplicate_snomed_code');
  }
  throw err;
}

export async function resolveType(db: Queryable, name: string): Promise<string> {
  const id = await findNodeTypeId(db, name);
  if (!id) throw badRequest(`Node type "${name}" does not exist`, 'unknown_node_type');
  return id;
}
