import type { FastifyServerFactory } from 'fastify';
import http from 'node:http';
import { API_PREFIX } from './plugins/access';

/**
 * The server's port opens before the database is opened and migrated, so that a load balancer
 * or an orchestrator sees a starting instance as alive but not ready — while it migrates, or
 * waits for another instance's migration lock — instead of refusing connections. Until the app
 * takes the server over (Fastify's `serverFactory`, then `open()`), every request is answered
 * here: /api/live 200, /api/ready 503 `starting`, anything else 503 with Retry-After.
 */
export interface EarlyServer {
  server: http.Server;
  /** For buildApp: Fastify serves on this server instead of creating its own. */
  serverFactory: FastifyServerFactory;
  /** The app is built: requests go to it from now on. */
  open(): void;
}

const RETRY_AFTER_SECONDS = 5;

function starting(req: http.IncomingMessage, res: http.ServerResponse): void {
  const url = (req.url ?? '').split('?')[0];
  const json = (status: number, body: object) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...(status === 503 ? { 'retry-after': String(RETRY_AFTER_SECONDS) } : {}) });
    res.end(JSON.stringify(body));
  };
  if (req.method === 'GET' && url === `${API_PREFIX}/live`) return json(200, { status: 'ok' });
  if (req.method === 'GET' && url === `${API_PREFIX}/ready`) return json(503, { status: 'starting' });
  json(503, { error: 'The server is starting; try again in a few seconds.', code: 'starting' });
}

export async function listenEarly(port: number, host: string): Promise<EarlyServer> {
  let app: http.RequestListener | null = null;
  let handler: http.RequestListener = starting;
  // One listener that forwards: socket.io wraps the server's request listeners when it
  // attaches, and the forwarding survives that.
  const server = http.createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    server,
    serverFactory: (fastifyHandler) => {
      app = fastifyHandler;
      return server;
    },
    open() {
      if (!app) throw new Error('the app was not built on this server');
      handler = app;
    },
  };
}
