import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { NodeSave, ProposalRef, RelationSave } from '../../../contract';
import type { Queryable } from '../../db/db';
import { prepareChanges } from './prepare';
import { createProposal } from './lifecycle';
import { getReviewSettings, underReview } from './settings';

/** A write through the ordinary node and relation routes, as the route received it. */
export type OrdinaryWrite =
  | { kind: 'node'; action: 'create' | 'update' | 'delete'; targetId?: string; after?: NodeSave; expected?: number }
  | { kind: 'relation'; action: 'create' | 'update' | 'delete'; targetId?: string; after?: RelationSave; expected?: number };

/** The type names a write touches: the one it asks for and the record's current one. */
async function typesOf(db: Queryable, write: OrdinaryWrite): Promise<(string | undefined)[]> {
  const asked = write.kind === 'node' ? write.after?.nodeType : write.after?.relationType;
  if (!write.targetId) return [asked];
  const sql =
    write.kind === 'node'
      ? 'SELECT t.name FROM nodes n JOIN node_types t ON t.id = n.node_type_id WHERE n.id = $1'
      : 'SELECT t.name FROM relations r JOIN relation_types t ON t.id = r.relation_type_id WHERE r.id = $1';
  const [row] = await db.query<{ name: string }>(sql, [write.targetId]);
  return [asked, row?.name];
}

/**
 * The one place where review mode meets the ordinary writes (POST/PUT/DELETE /nodes and /relations):
 * null when the record's type is not under review (the route writes as usual); otherwise the write
 * is validated as its route would validate it, its If-Match checked (412 when stale), and stored
 * as a submitted proposal instead — the route answers 202 with it and changes nothing.
 */
export async function proposeIfUnderReview(app: FastifyInstance, req: FastifyRequest, write: OrdinaryWrite): Promise<ProposalRef | null> {
  const settings = await getReviewSettings(app.db);
  if (!settings.enabled || !underReview(settings, write.kind, await typesOf(app.db, write))) return null;
  const viewer = req.auth!.permissions;
  const changes = await prepareChanges(app.db, [{ ...write, baseVersion: write.expected } as Parameters<typeof prepareChanges>[1][number]], viewer);
  const proposal = await createProposal(app, req.auth!.user, 'submitted', changes);
  return { proposal: { id: proposal.id, state: proposal.state } };
}
