import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { SOCKET_EVENTS, SOCKET_PATH, type ChangeMessage, type ChangesPayload } from '../../contract';

/**
 * Live-change sockets for API tests: `listen(token)` connects as that user (over a real port,
 * opened on first use) and answers the list every change message it receives is pushed to;
 * `close()` ends them all.
 */
export function changeListener(app: FastifyInstance) {
  const sockets: Socket[] = [];
  let url: Promise<string> | undefined;
  const opened = () =>
    (url ??= app.listen({ port: 0, host: '127.0.0.1' }).then(() => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`));
  return {
    async listen(token: string): Promise<ChangeMessage[]> {
      const socket = connect(await opened(), { path: SOCKET_PATH, auth: { token }, transports: ['websocket'], reconnection: false });
      sockets.push(socket);
      const got: ChangeMessage[] = [];
      socket.on(SOCKET_EVENTS.changes, (p: ChangesPayload) => got.push(...p.changes));
      await new Promise<void>((resolve, reject) => {
        socket.on('connect', () => resolve());
        socket.on('connect_error', reject);
      });
      return got;
    },
    close: () => sockets.forEach((s) => s.close()),
  };
}
