import {
  NODE_MESSAGES,
  NodeSaveSchema,
  RELATION_MESSAGES,
  RELATION_NOTE_PERMISSION,
  REVIEW_MESSAGES,
  RelationSaveSchema,
  canSeeRelationNotes,
  type ProposedChange,
} from '../../../contract';
import type { Queryable } from '../../db/db';
import { checkVersion } from '../../db/versions';
import { badRequest, notFound } from '../../plugins/errors';
import { NODE_RECORD, checkNodeUpdate, getNode, resolveType, toNode } from '../nodes';
import { checkRelationWrite, currentRelationEnds, getRelation, relationRecord, toRelation } from '../relations';
import type { StoredChange } from './repository';

/**
 * From proposed changes to what a proposal keeps: each change validated as its ordinary write would
 * be (types, rules, duplicates, a node's type lock), its record's version checked against the base
 * version given (412 as an If-Match would), the record as it is now kept as `before`. Checks that
 * need the bundle's own new nodes (a relation to `ref:…`) wait for the approval, which runs the
 * full write.
 */
const FULL = [RELATION_NOTE_PERMISSION];
const isRef = (id: string) => id.startsWith('ref:');

export async function prepareChanges(db: Queryable, changes: readonly ProposedChange[], viewer: readonly string[]): Promise<StoredChange[]> {
  const refs = new Set<string>();
  const out: StoredChange[] = [];
  for (const change of changes) {
    const needsTarget = change.action !== 'create';
    const needsAfter = change.action !== 'delete';
    if ((needsTarget && !change.targetId) || (needsAfter && !change.after)) throw badRequest(REVIEW_MESSAGES.badChange, 'bad_change');
    const targetId = needsTarget ? change.targetId! : null;
    if (change.kind === 'node') {
      const after = needsAfter ? NodeSaveSchema.parse(change.after) : null;
      let before: Record<string, unknown> | null = null;
      let baseVersion: number | null = null;
      if (targetId) {
        await checkVersion(db, NODE_RECORD, targetId, change.baseVersion);
        const row = await getNode(db, targetId);
        if (!row) throw notFound(NODE_MESSAGES.notFound);
        before = toNode(row);
        baseVersion = row.version;
      }
      if (after && targetId) await checkNodeUpdate(db, targetId, after);
      else if (after) await resolveType(db, after.nodeType);
      const ref = change.action === 'create' ? (change.ref ?? null) : null;
      if (ref) refs.add(ref);
      out.push({
        kind: 'node',
        action: change.action,
        target_id: targetId,
        ref,
        record_type: after?.nodeType ?? (before?.nodeType as string | undefined) ?? null,
        base_version: baseVersion,
        before,
        after: after && stripVersion(after),
      });
      continue;
    }
    const parsed = needsAfter ? RelationSaveSchema.parse(change.after) : null;
    // Who may not read internal notes may not write one either (as POST /relations).
    const after = parsed && !canSeeRelationNotes(viewer) ? { ...parsed, note: undefined } : parsed;
    let before: Record<string, unknown> | null = null;
    let baseVersion: number | null = null;
    if (targetId) {
      await checkVersion(db, relationRecord(viewer), targetId, change.baseVersion);
      const row = await getRelation(db, targetId);
      if (!row) throw notFound(RELATION_MESSAGES.notFound);
      before = toRelation(row, FULL);
      baseVersion = row.version;
    }
    if (after) {
      const local = [after.sourceNodeId, after.targetNodeId].filter(isRef);
      if (local.some((r) => !refs.has(r))) throw badRequest(REVIEW_MESSAGES.unknownRef, 'unknown_ref');
      if (local.length === 0) await checkRelationWrite(db, after, targetId ? await currentRelationEnds(db, targetId) : null);
    }
    out.push({
      kind: 'relation',
      action: change.action,
      target_id: targetId,
      ref: null,
      record_type: after?.relationType ?? (before?.relationType as string | undefined) ?? null,
      base_version: baseVersion,
      before,
      after: after && stripVersion(after),
    });
  }
  return out;
}

/** The payload without its `version` (the change keeps base_version) and undefined keys. */
function stripVersion(value: object): Record<string, unknown> {
  const { version: _version, ...rest } = value as Record<string, unknown>;
  return JSON.parse(JSON.stringify(rest)) as Record<string, unknown>;
}
