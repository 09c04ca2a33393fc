import type { Attachment } from '../../../contract';
import { NODE_MESSAGES } from '../../../contract';
import type { AuditDetail } from '../../../contract/texts/admin/audit';
import type { AuditedTx } from '../../audit/audited';
import type { Queryable } from '../../db/db';
import { notFound } from '../../plugins/errors';
import { attachmentSummary, loadNodeState, nodeEvent, type NodeState } from '../audit-states';
import { NODE_RECORD } from '../nodes';
import { deleteAttachment, insertAttachment } from './repository';

/** The node's state, its row locked so that concurrent attachment changes record consistent before/after states. */
async function lockedNodeState(tx: Queryable, nodeId: string): Promise<NodeState> {
  await tx.query('SELECT 1 FROM nodes WHERE id = $1 FOR UPDATE', [nodeId]);
  const state = await loadNodeState(tx, nodeId);
  if (!state) throw notFound(NODE_MESSAGES.notFound);
  return state;
}

/** An attachment added or removed is a node event: the file as `attachment` before → after, the node's whole state for a restore. */
function attachmentEvent(action: 'attachment_add' | 'attachment_remove', nodeId: string, before: NodeState, after: NodeState | null, detail: AuditDetail) {
  const ids = (s: NodeState | null) => new Set(s?.attachments.map((a) => a.id));
  const [was, is] = [ids(before), ids(after)];
  const removed = before.attachments.find((a) => !is.has(a.id));
  const added = after?.attachments.find((a) => !was.has(a.id));
  const event = nodeEvent(action, nodeId, before, after, detail);
  return { ...event, changes: [{ field: 'attachment', before: removed ? attachmentSummary(removed) : null, after: added ? attachmentSummary(added) : null }] };
}

export interface StoredFile {
  filename: string;
  contentType: string;
  size: number;
  blobKey: string;
}

/**
 * Adds a file whose contents are stored already to a node, inside the caller's audited transaction:
 * the node's version moves on (docs/architecture/versions.md) and an `attachment_add` event records it.
 * The upload route and an approved proposal's staged files both come here.
 */
export async function addAttachmentIn(
  { tx, record, claim }: AuditedTx,
  nodeId: string,
  file: StoredFile,
  userId: string,
  expected?: number,
  detail: AuditDetail = {},
): Promise<Attachment> {
  const nodeVersion = await claim(NODE_RECORD, nodeId, expected);
  const before = await lockedNodeState(tx, nodeId);
  const added = await insertAttachment(tx, { nodeId, ...file, userId });
  await record(attachmentEvent('attachment_add', nodeId, before, await loadNodeState(tx, nodeId), detail));
  return { ...added, nodeVersion };
}

export async function removeAttachmentIn({ tx, record, claim }: AuditedTx, nodeId: string, attachmentId: string, expected?: number): Promise<void> {
  await claim(NODE_RECORD, nodeId, expected);
  const before = await lockedNodeState(tx, nodeId);
  if (!(await deleteAttachment(tx, nodeId, attachmentId))) throw notFound('Attachment not found');
  await record(attachmentEvent('attachment_remove', nodeId, before, await loadNodeState(tx, nodeId), {}));
}
