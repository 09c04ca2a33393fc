import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fs from 'node:fs';
import path from 'node:path';
import { API_PREFIX } from './access';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * The examples are served on the app's own origin, where the tokens live. Their ?kg= parameter
 * may name another origin to load the bundle from, but only one on this machine (loopback, any
 * port): the demo of "another site" (localhost vs 127.0.0.1). Any host would let a crafted link
 * run a stranger's script here and read the session (examples/kg-embed.js checks the same).
 */
const LOOPBACK = 'http://localhost:* http://127.0.0.1:* https://localhost:* https://127.0.0.1:*';
const EXAMPLES_CSP = [
  "default-src 'self'",
  `script-src 'self' ${LOOPBACK}`,
  `connect-src 'self' ${LOOPBACK} ws://localhost:* ws://127.0.0.1:* wss://localhost:* wss://127.0.0.1:*`,
  "img-src 'self' data: blob: http: https:",
  "style-src 'self' 'unsafe-inline'",
  "font-src 'self' data:",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'self'",
].join('; ');

/**
 * Serves the built host app (with a fallback to index.html for client-side routes), the
 * widget bundle under /widgets/ and the embedding examples under /examples/.
 */
export async function staticFiles(app: FastifyInstance) {
  const { distDir, examplesDir } = app.config;
  const hostDir = distDir ? path.join(distDir, 'host') : null;
  const widgetsDir = distDir ? path.join(distDir, 'widgets') : null;
  const hostBuilt = !!hostDir && fs.existsSync(path.join(hostDir, 'index.html'));

  if (hostBuilt) {
    await app.register(fastifyStatic, {
      root: hostDir,
      prefix: '/',
      // The build writes .br and .gz beside each asset (scripts/precompress.mjs): sent as they are.
      preCompressed: true,
      setHeaders: (res, file) => {
        res.header('Cache-Control', file.includes(`${path.sep}assets${path.sep}`) ? IMMUTABLE : 'no-cache');
      },
    });
  }
  if (widgetsDir && fs.existsSync(widgetsDir)) {
    await app.register(fastifyStatic, {
      root: widgetsDir,
      prefix: '/widgets/',
      decorateReply: false,
      preCompressed: true,
      setHeaders: (res, file) => {
        // Other sites load the bundle: allow cross-origin use; hashed chunks never change.
        res.header('Access-Control-Allow-Origin', '*');
        res.header('Cross-Origin-Resource-Policy', 'cross-origin');
        // Only hashed chunks are immutable; the stable entries (kg-elements.js, kg-<name>.js, the
        // classic loader) and the contract files revalidate.
        res.header('Cache-Control', /[\\/]chunk-[A-Za-z0-9_-]+\.js$/.test(file) ? IMMUTABLE : 'no-cache');
      },
    });
  }
  if (examplesDir && fs.existsSync(examplesDir)) {
    // The examples play "another site": with ?kg=<loopback origin> they load the bundle from, and
    // call the API of, another origin, which the app's own policy (script/connect 'self') would block.
    const setHeaders = (res: { header(name: string, value: string): unknown }) => {
      res.header('Content-Security-Policy', EXAMPLES_CSP);
      res.header('Cache-Control', 'no-cache');
    };
    // The React example is built with the host app (vite.config.ts) into dist/host/examples/react-app.
    const reactApp = hostDir ? path.join(hostDir, 'examples', 'react-app') : null;
    if (reactApp && fs.existsSync(reactApp)) {
      await app.register(fastifyStatic, { root: reactApp, prefix: '/examples/react-app/', decorateReply: false, preCompressed: true, setHeaders });
    }
    await app.register(fastifyStatic, { root: examplesDir, prefix: '/examples/', decorateReply: false, setHeaders });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0];
    if (pathname === API_PREFIX || pathname.startsWith(`${API_PREFIX}/`) || request.method !== 'GET') {
      return reply.status(404).send({ error: `No route ${request.method} ${pathname}`, code: 'not_found' });
    }
    // A missing file (a path whose last part has an extension: /favicon.ico, an old chunk) is a 404,
    // not the app's page: a browser or cache would otherwise keep HTML under that name.
    if (/\.[A-Za-z0-9]+$/.test(pathname.slice(pathname.lastIndexOf('/') + 1))) {
      return reply.status(404).type('text/plain').send('Not found');
    }
    if (!hostBuilt) {
      return reply.status(404).type('text/plain').send('The web app is not built. Run `npm run build` (npm start does it for you).');
    }
    // The page itself (about 1 KB) rather than sendFile: @fastify/static's lookups of its compressed
    // variants resolve the reply again at each step, 11 'close' listeners per client route
    // (Node's MaxListenersExceededWarning on every page load).
    return fs.promises.readFile(path.join(hostDir, 'index.html')).then((page) => reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(page));
  });
}
