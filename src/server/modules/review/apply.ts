import { REVIEW_MESSAGES, type NodeSave, type RelationSave } from '../../../contract';
import type { AuditDetail } from '../../../contract/texts/admin/audit';
import type { AuditedTx } from '../../audit/audited';
import { conflict } from '../../plugins/errors';
import { addAttachmentIn } from '../attachments';
import { createNodeIn, deleteNodeIn, updateNodeIn, type NodeInput } from '../nodes';
import { createRelationIn, deleteRelationIn, updateRelationIn, type RelationInput } from '../relations';
import { currentVersions, type ProposalRow, type StoredChange } from './repository';
import { takeStagedFiles, toStoredFile } from './files/staged-files';

/** The change being applied when an approval failed (the route words a node's unique clash with it). */
export interface ApplyFailure {
  change: StoredChange;
  error: unknown;
}

/**
 * Applies an approved proposal's changes, in order, inside the approval's transaction: each is the
 * ordinary write (nodes/writes.ts, relations/writes.ts) with its own audit event, acted by the
 * reviewer and naming the proposal, its proposer and reviewer. Any failure rolls back all of them
 * (a bundle applies together or not at all). A record changed since its base version (or gone)
 * refuses the whole approval with 409 proposal_outdated before anything is written.
 *
 * The files kept with the proposal become the attachments of the first node it creates, each an
 * ordinary `attachment_add` of that node in the same transaction (so a failed approval leaves them
 * kept). Answers the blob keys of files that found no node (its create was edited away): the caller
 * removes their contents once the approval has committed.
 */
export async function applyChanges(
  a: AuditedTx,
  proposal: ProposalRow,
  changes: readonly StoredChange[],
  reviewer: { id: string; username: string },
  viewer: readonly string[],
): Promise<string[]> {
  const versions = await currentVersions(a.tx, changes);
  if (changes.some((c) => c.action !== 'create' && versions.get(c.target_id!) !== c.base_version)) throw conflict(REVIEW_MESSAGES.outdated, 'proposal_outdated');
  const detail: AuditDetail = {
    proposal: proposal.id,
    proposer: { id: proposal.proposer_id, username: proposal.proposer_name },
    reviewer: { id: reviewer.id, username: reviewer.username },
  };
  // The proposer is the author of what they proposed (created/updated by), the reviewer the actor of the event.
  const author = proposal.proposer_id ?? reviewer.id;
  const created = new Map<string, string>();
  let firstNode: string | null = null;
  const resolve = (id: string) => created.get(id) ?? id;
  for (const change of changes) {
    try {
      const base = change.base_version ?? undefined;
      if (change.kind === 'node') {
        const input = change.after as unknown as NodeInput & NodeSave;
        if (change.action === 'create') {
          const id = await createNodeIn(a, input, author, detail);
          firstNode ??= id;
          if (change.ref) created.set(change.ref, id);
        } else if (change.action === 'update') await updateNodeIn(a, change.target_id!, input, base, author, detail);
        else await deleteNodeIn(a, change.target_id!, base, detail);
        continue;
      }
      const after = change.after as unknown as (RelationInput & RelationSave) | null;
      const input = after && { ...after, sourceNodeId: resolve(after.sourceNodeId), targetNodeId: resolve(after.targetNodeId) };
      if (change.action === 'create') await createRelationIn(a, input!, author, detail);
      else if (change.action === 'update') await updateRelationIn(a, change.target_id!, input!, base, author, viewer, detail);
      else await deleteRelationIn(a, change.target_id!, base, viewer, detail);
    } catch (error) {
      throw Object.assign(new Error('proposal change failed'), { failure: { change, error } satisfies ApplyFailure });
    }
  }
  const files = await takeStagedFiles(a.tx, proposal.id);
  if (!firstNode) return files.map((f) => f.blob_key);
  for (const file of files) await addAttachmentIn(a, firstNode, toStoredFile(file), author, undefined, detail);
  return [];
}
