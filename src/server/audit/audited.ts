import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/db';
import type { AuditActor, AuditEvent, AuditEventInput } from './events';
import { recordEvent } from './record';

/** What an audited transaction hands its body: the transaction and a recorder bound to it. */
export interface AuditedTx {
  tx: Queryable;
  /** Inserts the event in this transaction; it is published to the change feed after commit. */
  record(event: AuditEventInput): Promise<AuditEvent>;
}

/**
 * Runs `fn` in one transaction whose events are written with it and published after it commits
 * (DESIGN §9: one change, one transaction, one event). Use it for every write a user makes.
 */
export async function audited<T>(app: FastifyInstance, actor: AuditActor | null, fn: (a: AuditedTx) => Promise<T>): Promise<T> {
  const events: AuditEvent[] = [];
  const result = await app.db.transaction((tx) =>
    fn({
      tx,
      record: async (event) => {
        const stored = await recordEvent(tx, actor, event);
        events.push(stored);
        return stored;
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
