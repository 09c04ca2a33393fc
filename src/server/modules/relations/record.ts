import { RELATION_MESSAGES } from '../../../contract';
import type { VersionedRecord } from '../../db/versions';
import { getRelation, toRelation } from './repository';

/** A relation as a versioned record (db/versions.ts), its 412 showing it as `viewer` may read it. */
export const relationRecord = (viewer: readonly string[]): VersionedRecord => ({
  table: 'relations',
  notFound: RELATION_MESSAGES.notFound,
  current: async (db, id) => {
    const row = await getRelation(db, id);
    return row ? toRelation(row, viewer) : null;
  },
});
