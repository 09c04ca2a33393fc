import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Server } from 'socket.io';
import { SOCKET_PATH } from '../../contract';
import { isConnectionError } from '../db/connection/connection-errors';
import { authenticate } from './access';
import { rememberSession, watchSocketSessions } from '../live/socket-sessions';
import { attachPostgresAdapter } from './socket-adapter';

declare module 'fastify' {
  interface FastifyInstance {
    /** True when socket.io relays to other instances (PostgreSQL): server-side emits reach them. */
    socketCluster: boolean;
  }
}

/**
 * socket.io on the API's port. A connection must present a valid access token
 * (`auth: { token }`); unauthenticated connections are refused, and a connection keeps its
 * rights only while its sign-in does (live/socket-sessions.ts). On PostgreSQL the rooms span every
 * instance (socket-adapter.ts).
 */
export const socketPlugin = fp(async (app: FastifyInstance) => {
  const io = new Server(app.server, {
    path: SOCKET_PATH,
    serveClient: false,
    cors: { origin: app.config.corsOrigins.length > 0 ? app.config.corsOrigins : false },
  });
  const connectionString = app.db.kind === 'postgres' ? app.db.connectionString : undefined;
  const cluster = connectionString ? attachPostgresAdapter(io, connectionString, app.log) : null;
  app.decorate('socketCluster', cluster !== null);
  io.use((socket, next) => {
    const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
    authenticate(app, typeof token === 'string' ? token : undefined)
      .then((auth) => {
        if (!auth) return next(new Error('unauthorized'));
        rememberSession(socket, auth);
        next();
      })
      // A lost database connection is not a bad token: the client waits and tries again
      // instead of refreshing its session (src/api/live/socket.ts).
      .catch((err: unknown) => next(new Error(isConnectionError(err) ? 'database_unavailable' : 'unauthorized')));
  });
  app.decorate('io', io);
  watchSocketSessions(app);
  app.addHook('preClose', async () => {
    io.disconnectSockets(true);
    io.engine.close();
  });
  if (cluster) app.addHook('onClose', () => cluster.close());
});
