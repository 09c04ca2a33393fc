import type { RouteOptions } from 'fastify';

export interface RegisteredRoute {
  method: string;
  /** The route's path as registered (`/api/nodes/:id`, `/widgets/*`). */
  path: string;
}

/**
 * Collects every route the app registers (pass `observe` as testApp's onRoute), so a test built
 * on it covers routes added later and routes outside /api (static files, the examples, the API
 * docs) without a list to keep up to date. HEAD and OPTIONS are left out: Fastify adds HEAD itself
 * (it runs the GET route's hooks) and OPTIONS is the CORS preflight.
 */
export function routeCollector() {
  const routes: RegisteredRoute[] = [];
  const seen = new Set<string>();
  const observe = (route: RouteOptions) => {
    for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
      const key = `${method} ${route.url}`;
      if (method === 'HEAD' || method === 'OPTIONS' || seen.has(key)) continue;
      seen.add(key);
      routes.push({ method, path: route.url });
    }
  };
  return { routes, observe };
}

/** A URL for a registered path: `:params` become `id` (or a file name), a trailing `*` a file. */
export function urlOf(path: string, id: string): string {
  return path.replace(/:(\w+)/g, (_, name: string) => (name === 'filename' ? 'errors.xlsx' : id)).replace(/\*$/, 'some-file.js');
}
