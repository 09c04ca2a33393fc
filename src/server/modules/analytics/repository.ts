import type { AnalyticsActivity, AnalyticsInterval, AnalyticsTotals } from '../../../contract';
import type { Queryable } from '../../db/db';

/** Curation: changes to the graph's content, not sign-ins, user or role administration. */
const CURATION_ENTITIES = ['node', 'relation', 'attachment', 'node_type', 'relation_type', 'snomed_concept', 'import'];

/**
 * How many records of `table` existed at `stop`: those alive now created before it, plus those
 * deleted after it that were created before it (the audit trail's delete events; a node's keeps
 * its createdAt, a relation's does not and counts as older than any period shown). A deleted
 * record that was restored since is alive again and counted once. Deletes purged from the audit
 * trail by its retention are no longer known: older periods may then count too few.
 */
const aliveAt = (table: 'nodes' | 'relations', entity: 'node' | 'relation') => `
  (SELECT count(*) FROM ${table} WHERE created_at < p.stop)
  + (SELECT count(*) FROM audit_log a
      WHERE a.entity_type = '${entity}' AND a.action = 'delete' AND a.at >= p.stop
        AND COALESCE((a.detail->'state'->>'createdAt')::timestamptz, '-infinity') < p.stop
        AND NOT EXISTS (SELECT 1 FROM ${table} x WHERE x.id::text = a.entity_id))`;

/** Totals now, over the last `periods` weeks or months (UTC), and per type. */
export async function analyticsTotals(db: Queryable, interval: AnalyticsInterval, periods: number): Promise<AnalyticsTotals> {
  const series = await db.query<{ period: string; nodes: number; relations: number }>(
    `WITH bounds AS (
       SELECT date_trunc($1, now() AT TIME ZONE 'UTC') AS last, ('1 ' || $1)::interval AS step),
     p AS (
       SELECT s AS start, (s + b.step) AT TIME ZONE 'UTC' AS stop
         FROM bounds b, generate_series(b.last - ($2::int - 1) * b.step, b.last, b.step) s)
     SELECT to_char(p.start, 'YYYY-MM-DD') AS period,
            (${aliveAt('nodes', 'node')})::int AS nodes,
            (${aliveAt('relations', 'relation')})::int AS relations
       FROM p ORDER BY p.start`,
    [interval, periods],
  );
  // relation_evidence's primary key starts with relation_id: a row with seq 0 is one relation with evidence.
  const [current] = await db.query<{ nodes: number; relations: number; relationsWithEvidence: number }>(
    `SELECT (SELECT count(*) FROM nodes)::int AS nodes, (SELECT count(*) FROM relations)::int AS relations,
            (SELECT count(DISTINCT relation_id) FROM relation_evidence)::int AS "relationsWithEvidence"`,
  );
  const nodes = await db.query<{ type: string; count: number }>(
    `SELECT nt.name AS type, count(n.id)::int AS count FROM node_types nt LEFT JOIN nodes n ON n.node_type_id = nt.id
      GROUP BY nt.name ORDER BY count DESC, nt.name`,
  );
  const relations = await db.query<{ type: string; count: number }>(
    `SELECT rt.name AS type, count(r.id)::int AS count FROM relation_types rt LEFT JOIN relations r ON r.relation_type_id = rt.id
      GROUP BY rt.name ORDER BY count DESC, rt.name`,
  );
  return { interval, current: current, series, byType: { nodes, relations } };
}

/** Curation changes per user and ISO week (Monday, UTC) over the last `weeks` weeks, from the audit trail. */
export async function analyticsActivity(db: Queryable, weeks: number): Promise<AnalyticsActivity> {
  const weekRows = await db.query<{ week: string }>(
    `SELECT to_char(s, 'YYYY-MM-DD') AS week
       FROM generate_series(date_trunc('week', now() AT TIME ZONE 'UTC') - ($1::int - 1) * interval '1 week',
                            date_trunc('week', now() AT TIME ZONE 'UTC'), interval '1 week') s ORDER BY s`,
    [weeks],
  );
  const data = await db.query<{ week: string; userId: string | null; username: string; changes: number }>(
    `SELECT to_char(date_trunc('week', a.at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS week,
            a.actor_id::text AS "userId",
            COALESCE(u.username, a.actor_name, '') AS username,
            sum(a.events)::int AS changes
       -- One row per event, or per bulk-import batch with its number of events (migration 0029).
       FROM audit_event_keys a LEFT JOIN users u ON u.id = a.actor_id
      WHERE a.at >= (date_trunc('week', now() AT TIME ZONE 'UTC') - ($1::int - 1) * interval '1 week') AT TIME ZONE 'UTC'
        AND a.entity_type = ANY($2::text[]) AND (a.actor_id IS NOT NULL OR a.actor_name IS NOT NULL)
      GROUP BY 1, 2, 3 ORDER BY 1, 4 DESC, 3`,
    [weeks, CURATION_ENTITIES],
  );
  return { weeks: weekRows.map((w) => w.week), data };
}
