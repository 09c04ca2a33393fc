import { z } from 'zod';
import { CHANGE_ACTIONS, CHANGE_KINDS, PROPOSAL_STATES } from '../../../../contract';
import { table, type BackupTable } from './backup-table';
import { uuid, optUuid, time, optTime, text, optText, name } from './columns';

/** Review mode: proposals, their changes, and the discussions on records and proposals. */
export const REVIEW_TABLES: readonly BackupTable[] = [
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
];
