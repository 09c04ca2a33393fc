import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../app-error';

/**
 * The HTTP side of record versions (docs/architecture/versions.md): single-record answers carry
 * their version as a strong ETag, and a write says which version it edited with If-Match (or a
 * `version` field in the body, for multipart forms and clients that cannot set headers).
 */

/** `"3"` or `W/"3"` (a weak tag names the same version here); `*` asks for none. */
const TAG = /^\s*(?:W\/)?"(\d{1,9})"\s*$/;

/** The version a write was made from, or undefined (unconditional, the spec's clients). 400 for an If-Match we cannot read. */
export function expectedVersion(req: FastifyRequest): number | undefined {
  const header = req.headers['if-match'];
  if (header !== undefined && header.trim() !== '*') {
    const match = TAG.exec(header);
    const version = match ? Number(match[1]) : NaN;
    if (!Number.isInteger(version) || version < 1) throw badRequest('If-Match must be one version tag such as "3"', 'bad_if_match');
    return version;
  }
  const body = req.body as { version?: unknown } | null | undefined;
  const fromBody = body && typeof body === 'object' ? body.version : undefined;
  return typeof fromBody === 'number' && Number.isInteger(fromBody) && fromBody > 0 ? fromBody : undefined;
}

/** A record as a single-record answer holds it: an object with an id and a version. */
function versionOf(payload: unknown): number | null {
  if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return null;
  const { id, version } = payload as { id?: unknown; version?: unknown };
  return (typeof id === 'string' || id === undefined) && typeof version === 'number' ? version : null;
}

export const versionsPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preSerialization', async (_req, reply, payload) => {
    if (reply.statusCode !== 200 && reply.statusCode !== 201) return payload;
    const version = versionOf(payload);
    if (version !== null) void reply.header('ETag', `"${version}"`);
    return payload;
  });
});
