import { relationFieldsFor, type Attachment, type Proposal, type ProposalChange } from '../../../contract';
import type { Queryable } from '../../db/db';
import { iso, isoOrNull } from '../../db/rows';
import { changesOf, currentVersions, type ChangeRow, type ProposalRow, type StoredChange } from './repository';
import { stagedFilesOf } from './files/staged-files';

/**
 * Proposals as one reader receives them: a relation's internal note is left out of its before and
 * after (contract/relation-notes.ts, as everywhere else) unless the reader may see notes; each
 * change says whether its record changed since the proposal was made.
 */
function toChange(c: StoredChange, versions: Map<string, number>, viewer: readonly string[]): ProposalChange {
  const redact = (v: Record<string, unknown> | null) => (v && c.kind === 'relation' ? relationFieldsFor(v, viewer) : v);
  const current = c.target_id ? (versions.get(c.target_id) ?? null) : null;
  return {
    kind: c.kind,
    action: c.action,
    targetId: c.target_id,
    ref: c.ref,
    recordType: c.record_type,
    baseVersion: c.base_version,
    before: redact(c.before),
    after: redact(c.after),
    outdated: c.action !== 'create' && current !== c.base_version,
    currentVersion: current,
  };
}

export function toProposal(row: ProposalRow, changes: readonly StoredChange[], versions: Map<string, number>, viewer: readonly string[], attachments: Attachment[] = []): Proposal {
  const list = changes.map((c) => toChange(c, versions, viewer));
  // A decided proposal is history: nothing about it is outdated any more.
  const open = row.state === 'draft' || row.state === 'submitted';
  if (!open) for (const c of list) c.outdated = false;
  return {
    id: row.id,
    state: row.state,
    proposer: { id: row.proposer_id, name: row.proposer_name },
    reviewer: row.reviewer_name ? { id: row.reviewer_id, name: row.reviewer_name } : null,
    reason: row.reason,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    decidedAt: isoOrNull(row.decided_at),
    outdated: list.some((c) => c.outdated),
    changes: list,
    attachments,
  };
}

/** Proposals with their changes, the versions of their records and their kept files, read in four queries. */
export async function proposalsFor(db: Queryable, rows: readonly ProposalRow[], viewer: readonly string[]): Promise<Proposal[]> {
  const changes = await changesOf(db, rows.map((r) => r.id));
  const files = await stagedFilesOf(db, rows.map((r) => r.id));
  const versions = await currentVersions(db, changes);
  const byProposal = new Map<string, ChangeRow[]>();
  for (const c of changes) byProposal.set(c.proposal_id, [...(byProposal.get(c.proposal_id) ?? []), c]);
  return rows.map((r) => toProposal(r, byProposal.get(r.id) ?? [], versions, viewer, files.get(r.id) ?? []));
}
