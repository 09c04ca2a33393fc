import { z } from 'zod';
import type { BackupPart } from '../../../contract';

/**
 * What an archive holds, table by table (format version 1): the file, the table, the columns
 * (snake_case, as in the database), the key that pages the export, and the zod schema every row
 * must pass before a restore writes anything. One list, read by the export, the validation and the
 * restore, so a new table or column is added here once. Users have no password hash: it never
 * leaves the server; restored users get none and come back inactive (restore.ts).
 */
export interface BackupTable {
  part: BackupPart;
  file: string;
  table: string;
  columns: readonly string[];
  /** Unique, indexed: the export pages by it (keyset), and restores in that order. */
  key: string;
  row: z.ZodType<Record<string, unknown>>;
  /** Columns naming a user (remapped to the restoring admin when the archive holds them). */
  userColumns: readonly string[];
  /** The key is generated anew on restore (audit events: the new installation has its own). */
  newKeys?: true;
  /** Rows per INSERT on PostgreSQL (the embedded database takes a tenth: it is the server's memory). */
  batch: number;
}

const uuid = z.string().uuid();
const optUuid = uuid.nullable();
const time = z.string().refine((s) => !Number.isNaN(Date.parse(s)), 'not a time');
const optTime = time.nullable();
const text = z.string();
const optText = z.string().nullable();
const name = z.string().refine((s) => s.trim() !== '', 'empty name');

const row = <T extends z.ZodRawShape>(shape: T) => z.strictObject(shape) as unknown as z.ZodType<Record<string, unknown>>;

export const BACKUP_TABLES: readonly BackupTable[] = [
  {
    part: 'roles',
    file: 'roles.ndjson',
    table: 'roles',
    key: 'id',
    columns: ['id', 'name', 'description', 'permissions', 'is_active', 'is_system', 'created_at', 'updated_at'],
    row: row({ id: uuid, name, description: text, permissions: z.array(text), is_active: z.boolean(), is_system: z.boolean(), created_at: time, updated_at: time }),
    userColumns: [],
    batch: 1000,
  },
  {
    part: 'users',
    file: 'users.ndjson',
    table: 'users',
    key: 'id',
    columns: ['id', 'username', 'email', 'role_id', 'mobile_no', 'is_active', 'last_login', 'created_at', 'updated_at'],
    row: row({ id: uuid, username: name, email: name, role_id: optUuid, mobile_no: optText, is_active: z.boolean(), last_login: optTime, created_at: time, updated_at: time }),
    userColumns: [],
    batch: 1000,
  },
  {
    part: 'nodeTypes',
    file: 'node_types.ndjson',
    table: 'node_types',
    key: 'id',
    columns: ['id', 'name', 'color', 'created_by', 'created_at', 'updated_at'],
    row: row({ id: uuid, name, color: z.string().regex(/^#[0-9a-f]{6}$/), created_by: optUuid, created_at: time, updated_at: time }),
    userColumns: ['created_by'],
    batch: 1000,
  },
  {
    part: 'relationTypes',
    file: 'relation_types.ndjson',
    table: 'relation_types',
    key: 'id',
    columns: ['id', 'name', 'created_by', 'created_at', 'updated_at'],
    row: row({ id: uuid, name, created_by: optUuid, created_at: time, updated_at: time }),
    userColumns: ['created_by'],
    batch: 1000,
  },
  {
    part: 'nodes',
    file: 'nodes.ndjson',
    table: 'nodes',
    key: 'id',
    columns: ['id', 'name', 'node_type_id', 'snomed_code', 'url', 'description', 'note', 'created_by', 'updated_by', 'created_at', 'updated_at'],
    row: row({
      id: uuid,
      name,
      node_type_id: uuid,
      snomed_code: optText,
      url: optText,
      description: optText,
      note: optText,
      created_by: optUuid,
      updated_by: optUuid,
      created_at: time,
      updated_at: time,
    }),
    userColumns: ['created_by', 'updated_by'],
    batch: 5000,
  },
  {
    part: 'relations',
    file: 'relations.ndjson',
    table: 'relations',
    key: 'id',
    columns: [
      'id',
      'source_node_id',
      'target_node_id',
      'relation_type_id',
      'relation_name',
      'weight',
      'url',
      'description',
      'note',
      'created_by',
      'updated_by',
      'created_at',
      'updated_at',
    ],
    row: row({
      id: uuid,
      source_node_id: uuid,
      target_node_id: uuid,
      relation_type_id: uuid,
      relation_name: text,
      weight: z.number().int().min(1).max(100),
      url: optText,
      description: optText,
      note: optText,
      created_by: optUuid,
      updated_by: optUuid,
      created_at: time,
      updated_at: time,
    }),
    userColumns: ['created_by', 'updated_by'],
    batch: 5000,
  },
  {
    part: 'attachments',
    file: 'attachments.ndjson',
    table: 'attachments',
    key: 'id',
    // blob_key is this installation's storage key: the contents travel as attachments/<id>.
    columns: ['id', 'node_id', 'filename', 'content_type', 'size', 'uploaded_by', 'uploaded_at'],
    row: row({ id: uuid, node_id: uuid, filename: name, content_type: text, size: z.number().int().min(0), uploaded_by: optUuid, uploaded_at: time }),
    userColumns: ['uploaded_by'],
    batch: 500,
  },
  {
    part: 'snomedConcepts',
    file: 'snomed_concepts.ndjson',
    table: 'snomed_concepts',
    key: 'id',
    columns: ['id', 'concept_id', 'term', 'active', 'effective_time', 'module_id', 'language_code', 'type_id', 'case_significance_id'],
    row: row({
      id: name,
      concept_id: text,
      term: text,
      active: z.boolean(),
      effective_time: optText,
      module_id: optText,
      language_code: text,
      type_id: optText,
      case_significance_id: optText,
    }),
    userColumns: [],
    batch: 5000,
  },
  {
    part: 'auditLog',
    file: 'audit_log.ndjson',
    table: 'audit_log',
    // Restored events get new ids (the new installation has events of its own), in this order.
    key: 'id',
    columns: ['id', 'at', 'actor_id', 'actor_name', 'action', 'entity_type', 'entity_id', 'changes', 'detail'],
    row: row({
      id: z.union([z.number().int(), z.string().regex(/^\d+$/)]),
      at: time,
      actor_id: optUuid,
      actor_name: optText,
      action: text,
      entity_type: optText,
      entity_id: optText,
      changes: z.array(z.unknown()),
      detail: z.unknown().nullable(),
    }),
    userColumns: ['actor_id'],
    newKeys: true,
    batch: 2000,
  },
];

/** The zip entry of an attachment's contents. */
export const attachmentEntry = (id: string) => `attachments/${id}`;
export const MANIFEST_FILE = 'manifest.json';
