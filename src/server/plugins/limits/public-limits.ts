import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { API_ACCESS, MESSAGES, type Access } from '../../../contract';
import { memoryCounter, type AttemptCounter } from '../../modules/auth';
import { API_PREFIX, routeKey } from '../access';
import { addressBucket } from './client-address';
import { CREDENTIAL_ROUTES, CREDENTIAL_WINDOW_MS } from './credential-limits';
import { AppError } from '../errors';

/**
 * Public routes that count against no budget. `GET /live` answers from memory without reading
 * the request or the database, and an orchestrator restarts an instance whose liveness probe
 * fails: a 429 there would let anyone on the probe's address restart the server.
 */
export const UNCOUNTED_PUBLIC_ROUTES: readonly string[] = ['GET /live'];

/** The public routes that count against the public budget (contract keys): every 'public' route but the credential routes (their own budget) and the uncounted. */
export function countedPublicRoutes(): string[] {
  return Object.entries(API_ACCESS as Record<string, Access>)
    .filter(([key, access]) => access === 'public' && !(key in CREDENTIAL_ROUTES) && !UNCOUNTED_PUBLIC_ROUTES.includes(key))
    .map(([key]) => key);
}

function limiter(app: FastifyInstance, counter: AttemptCounter): onRequestHookHandler {
  return async (request, reply) => {
    const bucket = `public:${addressBucket(request.ip)}`;
    const [count] = await counter.hit([bucket]);
    if (count.hits <= app.config.publicRateLimitPerMinute) return;
    reply.header('retry-after', String(Math.max(1, Math.ceil(count.resetMs / 1000))));
    throw new AppError(429, 'rate_limited', MESSAGES.auth.tooManyAttempts);
  };
}

/**
 * A budget per client address (KG_PUBLIC_RATE_LIMIT a minute) over the public routes that do
 * work without a session and outside the credential budget: sign-out (a token lookup and write),
 * signed attachment links (a blob read), the health and readiness probes (a database query).
 * Counted in onRequest, before the body is read or the access guard looks at a token. Counted in
 * each instance's memory, unlike the credential budget: what it bounds is the instance's own work,
 * and the readiness probe must still answer 503 (not a 500 from the counter) while the database is
 * away.
 */
export const publicLimitsPlugin = fp(async (app: FastifyInstance) => {
  const counter = memoryCounter(CREDENTIAL_WINDOW_MS);
  const counted = new Set(countedPublicRoutes());
  const hook = limiter(app, counter);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(`${API_PREFIX}/`)) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.some((m) => m !== 'OPTIONS' && counted.has(routeKey(m, route.url)))) return;
    const existing = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
    // Fastify's automatic HEAD route copies the GET route's hooks, this one included.
    if (existing.includes(hook)) return;
    route.onRequest = [hook, ...existing];
  });
  const sweep = setInterval(() => {
    counter.sweep().catch((err: unknown) => app.log.warn({ err }, 'could not sweep the public request counters'));
  }, CREDENTIAL_WINDOW_MS);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));
});
