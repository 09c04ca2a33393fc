import type { ProposalState } from '../../../contract';
import type { Queryable } from '../../db/db';

/** A proposal as stored, and its changes (proposal_changes, in their order). */
export interface ProposalRow {
  id: string;
  state: ProposalState;
  proposer_id: string | null;
  proposer_name: string;
  reviewer_id: string | null;
  reviewer_name: string | null;
  reason: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  decided_at: Date | string | null;
}

export interface StoredChange {
  kind: 'node' | 'relation';
  action: 'create' | 'update' | 'delete';
  target_id: string | null;
  ref: string | null;
  record_type: string | null;
  base_version: number | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}
export interface ChangeRow extends StoredChange {
  proposal_id: string;
  seq: number;
}

const COLUMNS = 'id, state, proposer_id, proposer_name, reviewer_id, reviewer_name, reason, created_at, updated_at, decided_at';

export async function insertProposal(tx: Queryable, state: ProposalState, proposer: { id: string; username: string }): Promise<ProposalRow> {
  const [row] = await tx.query<ProposalRow>(`INSERT INTO proposals (state, proposer_id, proposer_name) VALUES ($1, $2, $3) RETURNING ${COLUMNS}`, [
    state,
    proposer.id,
    proposer.username,
  ]);
  return row;
}

/** Replaces a proposal's changes with these, in this order. */
export async function writeChanges(tx: Queryable, proposalId: string, changes: readonly StoredChange[]): Promise<void> {
  await tx.query('DELETE FROM proposal_changes WHERE proposal_id = $1', [proposalId]);
  let seq = 0;
  for (const c of changes) {
    await tx.query(
      `INSERT INTO proposal_changes (proposal_id, seq, kind, action, target_id, ref, record_type, base_version, before, after)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10::jsonb)`,
      [proposalId, seq++, c.kind, c.action, c.target_id, c.ref, c.record_type, c.base_version, c.before && JSON.stringify(c.before), c.after && JSON.stringify(c.after)],
    );
  }
}

export async function getProposal(db: Queryable, id: string, lock = false): Promise<ProposalRow | null> {
  const [row] = await db.query<ProposalRow>(`SELECT ${COLUMNS} FROM proposals WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
  return row ?? null;
}

export async function changesOf(db: Queryable, ids: readonly string[]): Promise<ChangeRow[]> {
  if (ids.length === 0) return [];
  return db.query<ChangeRow>(
    `SELECT proposal_id, seq, kind, action, target_id, ref, record_type, base_version, before, after
       FROM proposal_changes WHERE proposal_id = ANY($1::uuid[]) ORDER BY proposal_id, seq`,
    [ids],
  );
}

export async function setState(
  tx: Queryable,
  id: string,
  state: ProposalState,
  decision?: { reviewer: { id: string; username: string }; reason: string | null },
): Promise<ProposalRow> {
  const [row] = await tx.query<ProposalRow>(
    `UPDATE proposals SET state = $2, updated_at = now(),
            reviewer_id = coalesce($3, reviewer_id), reviewer_name = coalesce($4, reviewer_name), reason = coalesce($5, reason),
            decided_at = CASE WHEN $2 IN ('approved', 'rejected', 'withdrawn') THEN now() ELSE decided_at END
      WHERE id = $1 RETURNING ${COLUMNS}`,
    [id, state, decision?.reviewer.id ?? null, decision?.reviewer.username ?? null, decision?.reason ?? null],
  );
  return row;
}

export async function touchProposal(tx: Queryable, id: string): Promise<void> {
  await tx.query('UPDATE proposals SET updated_at = now() WHERE id = $1', [id]);
}

export interface ProposalFilter {
  state?: ProposalState;
  proposer?: string;
  type?: string;
  recordId?: string;
  /** Made more than this many days ago. */
  olderThanDays?: number;
  limit: number;
  skip: number;
}

/** Newest first; `type` matches the node or relation type of any of a proposal's changes. */
export async function listProposals(db: Queryable, f: ProposalFilter): Promise<{ rows: ProposalRow[]; total: number }> {
  const clauses: string[] = [];
  const params: unknown[] = [];
  if (f.state) {
    params.push(f.state);
    clauses.push(`p.state = $${params.length}`);
  }
  if (f.proposer) {
    params.push(f.proposer);
    clauses.push(`p.proposer_id = $${params.length}`);
  }
  if (f.type) {
    params.push(f.type);
    clauses.push(`EXISTS (SELECT 1 FROM proposal_changes c WHERE c.proposal_id = p.id AND lower(c.record_type) = lower($${params.length}))`);
  }
  if (f.recordId) {
    params.push(f.recordId);
    clauses.push(`EXISTS (SELECT 1 FROM proposal_changes c WHERE c.proposal_id = p.id AND c.target_id = $${params.length})`);
  }
  if (f.olderThanDays) {
    params.push(f.olderThanDays);
    clauses.push(`p.created_at < now() - make_interval(days => $${params.length}::int)`);
  }
  const where = clauses.length ? `WHERE ${clauses.join(' AND ')}` : '';
  const [rows, [{ n }]] = await Promise.all([
    db.query<ProposalRow>(`SELECT ${COLUMNS} FROM proposals p ${where} ORDER BY p.created_at DESC, p.id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`, [
      ...params,
      f.limit,
      f.skip,
    ]),
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM proposals p ${where}`, params),
  ]);
  return { rows, total: n };
}

/**
 * Everyone with proposals in `state` (any state without), by name, at most `max` (`truncated`: more
 * exist). Their name is the one of their newest such proposal; proposals of deleted users (no
 * proposer id) cannot be filtered by, so they are left out.
 */
export async function listProposers(db: Queryable, state: ProposalState | undefined, max: number): Promise<{ data: { id: string; name: string }[]; truncated: boolean }> {
  const rows = await db.query<{ id: string; name: string }>(
    `SELECT id, name FROM (
       SELECT DISTINCT ON (proposer_id) proposer_id AS id, proposer_name AS name
         FROM proposals WHERE proposer_id IS NOT NULL AND ($1::text IS NULL OR state = $1)
        ORDER BY proposer_id, created_at DESC
     ) p ORDER BY lower(name), id LIMIT $2`,
    [state ?? null, max + 1],
  );
  return { data: rows.slice(0, max), truncated: rows.length > max };
}

/** The badge: proposals waiting for a reviewer (others' only: nobody reviews their own), and one's own open ones. */
export async function countProposals(db: Queryable, userId: string, reviewer: boolean): Promise<{ submitted: number; mine: number }> {
  const [row] = await db.query<{ submitted: number; mine: number }>(
    `SELECT (CASE WHEN $2 THEN (SELECT count(*) FROM proposals WHERE state = 'submitted' AND proposer_id IS DISTINCT FROM $1) ELSE 0 END)::int AS submitted,
            (SELECT count(*) FROM proposals WHERE proposer_id = $1 AND state IN ('draft', 'submitted'))::int AS mine`,
    [userId, reviewer],
  );
  return row;
}

/** The version of each record now (absent: deleted, or never existed). */
export async function currentVersions(db: Queryable, changes: readonly StoredChange[]): Promise<Map<string, number>> {
  const ids = (kind: 'node' | 'relation') => [...new Set(changes.filter((c) => c.kind === kind && c.target_id).map((c) => c.target_id!))];
  const out = new Map<string, number>();
  for (const [kind, table] of [['node', 'nodes'], ['relation', 'relations']] as const) {
    const list = ids(kind);
    if (list.length === 0) continue;
    for (const r of await db.query<{ id: string; version: number }>(`SELECT id, version FROM ${table} WHERE id = ANY($1::uuid[])`, [list])) out.set(r.id, r.version);
  }
  return out;
}
