import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { RESTORE_MESSAGES, type RestorePreview } from '../../../contract';
import { audited, type AuditedTx } from '../../audit/audited';
import type { AuditActor, AuditEvent, AuditEventInput } from '../../audit/events';
import type { Queryable } from '../../db/db';
import { claimVersion, type VersionedRecord } from '../../db/versions';
import { conflict } from '../../plugins/errors';

/**
 * One code path for a restore and its preview: the preview runs the very same restore in a
 * transaction that is rolled back, so what the confirmation lists is what the restore does — every
 * field, attachment and relation, and every refusal (a name now in use is the same 409). The
 * restore itself commits; when the caller sends the `basis` its preview answered, a restore whose
 * effect would now differ from that preview is refused (409 `restore_outdated`) and writes nothing.
 */

/** What a restore body reports besides the events it records: the effects it left out, and why. */
export interface RestoreOutcome {
  /** The record's own `restore` event (its changes are what the preview lists). */
  main: AuditEventInput;
  skipped: RestorePreview['skipped'];
  attachmentsAddedSince: RestorePreview['attachmentsAddedSince'];
}

export interface RestoreRunOptions {
  dryRun: boolean;
  /** The preview's `basis`: the restore goes ahead only if it would still do exactly that. */
  basis?: string;
  /**
   * The record restored (docs/architecture/versions.md): the preview answers the version it starts
   * from, and the restore claims it — 412 when `expected` (its If-Match) is no longer the version —
   * so a restore moves the version on like any write. A deleted record comes back with a new one.
   */
  versioned?: { spec: VersionedRecord; id: string; expected: number | undefined };
}

async function storedVersion(db: Queryable, spec: VersionedRecord, id: string): Promise<number | null> {
  const [row] = await db.query<{ version: number }>(`SELECT version FROM ${spec.table} WHERE id = $1`, [id]);
  return row?.version ?? null;
}

/** A digest of everything a restore would change and leave out: equal digests, equal effects. */
export function basisOf(outcome: Pick<RestoreOutcome, 'main' | 'skipped'>): string {
  return createHash('sha256')
    .update(JSON.stringify([outcome.main.changes ?? [], outcome.skipped]))
    .digest('base64url')
    .slice(0, 22);
}

const previewOf = (outcome: RestoreOutcome, version: number | null): RestorePreview => ({
  changes: outcome.main.changes ?? [],
  skipped: outcome.skipped,
  attachmentsAddedSince: outcome.attachmentsAddedSince,
  basis: basisOf(outcome),
  version,
});

/** Thrown to roll the preview's transaction back, carrying what it found. */
class PreviewDone extends Error {
  constructor(
    readonly outcome: RestoreOutcome,
    readonly version: number | null,
  ) {
    super('restore preview');
  }
}

export async function runRestore(app: FastifyInstance, actor: AuditActor, options: RestoreRunOptions, body: (a: AuditedTx) => Promise<RestoreOutcome>): Promise<RestorePreview> {
  const versioned = options.versioned;
  if (options.dryRun) {
    try {
      await app.db.transaction(async (tx) => {
        const version = versioned ? await storedVersion(tx, versioned.spec, versioned.id) : null;
        // Nothing is written to the trail: the events only say what the restore would record.
        const record = async (event: AuditEventInput): Promise<AuditEvent> => ({ id: '0', at: new Date().toISOString(), actor, changes: [], detail: null, ...event });
        const claim = (spec: VersionedRecord, id: string, expected: number | undefined) => claimVersion(tx, spec, id, expected, actor.id);
        return body({ tx, record, claim }).then((outcome) => {
          throw new PreviewDone(outcome, version);
        });
      });
    } catch (err) {
      if (err instanceof PreviewDone) return previewOf(err.outcome, err.version);
      throw err;
    }
    throw new Error('unreachable: a preview always rolls back');
  }
  return audited(app, actor, async (a) => {
    // An existing record is claimed before anything is written; one brought back from its delete after.
    const existed = versioned ? (await storedVersion(a.tx, versioned.spec, versioned.id)) !== null : false;
    const before = versioned && existed ? (await a.claim(versioned.spec, versioned.id, versioned.expected)) - 1 : null;
    const outcome = await body(a);
    if (options.basis !== undefined && options.basis !== basisOf(outcome)) throw conflict(RESTORE_MESSAGES.outdated, 'restore_outdated');
    if (versioned && !existed) await a.claim(versioned.spec, versioned.id, undefined);
    return previewOf(outcome, before);
  });
}
