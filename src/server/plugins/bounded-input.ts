import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { API_MAX_DEPTH, assertBounded, depthLimitFor, jsonTextDepth, tooDeep } from '../input-bounds';

/** Values one query string may carry (a URL is at most ~16 KB: Node's header limit). */
const MAX_QUERY_VALUES = 1000;

/**
 * How deep a query key nests in qs's bracket notation (`a[b][c]=1` is 3 levels), for the whole
 * raw query string, without parsing it. The server's own parser is flat, but a key that a
 * qs-style parser (a proxy, a future parser, a client library reading the same link) would nest
 * past the bound is refused all the same, so the bound holds whatever parses the query.
 */
function rawQueryDepth(url: string): number {
  const q = url.indexOf('?');
  if (q < 0) return 0;
  let deepest = 0;
  for (const pair of url.slice(q + 1).split('&')) {
    const eq = pair.indexOf('=');
    let key = eq < 0 ? pair : pair.slice(0, eq);
    if (key.includes('%')) {
      try {
        key = decodeURIComponent(key.replace(/\+/g, ' '));
      } catch {
        /* an undecodable key is counted as written */
      }
    }
    let depth = 1;
    for (let i = 0; i < key.length; i++) if (key.charCodeAt(i) === 91) depth++; // '['
    if (depth > deepest) deepest = depth;
  }
  return deepest;
}

/**
 * Bounds on every request's input, checked before anything walks it (server/input-bounds.ts):
 * - JSON bodies: the raw text's nesting depth is counted before JSON.parse, so no recursive
 *   work happens at all on a too-deep body (the bound is per URL prefix: config inputDepthLimits);
 * - query strings: the bracket depth of their keys, on the raw URL, before any route hook;
 * - then, whatever parser produced them, body, query and params are walked iteratively with the
 *   same bound before the NUL check and the route's schema (validation.ts) recurse into them.
 * Every refusal is a 400 `too_deep`, for every route, the not-found handler included.
 */
export const boundedInputPlugin = fp(async (app: FastifyInstance) => {
  const limits = app.config.inputDepthLimits;
  const limitOf = (request: FastifyRequest) => depthLimitFor(request.url, limits, limits['/api'] ?? API_MAX_DEPTH);

  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const limit = limitOf(request);
    if (jsonTextDepth(body as string, limit) > limit) {
      done(tooDeep(), undefined);
      return;
    }
    void parseJson(request, body as string, done);
  });

  app.addHook('onRequest', async (request) => {
    if (rawQueryDepth(request.url) > limitOf(request)) throw tooDeep();
  });

  app.addHook('preValidation', async (request) => {
    const maxDepth = limitOf(request);
    assertBounded(request.query, { maxDepth, maxNodes: MAX_QUERY_VALUES });
    assertBounded(request.params, { maxDepth, maxNodes: MAX_QUERY_VALUES });
    // Streams (multipart) and Buffers are not walked: their parsers bound them.
    if (request.body !== null && typeof request.body === 'object' && typeof (request.body as { pipe?: unknown }).pipe !== 'function') {
      assertBounded(request.body, { maxDepth });
    }
  });
});
