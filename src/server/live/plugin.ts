import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Socket } from 'socket.io';
import { SOCKET_EVENTS, type ChangeMessage, type ChangesPayload } from '../../contract';
import { messagesFor, toChangeMessages } from './change-messages';
import { ReaderPermissions } from './reader-permissions';

/** The server-to-server event that carries one transaction's messages to the other instances. */
const CLUSTER_EVENT = 'kg:changes';

/**
 * Live changes (issue 15): every committed audit event of a node, relation or type becomes a compact
 * message (change-messages.ts) that reaches each socket, on this instance and — through the
 * PostgreSQL adapter's server-side emit — on every other, whose user may read it now. Each instance
 * filters its own sockets: permissions are checked where the socket is, with that user's current
 * role (reader-permissions.ts), and a relation's note is named only to those who may see it.
 */
export const livePlugin = fp(async (app: FastifyInstance) => {
  const readers = new ReaderPermissions(app.db);

  const deliver = async (messages: ChangeMessage[]) => {
    const sockets = [...app.io.of('/').sockets.values()];
    const byUser = new Map<string, Socket[]>();
    for (const socket of sockets) {
      const userId = socket.data.userId as string | undefined;
      if (!userId) continue;
      const own = byUser.get(userId);
      if (own) own.push(socket);
      else byUser.set(userId, [socket]);
    }
    await Promise.all(
      [...byUser].map(async ([userId, own]) => {
        const visible = messagesFor(messages, await readers.of(userId));
        if (visible.length === 0) return;
        const payload: ChangesPayload = { changes: visible };
        for (const socket of own) socket.emit(SOCKET_EVENTS.changes, payload);
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
