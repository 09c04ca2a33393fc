import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fs from 'node:fs';
import path from 'node:path';
import { API_PREFIX } from '../access';
import { allowedOrigins, ownSocketOrigins } from './csp';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The examples are served on the app's own origin, where the tokens live. Their ?kg= parameter
 * may name another server to load the bundle from and call, but only the origins the operator
 * listed in KG_CORS_ORIGINS (the page's own origin needs no ?kg=): the page's policy lists exactly
 * those, so a crafted link cannot run a script from any other host or port here and read the
 * session (examples/kg-origin.js checks the same before loading anything).
 */
export function examplesCsp(origins: readonly string[], ownSockets: readonly string[]): string {
  const listed = origins.join(' ');
  const sockets = origins.map((o) => o.replace(/^http/, 'ws'));
  return [
    "default-src 'self'",
    `script-src 'self' ${listed}`.trim(),
    `connect-src 'self' ${[...ownSockets, ...origins, ...sockets].join(' ')}`.trim(),
    `img-src 'self' data: blob: ${listed}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

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
      // The React example is built into the host's folder (host/examples/react-app): it is served
      // only as an example (below), with the examples' policy, and only when they are enabled.
      allowedPath: (pathName) => !pathName.startsWith('/examples/'),
      // The build writes .br and .gz beside each asset (scripts/build/precompress.mjs): sent as they are.
      preCompressed: true,
      setHeaders: (res, file) => {
        res.header('Cache-Control', file.includes(`${path.sep}assets${path.sep}`) ? IMMUTABLE : 'no-cache');
      },
    });
  }
  // Browsers ask for /favicon.ico on their own for every page without an icon link (an API answer,
  // a FHIR resource opened directly): point them at the app's icon rather than log a 404 each time.
  if (hostBuilt && fs.existsSync(path.join(hostDir, 'favicon.svg'))) {
    app.get('/favicon.ico', { schema: { hide: true } }, (_request, reply) => reply.header('Cache-Control', 'public, max-age=86400').redirect('/favicon.svg', 301));
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
  // Only when enabled (KG_EXAMPLES=1: npm run dev and the tests): a production server has no
  // demo pages on the origin that holds its users' sessions.
  if (app.config.examples && examplesDir && fs.existsSync(examplesDir)) {
    const origins = allowedOrigins(app.config.corsOrigins);
    // The examples play "another site": with ?kg=<listed origin> they load the bundle from, and
    // call the API of, that origin, which the app's own policy (script/connect 'self') would block.
    const setHeaders = (reply: FastifyReply) => {
      void reply.header('Content-Security-Policy', examplesCsp(origins, ownSocketOrigins(reply.request.headers.host)));
      void reply.header('Cache-Control', 'no-cache');
    };
    // What the pages may name in ?kg= (examples/kg-origin.js reads it before loading anything).
    app.get('/examples/allowed-origins.json', async (_request, reply) => reply.header('Cache-Control', 'no-cache').send({ origins }));
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
    // A missing file (a path whose last part has an extension: an old chunk, robots.txt) is a 404,
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
