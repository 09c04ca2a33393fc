import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SSO_MESSAGES, SsoLinkRequestSchema, SsoLinkResponseSchema, SsoUnlinkResponseSchema } from '../../../contract';
import { actorOf, audited } from '../../audit/audited';
import { AppError, forbidden, notFound, unauthorized } from '../../plugins/errors';
import { findUserById } from '../users';
import { linkIdentity } from './flow/accounts';
import type { SsoProvider } from './provider';
import { ssoUnlinked } from './sso-audit';
import { revokeProviderSessions } from './sso-sessions';

/**
 * An admin links an existing account to the provider's subject, so that person's next sign-in
 * with the provider lands in it (its history and role kept until the provider's claims apply),
 * or removes the link (a wrong subject, staff who changed hands): the sign-ins that came from the
 * provider end with it, and the subject's next sign-in is a new person's (just in time).
 * Admins only, besides users.update: whoever holds the subject then signs in as the account.
 */
export async function linkRoutes(app: FastifyInstance, provider: SsoProvider | null) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const adminOf = (request: FastifyRequest) => {
    if (!provider) throw new AppError(404, 'sso_not_configured', SSO_MESSAGES.notConfigured);
    const admin = request.auth?.user;
    if (!admin) throw unauthorized();
    if (admin.role_name !== 'admin') throw forbidden(SSO_MESSAGES.linkAdminsOnly, 'link_admins_only');
    return { admin, issuer: provider.config.issuer };
  };
  r.put(
    '/users/:id/sso-identity',
    {
      schema: {
        tags: ['users'],
        summary: 'Link an account to the identity provider (admins)',
        description: "The subject is the user's `sub` at the provider. Refused when the subject already belongs to an account, or the account is already linked.",
        params: z.object({ id: z.string().uuid() }),
        body: SsoLinkRequestSchema,
        response: { 200: SsoLinkResponseSchema },
      },
    },
    async (request) => {
      const { admin, issuer } = adminOf(request);
      const { subject } = request.body;
      return audited(app, actorOf(admin), async (a) => {
        const user = await findUserById(a.tx, request.params.id);
        if (!user) throw notFound();
        const taken = await a.tx.query('SELECT 1 FROM user_identities WHERE issuer = $1 AND subject = $2', [issuer, subject]);
        if (taken.length > 0) throw new AppError(409, 'sso_subject_taken', SSO_MESSAGES.linkTaken);
        const linked = await a.tx.query('SELECT 1 FROM user_identities WHERE issuer = $1 AND user_id = $2', [issuer, user.id]);
        if (linked.length > 0) throw new AppError(409, 'sso_already_linked', SSO_MESSAGES.linkExists);
        await linkIdentity(a, user.id, { issuer, subject }, 'admin');
        return { userId: user.id, issuer, subject };
      });
    },
  );

  r.delete(
    '/users/:id/sso-identity',
    {
      schema: {
        tags: ['users'],
        summary: 'Unlink an account from the identity provider (admins)',
        description: 'Removes the link to the subject and ends the sign-ins that came from the provider; the account and its password sign-in stay.',
        params: z.object({ id: z.string().uuid() }),
        response: { 200: SsoUnlinkResponseSchema },
      },
    },
    async (request) => {
      const { admin, issuer } = adminOf(request);
      return audited(app, actorOf(admin), async (a) => {
        const user = await findUserById(a.tx, request.params.id);
        if (!user) throw notFound();
        const [link] = await a.tx.query<{ subject: string }>('DELETE FROM user_identities WHERE issuer = $1 AND user_id = $2 RETURNING subject', [issuer, user.id]);
        if (!link) throw new AppError(404, 'sso_not_linked', SSO_MESSAGES.notLinked);
        const ended = await revokeProviderSessions(a.tx, issuer, link.subject, null);
        const sessionsEnded = ended.reduce((n, e) => n + e.count, 0);
        await a.record(ssoUnlinked(user.id, issuer, link.subject, sessionsEnded));
        return { userId: user.id, issuer, subject: link.subject, sessionsEnded };
      });
    },
  );
}
