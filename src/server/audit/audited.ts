import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/db';
import { claimVersion, type VersionedRecord } from '../db/versions';
import type { AuditActor, AuditEvent, AuditEventInput } from './events';
import { recordEvent } from './record';

/** What an audited transaction hands its body: the transaction and a recorder bound to it. */
export interface AuditedTx {
  tx: Queryable;
  /** Inserts the event in this transaction; it is published to the change feed after commit. */
  record(event: AuditEventInput): Promise<AuditEvent>;
  /**
   * Claims a record for this write (db/versions.ts): 404/412 unless `expected` is still its version,
   * then moves the version on. Events recorded afterwards for the record carry the version produced.
   * Call it before writing anything else.
   */
  claim(spec: VersionedRecord, id: string, expected: number | undefined): Promise<number>;
}

/**
 * Runs `fn` in one transaction whose events are written with it and published after it commits
 * (DESIGN §9: one change, one transaction, one event). Use it for every write a user makes.
 */
export async function audited<T>(app: FastifyInstance, actor: AuditActor | null, fn: (a: AuditedTx) => Promise<T>): Promise<T> {
  const events: AuditEvent[] = [];
  const versions = new Map<string, number>();
  const result = await app.db.transaction((tx) =>
    fn({
      tx,
      record: async (event) => {
        const version = event.version ?? (event.entityId ? versions.get(event.entityId) : undefined);
        const stored = await recordEvent(tx, actor, version ? { ...event, version } : event);
        events.push(stored);
        return stored;
      },
      claim: async (spec, id, expected) => {
        const version = await claimVersion(tx, spec, id, expected, actor?.id ?? null);
        versions.set(id, version);
        return version;
      },
    }),
  );
  app.changes.publish(events);
  return result;
}

/** The actor of a signed-in request, as events keep it. */
export function actorOf(user: { id: string; username: string }): AuditActor {
  return { id: user.id, username: user.username };
}
