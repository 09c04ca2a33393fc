import { z } from 'zod';
import { table, type BackupTable } from './backup-table';
import { uuid, optUuid, time, text, optText } from './columns';

/** What both audit tables' rows start with: the event id (moved on restore), when and who. */
/** Ids of at most 15 digits: moved by the installation's offset, they stay far inside a bigint. */
const eventHead = { id: z.union([z.number().int().nonnegative().max(999_999_999_999_999), z.string().regex(/^\d{1,15}$/)]), at: time, actor_id: optUuid, actor_name: optText };

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

/** The audit trail: single events, then bulk imports' batches, from one id sequence. */
export const AUDIT_TABLES: readonly BackupTable[] = [
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
