import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Socket } from 'socket.io';
import { SOCKET_EVENTS, type ChangeMessage, type ChangesPayload } from '../../contract';
import { messagesFor, toChangeMessages } from './change-messages';
import { ReaderPermissions } from './reader-permissions';
import { sessionOf, type SocketSession } from './socket-sessions';

/** The server-to-server event that carries one transaction's messages to the other instances. */
const CLUSTER_EVENT = 'kg:changes';

/**
 * Live changes (issue 15): every committed audit event of a node, relation or type becomes a compact
 * message (change-messages.ts) that reaches each socket, on this instance and — through the
 * PostgreSQL adapter's server-side emit — on every other, whose sign-in may read it now. Each instance
 * filters its own sockets: permissions are checked where the socket is, with that user's current
 * role and whether its sign-in is still live (reader-permissions.ts), and a relation's note is named only to those who may see it.
 */
export const livePlugin = fp(async (app: FastifyInstance) => {
  const readers = new ReaderPermissions(app.db);

  const deliver = async (messages: ChangeMessage[]) => {
    const now = Date.now();
    const bySession = new Map<string, { session: SocketSession; sockets: Socket[] }>();
    for (const socket of app.io.of('/').sockets.values()) {
      const session = sessionOf(socket);
      // An expired token receives nothing (its timer disconnects it).
      if (!session || now >= session.expiresAt) continue;
      const key = `${session.userId} ${session.sessionId}`;
      const entry = bySession.get(key);
      if (entry) entry.sockets.push(socket);
      else bySession.set(key, { session, sockets: [socket] });
    }
    await Promise.all(
      [...bySession.values()].map(async ({ session, sockets }) => {
        const visible = messagesFor(messages, await readers.of(session.userId, session.sessionId));
        if (visible.length === 0) return;
        const payload: ChangesPayload = { changes: visible };
        for (const socket of sockets) socket.emit(SOCKET_EVENTS.changes, payload);
      }),
    );
  };
  const deliverSafely = (messages: ChangeMessage[]) =>
    void deliver(messages).catch((err: unknown) => app.log.warn({ err }, 'live changes: delivery failed'));

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
