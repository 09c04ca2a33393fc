import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SOCKET_EVENTS, type ChangeMessage, type ChangesPayload } from '../../contract';
import { messagesFor, toChangeMessages } from './change-messages';
import { currentSessions } from './socket-sessions';

/** The server-to-server event that carries one transaction's messages to the other instances. */
const CLUSTER_EVENT = 'kg:changes';

/**
 * Live changes: every committed audit event of a node, relation or type becomes a compact
 * message (change-messages.ts) that reaches each socket, on this instance and — through the
 * PostgreSQL adapter's server-side emit — on every other, whose sign-in may read it now. Each
 * instance filters its own sockets: permissions are checked where the socket is, with that user's
 * current role and whether its sign-in is still live (socket-sessions.ts), and a relation's note is
 * named only to those who may see it.
 */
export const livePlugin = fp(async (app: FastifyInstance) => {
  // Each delivery reads the state of every sign-in with a socket here (one query): a revoked
  // sign-in, an inactive account or a lost permission receives nothing from the next change on.
  const deliver = async (messages: ChangeMessage[]) => {
    const now = Date.now();
    for (const { session, state, sockets } of await currentSessions(app.db, app.io.of('/').sockets.values())) {
      // An expired token receives nothing (its timer disconnects it).
      if (!state.live || now >= session.expiresAt) continue;
      const visible = messagesFor(messages, state.permissions, session.userId);
      if (visible.length === 0) continue;
      const payload: ChangesPayload = { changes: visible };
      for (const socket of sockets) socket.emit(SOCKET_EVENTS.changes, payload);
    }
  };
  // One delivery at a time, in the order the changes came: each first reads the sessions, and on
  // PostgreSQL two such reads run on two pool connections and may finish in either order — a
  // client then got a later change before an earlier one (seen as a flaky live-changes test).
  let delivering: Promise<void> = Promise.resolve();
  const deliverSafely = (messages: ChangeMessage[]) => {
    delivering = delivering.then(() => deliver(messages)).catch((err: unknown) => app.log.warn({ err }, 'live changes: delivery failed'));
  };

  const stop = app.changes.subscribe((events) => {
    const messages = toChangeMessages(events);
    if (messages.length === 0) return;
    deliverSafely(messages);
    if (app.socketCluster) app.io.serverSideEmit(CLUSTER_EVENT, messages);
  });
  if (app.socketCluster) {
    app.io.of('/').on(CLUSTER_EVENT, (messages: unknown) => {
      if (Array.isArray(messages)) deliverSafely(messages as ChangeMessage[]);
    });
  }
  app.addHook('onClose', async () => stop());
});
