import { z } from 'zod';
import { EVIDENCE_GRADES, EVIDENCE_LIMITS } from '../../../../contract';
import { table, type BackupTable } from './backup-table';
import { uuid, optUuid, time, text, optText, name, version } from './columns';

/** The graph's types and their rules (what relations may join). */
export const TYPE_TABLES: readonly BackupTable[] = [
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
];

/** The graph's records: nodes and relations of those types, then why relations hold. */
export const KNOWLEDGE_TABLES: readonly BackupTable[] = [
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
];

/** Files on nodes and those kept with proposals (restored after the discussions and proposals they belong to). */
export const ATTACHMENT_TABLES: readonly BackupTable[] = [
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
];
