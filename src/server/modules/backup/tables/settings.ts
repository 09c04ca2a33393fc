import { z } from 'zod';
import type { BackupPart } from '../../../../contract';
import { HIERARCHY_SETTING } from '../../fhir';
import { table, type BackupTable } from './backup-table';
import { text, time, version } from './columns';

/**
 * The server settings an archive carries, each with the part its value names: settings that
 * describe the data (which relation type is the graph's FHIR hierarchy), not this installation
 * (its token secret) or its operation.
 */
export const ARCHIVED_SETTINGS: Readonly<Record<string, BackupPart>> = { [HIERARCHY_SETTING]: 'relationTypes' };
const archivedSettingKeys = Object.keys(ARCHIVED_SETTINGS) as [string, ...string[]];

export const SETTINGS_TABLES: readonly BackupTable[] = [
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
];
