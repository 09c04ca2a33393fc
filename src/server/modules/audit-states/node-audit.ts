import type { AuditDetail } from '../../../contract/texts/admin/audit';
import type { AuditEventInput, FieldChange } from '../../audit/events';
import { fieldChanges } from '../../audit/record';
import type { Queryable } from '../../db/db';

/**
 * What the audit trail keeps of a node: its fields as the API names them, the type's id
 * (a renamed type still restores) and its attachments with their blob keys (contents stay until the
 * audit purge: docs/architecture/audit-and-history.md). Every node event's `detail.state` holds this
 * state right after the change — before it, for a delete — which is what a restore goes back to.
 */
export interface NodeAttachmentState {
  id: string;
  filename: string;
  contentType: string;
  size: number;
  blobKey: string;
  uploadedBy: string | null;
  uploadedAt: string;
}

export interface NodeState {
  name: string;
  nodeType: string;
  nodeTypeId: string | null;
  snomedCode: string | null;
  url: string | null;
  description: string | null;
  note: string | null;
  attachments: NodeAttachmentState[];
  /** Kept so that a deleted node comes back with its origin (not listed as changes). */
  createdBy?: string | null;
  createdAt?: string;
}

/** The fields a node's history lists, in the form's order. */
export const NODE_AUDIT_FIELDS = ['name', 'nodeType', 'snomedCode', 'url', 'description', 'note'] as const;

/**
 * The changed fields, then one `attachment` line per file that went (before → null) or came
 * (null → after): a delete or a restore changes attachments too, and its entry must say so.
 */
export function nodeChanges(before: NodeState | null, after: NodeState | null): FieldChange[] {
  return [...fieldChanges<NodeState>(before, after, NODE_AUDIT_FIELDS), ...attachmentChanges(before?.attachments ?? [], after?.attachments ?? [])];
}

export function attachmentChanges(before: NodeAttachmentState[], after: NodeAttachmentState[]): FieldChange[] {
  const [was, is] = [new Set(before.map((a) => a.id)), new Set(after.map((a) => a.id))];
  return [
    ...before.filter((a) => !is.has(a.id)).map((a) => ({ field: 'attachment', before: attachmentSummary(a), after: null })),
    ...after.filter((a) => !was.has(a.id)).map((a) => ({ field: 'attachment', before: null, after: attachmentSummary(a) })),
  ];
}

/** The node's state as stored now, or null when it does not exist. */
export async function loadNodeState(db: Queryable, id: string): Promise<NodeState | null> {
  const [row] = await db.query<{
    name: string;
    node_type: string;
    node_type_id: string;
    snomed_code: string | null;
    url: string | null;
    description: string | null;
    note: string | null;
    created_by: string | null;
    created_at: Date;
  }>(
    `SELECT n.name, nt.name AS node_type, n.node_type_id, n.snomed_code, n.url, n.description, n.note, n.created_by, n.created_at
       FROM nodes n JOIN node_types nt ON nt.id = n.node_type_id WHERE n.id = $1`,
    [id],
  );
  if (!row) return null;
  const attachments = await db.query<{ id: string; filename: string; content_type: string; size: number | string; blob_key: string; uploaded_by: string | null; uploaded_at: Date }>(
    'SELECT id, filename, content_type, size, blob_key, uploaded_by, uploaded_at FROM attachments WHERE node_id = $1 ORDER BY uploaded_at, filename',
    [id],
  );
  return {
    name: row.name,
    nodeType: row.node_type,
    nodeTypeId: row.node_type_id,
    snomedCode: row.snomed_code,
    url: row.url,
    description: row.description,
    note: row.note,
    attachments: attachments.map((a) => ({
      id: a.id,
      filename: a.filename,
      contentType: a.content_type,
      size: Number(a.size),
      blobKey: a.blob_key,
      uploadedBy: a.uploaded_by,
      uploadedAt: new Date(a.uploaded_at).toISOString(),
    })),
    createdBy: row.created_by,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** An attachment as a history entry shows it: the file, never the blob key. */
export const attachmentSummary = (a: NodeAttachmentState) => ({ id: a.id, filename: a.filename, size: a.size, contentType: a.contentType });

/** A node event: the changed fields, and the state a restore returns to (after the change; before it for a delete). */
export function nodeEvent(action: string, id: string, before: NodeState | null, after: NodeState | null, detail: AuditDetail = {}): AuditEventInput {
  return { action, entityType: 'node', entityId: id, changes: nodeChanges(before, after), detail: { state: after ?? before, ...detail } };
}
