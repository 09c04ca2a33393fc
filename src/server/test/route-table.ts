import type { FastifyInstance } from 'fastify';

export interface RegisteredRoute {
  method: string;
  /** The route's path as registered (`/api/nodes/:id`, `/widgets/*`). */
  path: string;
}

/**
 * Every route the app has registered, read from Fastify's own route tree (printRoutes), so a test
 * built on it covers routes added later and routes outside /api (static files, the examples,
 * the API docs) without a list to keep up to date. HEAD and OPTIONS are left out: Fastify adds
 * them itself (HEAD runs the GET route's hooks; OPTIONS is the CORS preflight).
 */
export function registeredRoutes(app: FastifyInstance): RegisteredRoute[] {
  const tree = app.printRoutes({ commonPrefix: false });
  const parents: string[] = [];
  const out: RegisteredRoute[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│├└─\s]*?)([├└]── )(.+?) \(([A-Z, ]+)\)$/.exec(line);
    if (!match) continue;
    const level = (match[1].length + match[2].length) / 4 - 1;
    const path = (parents[level - 1] ?? '') + match[3];
    parents[level] = path;
    parents.length = level + 1;
    for (const method of match[4].split(', ')) if (method !== 'HEAD' && method !== 'OPTIONS') out.push({ method, path });
  }
  return out;
}

/** A URL for a registered path: `:params` become `id` (a UUID or a file name), `*` becomes a file. */
export function urlOf(path: string, id: string): string {
  return path.replace(/:(\w+)/g, (_, name: string) => (name === 'filename' ? 'errors.xlsx' : id)).replace(/\*$/, 'some-file.js');
}
