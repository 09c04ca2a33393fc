import type { FastifyInstance } from 'fastify';
import { REVIEW_MESSAGES, ReviewSettingsSchema, type ReviewSettings } from '../../../contract';
import { actorOf, audited } from '../../audit/audited';
import type { Queryable } from '../../db/db';
import { badRequest } from '../../plugins/errors';

/**
 * Review mode's settings, one row of server_settings (every instance reads the same): off, on for
 * everything (both lists empty), or on for the listed node types and relation types only.
 */
const SETTING = 'review.settings';
const OFF: ReviewSettings = { enabled: false, nodeTypes: [], relationTypes: [] };

export async function getReviewSettings(db: Queryable): Promise<ReviewSettings> {
  const [row] = await db.query<{ value: string }>('SELECT value FROM server_settings WHERE key = $1', [SETTING]);
  if (!row) return OFF;
  const parsed = ReviewSettingsSchema.safeParse(JSON.parse(row.value));
  return parsed.success ? parsed.data : OFF;
}

/** Stores the settings with the types as they are named (400 for a type that does not exist), audited. */
export async function putReviewSettings(app: FastifyInstance, user: { id: string; username: string }, wanted: ReviewSettings): Promise<ReviewSettings> {
  return audited(app, actorOf(user), async ({ tx, record }) => {
    const named = async (table: 'node_types' | 'relation_types', names: string[]) => {
      const rows = await tx.query<{ name: string; wanted: string }>(
        `SELECT t.name, w.name AS wanted FROM unnest($1::text[]) AS w(name) JOIN ${table} t ON lower(t.name) = lower(w.name)`,
        [names],
      );
      const missing = names.find((n) => !rows.some((r) => r.wanted === n));
      if (missing !== undefined) throw badRequest(`${REVIEW_MESSAGES.unknownType}: ${missing}`, 'unknown_type');
      return [...new Set(rows.map((r) => r.name))];
    };
    const settings: ReviewSettings = {
      enabled: wanted.enabled,
      nodeTypes: await named('node_types', wanted.nodeTypes),
      relationTypes: await named('relation_types', wanted.relationTypes),
    };
    const before = await getReviewSettings(tx);
    await tx.query('INSERT INTO server_settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value', [SETTING, JSON.stringify(settings)]);
    if (JSON.stringify(before) !== JSON.stringify(settings)) {
      await record({ action: 'update', entityType: 'proposal', entityId: null, changes: [{ field: 'reviewSettings', before, after: settings }] });
    }
    return settings;
  });
}

/** Whether a change of a record of these types (a node's type before and after, say) is under review. */
export function underReview(settings: ReviewSettings, kind: 'node' | 'relation', typeNames: readonly (string | null | undefined)[]): boolean {
  if (!settings.enabled) return false;
  if (settings.nodeTypes.length === 0 && settings.relationTypes.length === 0) return true;
  const listed = (kind === 'node' ? settings.nodeTypes : settings.relationTypes).map((t) => t.toLowerCase());
  return typeNames.some((t) => !!t && listed.includes(t.toLowerCase()));
}
