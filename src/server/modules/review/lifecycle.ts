import type { FastifyInstance } from 'fastify';
import { PROPOSAL_LIMITS, REVIEW_MESSAGES, type Attachment, type ProposalState } from '../../../contract';
import type { AuditDetail } from '../../../contract/texts/admin/audit';
import { actorOf, audited, type AuditedTx } from '../../audit/audited';
import { conflict, forbidden, notFound } from '../../plugins/errors';
import { removeBlobs, type StoredFile } from '../attachments';
import { nodeConflict, type NodeInput } from '../nodes';
import { applyChanges, type ApplyFailure } from './apply';
import { changesOf, getProposal, insertProposal, setState, touchProposal, writeChanges, type ProposalRow, type StoredChange } from './repository';
import { countStagedFiles, insertStagedFile, takeStagedFiles, toAttachment } from './files/staged-files';

/**
 * A proposal's life: draft → submitted → approved | rejected | withdrawn. Every step is one audited
 * transaction with a `proposal` event; the event names the proposer, which is what makes it reach
 * the proposer's and the reviewers' screens live (server/live) and nobody else's.
 */
type User = { id: string; username: string };

const eventDetail = (row: ProposalRow, extra: AuditDetail = {}): AuditDetail => ({ proposer: { id: row.proposer_id, username: row.proposer_name }, ...extra });
const changeFields = (changes: readonly StoredChange[]) => [{ field: 'changes', before: null, after: changes.map((c) => `${c.action} ${c.kind}${c.target_id ? ` ${c.target_id}` : ''}`) }];

export async function createProposal(app: FastifyInstance, user: User, state: 'draft' | 'submitted', changes: readonly StoredChange[]): Promise<ProposalRow> {
  return audited(app, actorOf(user), async ({ tx, record }) => {
    const row = await insertProposal(tx, state, user);
    await writeChanges(tx, row.id, changes);
    await record({ action: 'propose', entityType: 'proposal', entityId: row.id, changes: changeFields(changes), detail: eventDetail(row) });
    return row;
  });
}

/** Locks the proposal for a step: 404 unless it exists, 403 unless `who` fits, 409 unless its state is one of `states`. */
async function lockFor(a: AuditedTx, id: string, states: readonly ProposalState[], who: (row: ProposalRow) => void): Promise<ProposalRow> {
  const row = await getProposal(a.tx, id, true);
  if (!row) throw notFound(REVIEW_MESSAGES.notFound);
  who(row);
  if (!states.includes(row.state)) throw conflict(row.state === 'draft' ? REVIEW_MESSAGES.notSubmitted : REVIEW_MESSAGES.notOpen, 'proposal_closed');
  return row;
}
const proposerOnly = (user: User) => (row: ProposalRow) => {
  if (row.proposer_id !== user.id) throw forbidden(REVIEW_MESSAGES.notProposer, 'not_proposer');
};
const neverTheProposer = (user: User) => (row: ProposalRow) => {
  if (row.proposer_id === user.id) throw forbidden(REVIEW_MESSAGES.ownProposal, 'own_proposal');
};

/** The proposer edits its changes (also to bring an outdated proposal up to date) while it is open. */
export async function editProposal(app: FastifyInstance, user: User, id: string, changes: readonly StoredChange[]): Promise<void> {
  await audited(app, actorOf(user), async (a) => {
    const row = await lockFor(a, id, ['draft', 'submitted'], proposerOnly(user));
    await writeChanges(a.tx, id, changes);
    await touchProposal(a.tx, id);
    await a.record({ action: 'update', entityType: 'proposal', entityId: id, changes: changeFields(changes), detail: eventDetail(row) });
  });
}

export async function submitProposal(app: FastifyInstance, user: User, id: string): Promise<void> {
  await audited(app, actorOf(user), async (a) => {
    const row = await lockFor(a, id, ['draft'], proposerOnly(user));
    await setState(a.tx, id, 'submitted');
    await a.record({ action: 'submit', entityType: 'proposal', entityId: id, changes: [{ field: 'state', before: row.state, after: 'submitted' }], detail: eventDetail(row) });
  });
}

/** Drops the files kept with a proposal that ends without approval; the caller removes their contents once the step commits. */
async function dropStagedFiles(a: AuditedTx, id: string): Promise<string[]> {
  return (await takeStagedFiles(a.tx, id)).map((f) => f.blob_key);
}

/**
 * Keeps a file (its contents stored already) with the proposer's open proposal that creates a node,
 * recorded as the proposal's `attachment_add` (so the queue and My proposals reload live).
 */
export async function stageFile(app: FastifyInstance, user: User, id: string, file: StoredFile): Promise<Attachment> {
  return audited(app, actorOf(user), async (a) => {
    const row = await lockFor(a, id, ['draft', 'submitted'], proposerOnly(user));
    const changes = await changesOf(a.tx, [id]);
    if (!changes.some((c) => c.kind === 'node' && c.action === 'create')) throw conflict(REVIEW_MESSAGES.notNodeCreate, 'not_node_create');
    if ((await countStagedFiles(a.tx, id)) >= PROPOSAL_LIMITS.attachments) throw conflict(REVIEW_MESSAGES.tooManyFiles, 'too_many_files');
    const added = toAttachment(await insertStagedFile(a.tx, id, file, user.id));
    await touchProposal(a.tx, id);
    const summary = { id: added.id, filename: added.filename, size: added.size, contentType: added.contentType };
    await a.record({ action: 'attachment_add', entityType: 'proposal', entityId: id, changes: [{ field: 'attachment', before: null, after: summary }], detail: eventDetail(row) });
    return added;
  });
}

export async function withdrawProposal(app: FastifyInstance, user: User, id: string): Promise<void> {
  const dropped = await audited(app, actorOf(user), async (a) => {
    const row = await lockFor(a, id, ['draft', 'submitted'], proposerOnly(user));
    await setState(a.tx, id, 'withdrawn');
    await a.record({ action: 'withdraw', entityType: 'proposal', entityId: id, changes: [{ field: 'state', before: row.state, after: 'withdrawn' }], detail: eventDetail(row) });
    return dropStagedFiles(a, id);
  });
  await removeBlobs(app, dropped);
}

export async function rejectProposal(app: FastifyInstance, user: User, id: string, reason: string): Promise<void> {
  const dropped = await audited(app, actorOf(user), async (a) => {
    const row = await lockFor(a, id, ['submitted'], neverTheProposer(user));
    await setState(a.tx, id, 'rejected', { reviewer: user, reason });
    await a.record({
      action: 'reject',
      entityType: 'proposal',
      entityId: id,
      changes: [{ field: 'state', before: row.state, after: 'rejected' }],
      detail: eventDetail(row, { reviewer: { id: user.id, username: user.username }, reason }),
    });
    return dropStagedFiles(a, id);
  });
  await removeBlobs(app, dropped);
}

/**
 * Approves a submitted proposal (never one's own) and applies its changes in the same transaction;
 * `edited` (approve with edits, prepared before the transaction: the embedded database has one
 * connection, so nothing may read outside it meanwhile) replaces its changes first. A node's unique clash is worded as
 * POST /nodes words it.
 */
export async function approveProposal(
  app: FastifyInstance,
  user: User,
  id: string,
  viewer: readonly string[],
  edited: StoredChange[] | null,
): Promise<void> {
  const orphaned = await audited(app, actorOf(user), async (a) => {
    const row = await lockFor(a, id, ['submitted'], neverTheProposer(user));
    const changes = edited ?? (await changesOf(a.tx, [id]));
    if (edited) await writeChanges(a.tx, id, changes);
    const unplaced = await applyChanges(a, row, changes, user, viewer);
    await setState(a.tx, id, 'approved', { reviewer: user, reason: null });
    await a.record({
      action: 'approve',
      entityType: 'proposal',
      entityId: id,
      changes: [{ field: 'state', before: row.state, after: 'approved' }],
      detail: eventDetail(row, { reviewer: { id: user.id, username: user.username } }),
    });
    return unplaced;
  }).catch(async (err: unknown) => {
    const failure = (err as { failure?: ApplyFailure }).failure;
    if (!failure) throw err;
    if (failure.change.kind === 'node' && failure.change.after) await nodeConflict(app.db, failure.error, failure.change.after as unknown as NodeInput);
    throw failure.error;
  });
  await removeBlobs(app, orphaned);
}
