import { z } from 'zod';
import { USER_LANGUAGES } from '../../../../contract/languages';
import { table, type BackupTable } from './backup-table';
import { uuid, optUuid, time, optTime, text, optText, name, version } from './columns';

/** Who may sign in and what they may do: roles first, as users name them. */
export const ACCESS_TABLES: readonly BackupTable[] = [
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
];
