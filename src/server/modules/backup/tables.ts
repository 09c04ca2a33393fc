import { z } from 'zod';
import { CHANGE_ACTIONS, CHANGE_KINDS, EVIDENCE_GRADES, EVIDENCE_LIMITS, PROPOSAL_STATES, SNOMED_DRIFT_KINDS, type BackupPart } from '../../../contract';
import { USER_LANGUAGES } from '../../../contract/languages';
import { HIERARCHY_SETTING } from '../fhir';

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
  /** A composite key's text form over table alias `t`, unique (the export pages by it instead of `key`). */
  keySql?: (alias: string) => string;
  row: z.ZodType<Record<string, unknown>>;
  /** Columns naming a user (remapped to the restoring admin when the archive holds them). */
  userColumns: readonly string[];
  /**
   * The key is moved on restore (audit events: the new installation has its own): every such key
   * of the archive by the same offset past the installation's, so events keep their order.
   */
  newKeys?: true;
  /** Rows per INSERT on PostgreSQL (the embedded database takes a tenth: it is the server's memory). */
  batch: number;
  /** The migration that added the table: an archive written before it has no file for it (restored empty). */
  sinceMigration?: number;
  /** The archive format that added the file, for a table older than the archive's (an older format has none: restored empty). */
  sinceFormat?: number;
  /** Only these rows: those whose column holds one of the values (the others belong to the installation). */
  only?: { column: string; values: readonly string[] };
  /**
   * Rows that name file contents (blob_key, this installation's key): the archive holds each row's
   * bytes as `<contents>/<id>`, and a restore stores them anew and writes their new key.
   */
  contents?: string;
}

/** Whether an archive of this migration and format holds the table's file. */
export const inArchive = (table: BackupTable, archive: { migration: number; formatVersion: number }) =>
  (table.sinceMigration ?? 0) <= archive.migration && (table.sinceFormat ?? 1) <= archive.formatVersion;

/**
 * The server settings an archive carries, each with the part its value names: settings that
 * describe the data (which relation type is the graph's FHIR hierarchy), not this installation
 * (its token secret) or its operation.
 */
export const ARCHIVED_SETTINGS: Readonly<Record<string, BackupPart>> = { [HIERARCHY_SETTING]: 'relationTypes' };
const archivedSettingKeys = Object.keys(ARCHIVED_SETTINGS) as [string, ...string[]];

const uuid = z.string().uuid();
const optUuid = uuid.nullable();
const time = z.string().refine((s) => !Number.isNaN(Date.parse(s)), 'not a time');
const optTime = time.nullable();
const text = z.string();
const optText = z.string().nullable();
const name = z.string().refine((s) => s.trim() !== '', 'empty name');
/** A record's version (migration 0033); archives written before it have none and restore at 1. */
const version = z.number().int().positive().max(2_147_483_647).optional();
/** What both audit tables' rows start with: the event id (moved on restore), when and who. */
/** Ids of at most 15 digits: moved by the installation's offset, they stay far inside a bigint. */
const eventHead = { id: z.union([z.number().int().nonnegative().max(999_999_999_999_999), z.string().regex(/^\d{1,15}$/)]), at: time, actor_id: optUuid, actor_name: optText };

/** A table's entry with its columns and row schema taken from one shape, so the two cannot differ. */
const table = ({
  shape,
  check,
  ...rest
}: Omit<BackupTable, 'columns' | 'row'> & { shape: z.ZodRawShape; check?: (row: Record<string, unknown>) => string | null }): BackupTable => ({
  ...rest,
  columns: Object.keys(shape),
  row: check
    ? z.strictObject(shape).superRefine((row, ctx) => {
        const problem = check(row);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      })
    : z.strictObject(shape),
});

/** The arrays of a row of audit_created_batches: one value per created record each, as the view unnests them. */
const BATCH_ARRAYS = ['names', 'type_names', 'snomed_codes', 'source_ids', 'target_ids', 'type_ids', 'source_names', 'target_names', 'weights', 'urls', 'descriptions'];
/** What the view needs of a batch row: records, arrays of one length, and a relation's ends and type. */
function batchRowProblem(row: Record<string, unknown>): string | null {
  const records = (row.entity_ids as unknown[]).length;
  if (records === 0) return 'a batch without records';
  const uneven = BATCH_ARRAYS.find((column) => Array.isArray(row[column]) && (row[column] as unknown[]).length !== records);
  if (uneven) return `${uneven} does not have one value per record`;
  if (row.entity_type === 'relation') {
    const missing = ['source_ids', 'target_ids', 'type_ids'].find((column) => !Array.isArray(row[column]) || (row[column] as unknown[]).includes(null));
    if (missing) return `${missing} must name every relation's ${missing === 'type_ids' ? 'type' : 'end'}`;
  }
  return null;
}

/**
 * Columns deliberately left out of the archive: secrets, and keys that belong to one installation.
 * backup.test.ts checks every other column of every backed-up table is in it.
 */
export const NOT_BACKED_UP: Readonly<Record<string, readonly string[]>> = {
  // The look-alike key is derived from the username; the server computes it for restored users.
  // Who changed a user, role or type last (migration 0033) is told by the restored audit trail; the
  // restore itself is their latest change.
  users: ['password_hash', 'username_skeleton', 'updated_by'],
  roles: ['updated_by'],
  node_types: ['updated_by'],
  relation_types: ['updated_by'],
  attachments: ['blob_key'],
  proposal_attachments: ['blob_key'],
  // Import jobs are this installation's history, not in the archive; the row keeps the job's filename.
  snomed_drift: ['detected_by_job_id'],
  // Who changed a setting last is told by the restored audit trail, as for types and roles.
  server_settings: ['updated_by'],
};

export const BACKUP_TABLES: readonly BackupTable[] = [
  table({
    part: 'roles',
    file: 'roles.ndjson',
    table: 'roles',
    key: 'id',
    shape: { id: uuid, name, description: text, permissions: z.array(text), is_active: z.boolean(), is_system: z.boolean(), created_at: time, updated_at: time, version },
    userColumns: [],
    batch: 1000,
  }),
  table({
    part: 'users',
    file: 'users.ndjson',
    table: 'users',
    key: 'id',
    shape: { id: uuid, username: name, email: name, role_id: optUuid, mobile_no: optText, language: z.enum(USER_LANGUAGES).nullable().optional(), is_active: z.boolean(), last_login: optTime, created_at: time, updated_at: time, version },
    userColumns: [],
    batch: 1000,
  }),
  table({
    // Which account an identity provider's subject signs in as (single sign-on): without it a restored
    // installation would refuse its SSO users as look-alikes of existing accounts until relinked.
    part: 'userIdentities',
    file: 'user_identities.ndjson',
    table: 'user_identities',
    key: 'issuer',
    keySql: (t) => `${t}.issuer || '#' || ${t}.subject`,
    shape: { issuer: text, subject: text, user_id: uuid, created_at: time, last_sign_in: optTime },
    userColumns: [],
    batch: 1000,
    sinceMigration: 35,
  }),
  table({
    part: 'nodeTypes',
    file: 'node_types.ndjson',
    table: 'node_types',
    key: 'id',
    shape: { id: uuid, name, color: z.string().regex(/^#[0-9a-f]{6}$/), created_by: optUuid, created_at: time, updated_at: time, version },
    userColumns: ['created_by'],
    batch: 1000,
  }),
  table({
    part: 'relationTypes',
    file: 'relation_types.ndjson',
    table: 'relation_types',
    key: 'id',
    // symmetric and default_weight: the type's rule (migration 0019), with the two tables below.
    shape: { id: uuid, name, symmetric: z.boolean(), default_weight: z.number().int().min(1).max(100).nullable(), created_by: optUuid, created_at: time, updated_at: time, version },
    userColumns: ['created_by'],
    batch: 1000,
  }),
  ...(['source', 'target'] as const).map((end) =>
    table({
      part: end === 'source' ? 'relationTypeSourceNodeTypes' : 'relationTypeTargetNodeTypes',
      file: `relation_type_${end}_node_types.ndjson`,
      table: `relation_type_${end}_node_types`,
      key: 'relation_type_id',
      keySql: (t) => `${t}.relation_type_id::text || ':' || ${t}.node_type_id::text`,
      shape: { relation_type_id: uuid, node_type_id: uuid },
      userColumns: [],
      batch: 1000,
    }),
  ),
  table({
    // The settings of ARCHIVED_SETTINGS (format 6), after the relation types their values name.
    part: 'serverSettings',
    file: 'server_settings.ndjson',
    table: 'server_settings',
    key: 'key',
    keySql: (t) => `${t}.key`,
    shape: { key: z.enum(archivedSettingKeys), value: text, version, updated_at: time },
    userColumns: [],
    batch: 100,
    sinceFormat: 6,
    only: { column: 'key', values: archivedSettingKeys },
  }),
  table({
    part: 'nodes',
    file: 'nodes.ndjson',
    table: 'nodes',
    key: 'id',
    shape: {
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
      // Place in its upload's file (migration 0018): the node list's order within one import.
      import_seq: z.number().int().min(0),
      version,
    },
    userColumns: ['created_by', 'updated_by'],
    batch: 5000,
  }),
  table({
    part: 'relations',
    file: 'relations.ndjson',
    table: 'relations',
    key: 'id',
    shape: {
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
      version,
    },
    userColumns: ['created_by', 'updated_by'],
    batch: 5000,
  }),
  table({
    // Why each relation is believed (migration 0037), in the curator's order.
    part: 'relationEvidence',
    file: 'relation_evidence.ndjson',
    table: 'relation_evidence',
    key: 'relation_id',
    keySql: (t) => `${t}.relation_id::text || ':' || lpad(${t}.seq::text, 5, '0')`,
    shape: {
      relation_id: uuid,
      seq: z.number().int().min(0).max(32_767),
      source: z.string().min(1).max(EVIDENCE_LIMITS.sourceMax),
      quote: z.string().max(EVIDENCE_LIMITS.quoteMax).nullable(),
      grade: z.enum(EVIDENCE_GRADES).nullable(),
    },
    userColumns: [],
    batch: 5000,
    sinceMigration: 37,
  }),
  table({
    // Review mode (migration 0039): proposals with their state and decision; the names stay beside the ids.
    part: 'proposals',
    file: 'proposals.ndjson',
    table: 'proposals',
    key: 'id',
    shape: {
      id: uuid,
      state: z.enum(PROPOSAL_STATES),
      proposer_id: optUuid,
      proposer_name: name,
      reviewer_id: optUuid,
      reviewer_name: optText,
      reason: optText,
      created_at: time,
      updated_at: time,
      decided_at: optTime,
    },
    userColumns: ['proposer_id', 'reviewer_id'],
    batch: 2000,
    sinceMigration: 39,
  }),
  table({
    // A proposal's changes in their order; target_id names a node or relation that may be gone since.
    part: 'proposalChanges',
    file: 'proposal_changes.ndjson',
    table: 'proposal_changes',
    key: 'proposal_id',
    keySql: (t) => `${t}.proposal_id::text || ':' || lpad(${t}.seq::text, 5, '0')`,
    shape: {
      proposal_id: uuid,
      seq: z.number().int().min(0).max(32_767),
      kind: z.enum(CHANGE_KINDS),
      action: z.enum(CHANGE_ACTIONS),
      target_id: optUuid,
      ref: optText,
      record_type: optText,
      base_version: z.number().int().positive().max(2_147_483_647).nullable(),
      before: z.record(z.string(), z.unknown()).nullable(),
      after: z.record(z.string(), z.unknown()).nullable(),
    },
    userColumns: [],
    batch: 2000,
    sinceMigration: 39,
  }),
  table({
    // Discussions (migration 0038): on one node, relation or (migration 0044) proposal each, so
    // restored after the proposals; author_name keeps a deleted author's name (author_id is then null).
    part: 'comments',
    file: 'comments.ndjson',
    table: 'comments',
    key: 'id',
    shape: {
      id: uuid,
      node_id: optUuid,
      relation_id: optUuid,
      /** Absent in archives written before migration 0044. */
      proposal_id: optUuid.optional(),
      body: text,
      author_id: optUuid,
      author_name: name,
      created_at: time,
      updated_at: time,
      edited: z.boolean(),
    },
    check: (row) =>
      [row.node_id, row.relation_id, row.proposal_id].filter((id) => id !== null && id !== undefined).length === 1 ? null : 'a comment must be on exactly one node, relation or proposal',
    userColumns: ['author_id'],
    batch: 2000,
    sinceMigration: 38,
  }),
  table({
    part: 'attachments',
    file: 'attachments.ndjson',
    table: 'attachments',
    key: 'id',
    // blob_key is this installation's storage key: the contents travel as attachments/<id>.
    shape: { id: uuid, node_id: uuid, filename: name, content_type: text, size: z.number().int().min(0), uploaded_by: optUuid, uploaded_at: time },
    userColumns: ['uploaded_by'],
    batch: 500,
    contents: 'attachments',
  }),
  table({
    // Files kept with a proposal that creates a node until it is decided (migration 0045), checked as attachments.
    part: 'proposalAttachments',
    file: 'proposal_attachments.ndjson',
    table: 'proposal_attachments',
    key: 'id',
    shape: { id: uuid, proposal_id: uuid, filename: name, content_type: text, size: z.number().int().min(0), uploaded_by: optUuid, uploaded_at: time },
    userColumns: ['uploaded_by'],
    batch: 500,
    sinceMigration: 45,
    contents: 'proposal_attachments',
  }),
  table({
    part: 'snomedConcepts',
    file: 'snomed_concepts.ndjson',
    table: 'snomed_concepts',
    key: 'id',
    shape: {
      id: name,
      concept_id: text,
      term: text,
      active: z.boolean(),
      effective_time: optText,
      module_id: optText,
      language_code: text,
      type_id: optText,
      case_significance_id: optText,
    },
    userColumns: [],
    batch: 5000,
  }),
  table({
    part: 'snomedRf2Concepts',
    file: 'snomed_rf2_concepts.ndjson',
    table: 'snomed_rf2_concepts',
    key: 'id',
    shape: { id: name, effective_time: optText, active: z.boolean(), module_id: optText, definition_status_id: optText },
    userColumns: [],
    batch: 5000,
    sinceMigration: 34,
  }),
  table({
    part: 'snomedRelationships',
    file: 'snomed_relationships.ndjson',
    table: 'snomed_relationships',
    key: 'id',
    shape: {
      id: name,
      effective_time: optText,
      active: z.boolean(),
      module_id: optText,
      source_id: text,
      destination_id: text,
      relationship_group: z.number().int().min(0),
      type_id: text,
      characteristic_type_id: optText,
      modifier_id: optText,
    },
    userColumns: [],
    batch: 5000,
    sinceMigration: 34,
  }),
  table({
    part: 'snomedLanguageRefset',
    file: 'snomed_language_refset.ndjson',
    table: 'snomed_language_refset',
    key: 'id',
    shape: { id: name, effective_time: optText, active: z.boolean(), module_id: optText, refset_id: text, referenced_component_id: text, acceptability_id: text },
    userColumns: [],
    batch: 5000,
    sinceMigration: 34,
  }),
  table({
    part: 'snomedAssociations',
    file: 'snomed_associations.ndjson',
    table: 'snomed_associations',
    key: 'id',
    shape: { id: name, effective_time: optText, active: z.boolean(), module_id: optText, refset_id: text, referenced_component_id: text, target_component_id: text },
    userColumns: [],
    batch: 5000,
    sinceMigration: 34,
  }),
  table({
    part: 'snomedDrift',
    file: 'snomed_drift.ndjson',
    table: 'snomed_drift',
    key: 'node_id',
    shape: {
      node_id: uuid,
      code: text,
      kind: z.enum(SNOMED_DRIFT_KINDS),
      previous_term: optText,
      current_term: optText,
      detected_by_filename: optText,
      detected_at: time,
    },
    userColumns: [],
    batch: 5000,
    sinceMigration: 22,
  }),
  table({
    // FHIR terminology resources (CodeSystem, ValueSet, ConceptMap) as stored JSON with their search columns.
    part: 'fhirResources',
    file: 'fhir_resources.ndjson',
    table: 'fhir_resources',
    key: 'id',
    keySql: (t) => `${t}.resource_type || '/' || ${t}.id`,
    shape: {
      resource_type: z.enum(['CodeSystem', 'ValueSet', 'ConceptMap']),
      id: z.string().regex(/^[A-Za-z0-9.-]{1,64}$/),
      version_id: z.number().int().positive().max(2_147_483_647),
      url: optText,
      version: optText,
      name: optText,
      title: optText,
      status: text,
      last_updated: time,
      resource: z.record(z.string(), z.unknown()),
    },
    userColumns: [],
    batch: 200,
    sinceMigration: 36,
  }),
  table({
    // A CodeSystem's concepts as indexed for the operations (kept, not rebuilt: a million concepts restore in bulk).
    part: 'fhirConcepts',
    file: 'fhir_concepts.ndjson',
    table: 'fhir_concepts',
    key: 'code_system_id',
    keySql: (t) => `${t}.code_system_id || '#' || ${t}.code`,
    shape: {
      resource_type: z.literal('CodeSystem'),
      code_system_id: z.string().regex(/^[A-Za-z0-9.-]{1,64}$/),
      code: text,
      seq: z.number().int().min(0),
      display: optText,
      definition: optText,
      parent_codes: z.array(text),
      properties: z.array(z.unknown()),
      designations: z.array(z.unknown()),
    },
    userColumns: [],
    batch: 5000,
    sinceMigration: 36,
  }),
  table({
    // Which node a code system's concept became (the Terminology page's "Add to the graph"); after nodes.
    part: 'terminologyGraphNodes',
    file: 'terminology_graph_nodes.ndjson',
    table: 'terminology_graph_nodes',
    key: 'system',
    keySql: (t) => `${t}.system || '#' || ${t}.code`,
    shape: { system: text, code: text, node_id: uuid, created_at: time },
    userColumns: [],
    batch: 5000,
    sinceMigration: 40,
  }),
  table({
    part: 'auditLog',
    file: 'audit_log.ndjson',
    table: 'audit_log',
    // Restored events' ids are moved past the new installation's own (newKeys), in this order.
    key: 'id',
    shape: {
      ...eventHead,
      action: text,
      entity_type: optText,
      entity_id: optText,
      version: z.number().int().positive().max(2_147_483_647).nullable().optional(),
      changes: z.array(z.unknown()),
      detail: z.unknown().nullable(),
    },
    userColumns: ['actor_id'],
    newKeys: true,
    batch: 2000,
  }),
  table({
    // A bulk import's create events, one row per batch (migration 0029); ids from the same sequence
    // as audit_log's, so both are moved by one offset on restore and keep their order.
    part: 'auditBatches',
    file: 'audit_created_batches.ndjson',
    table: 'audit_created_batches',
    key: 'id',
    shape: {
      ...eventHead,
      entity_type: z.enum(['node', 'relation']),
      job_id: optText,
      entity_ids: z.array(uuid),
      names: z.array(optText),
      type_names: z.array(optText),
      snomed_codes: z.array(optText).nullable(),
      source_ids: z.array(optUuid).nullable(),
      target_ids: z.array(optUuid).nullable(),
      type_ids: z.array(optUuid).nullable(),
      source_names: z.array(optText).nullable(),
      target_names: z.array(optText).nullable(),
      weights: z.array(z.number().int().nullable()).nullable(),
      urls: z.array(optText).nullable(),
      descriptions: z.array(optText).nullable(),
    },
    check: batchRowProblem,
    userColumns: ['actor_id'],
    newKeys: true,
    // Each row holds up to a batch of records (a few hundred kB at most).
    batch: 20,
    sinceMigration: 29,
  }),
];

/** The zip entry of a row's contents (a table with `contents`). */
export const contentEntry = (table: BackupTable, id: string) => `${table.contents}/${id}`;
/** The zip entry of an attachment's contents. */
export const attachmentEntry = (id: string) => `attachments/${id}`;
export const MANIFEST_FILE = 'manifest.json';
