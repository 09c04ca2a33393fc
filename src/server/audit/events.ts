/**
 * The shape of one audit event (DESIGN §9): who did what to which record, with the changed fields
 * before and after. Written by record.ts inside the change's transaction; published after commit by
 * change-feed.ts; read back as a record's history and the admin's audit log.
 */
import type { AuditDetail } from '../../contract/texts/admin/audit';

/** Who made the change. `null` for the system (seeds, migrations) and failed sign-ins. */
export interface AuditActor {
  id: string;
  username: string;
}

/** One changed field, named as the API names it (camelCase). */
export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

export type AuditEntityType =
  | 'node'
  | 'relation'
  | 'attachment'
  | 'node_type'
  | 'relation_type'
  | 'comment'
  | 'proposal'
  | 'snomed_concept'
  | 'snomed_catalogue'
  | 'user'
  | 'role'
  | 'session'
  | 'import'
  | 'audit_log'
  | 'backup';

export interface AuditEventInput {
  /** e.g. create, update, delete, restore, import, sign_in, sign_in_failed, purge. */
  action: string;
  entityType: AuditEntityType;
  entityId: string | null;
  changes?: FieldChange[];
  /**
   * What is not a field change: counts, a delete's snapshot, a failed sign-in's name. Its keys are
   * the listed ones, each worded for the log's reader (contract/texts/audit.ts).
   */
  detail?: AuditDetail | null;
  /** The version the change produced (db/versions.ts); audited() fills it in for records it claimed. */
  version?: number | null;
}

export interface AuditEvent extends Required<Omit<AuditEventInput, 'detail' | 'version'>> {
  version?: number | null;
  /** bigserial as a string (the API's `id`), so JavaScript numbers never round it. */
  id: string;
  at: string;
  actor: AuditActor | null;
  detail: Record<string, unknown> | null;
}
