import { z } from 'zod';
import { table, type BackupTable } from './backup-table';
import { uuid, time, text, optText } from './columns';

/** FHIR terminology resources, their concepts, and which node a concept became. */
export const FHIR_TABLES: readonly BackupTable[] = [
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
];
