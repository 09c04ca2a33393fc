import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { RESTORE_MESSAGES, type RestorePreview } from '../../../contract';
import { audited, type AuditedTx } from '../../audit/audited';
import type { AuditActor, AuditEvent, AuditEventInput } from '../../audit/events';
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
}

/** A digest of everything a restore would change and leave out: equal digests, equal effects. */
export function basisOf(outcome: Pick<RestoreOutcome, 'main' | 'skipped'>): string {
  return createHash('sha256')
    .update(JSON.stringify([outcome.main.changes ?? [], outcome.skipped]))
    .digest('base64url')
    .slice(0, 22);
}

const previewOf = (outcome: RestoreOutcome): RestorePreview => ({
  changes: outcome.main.changes ?? [],
  skipped: outcome.skipped,
  attachmentsAddedSince: outcome.attachmentsAddedSince,
  basis: basisOf(outcome),
});

/** Thrown to roll the preview's transaction back, carrying what it found. */
class PreviewDone extends Error {
  constructor(readonly outcome: RestoreOutcome) {
    super('restore preview');
  }
}

export async function runRestore(app: FastifyInstance, actor: AuditActor, options: RestoreRunOptions, body: (a: AuditedTx) => Promise<RestoreOutcome>): Promise<RestorePreview> {
  if (options.dryRun) {
    try {
      await app.db.transaction((tx) => {
        // Nothing is written to the trail: the events only say what the restore would record.
        const record = async (event: AuditEventInput): Promise<AuditEvent> => ({ id: '0', at: new Date().toISOString(), actor, changes: [], detail: null, ...event });
        return body({ tx, record }).then((outcome) => {
          throw new PreviewDone(outcome);
        });
      });
    } catch (err) {
      if (err instanceof PreviewDone) return previewOf(err.outcome);
      throw err;
    }
    throw new Error('unreachable: a preview always rolls back');
  }
  return audited(app, actor, async (a) => {
    const outcome = await body(a);
    if (options.basis !== undefined && options.basis !== basisOf(outcome)) throw conflict(RESTORE_MESSAGES.outdated, 'restore_outdated');
    return previewOf(outcome);
  });
}
