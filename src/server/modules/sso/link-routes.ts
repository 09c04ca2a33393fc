import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SSO_MESSAGES, SsoLinkRequestSchema, SsoLinkResponseSchema } from '../../../contract';
import { actorOf, audited } from '../../audit/audited';
import { AppError, forbidden, notFound, unauthorized } from '../../plugins/errors';
import { findUserById } from '../users';
import { linkIdentity } from './flow/accounts';
import type { SsoProvider } from './provider';

/**
 * An admin links an existing account to the provider's subject, so that person's next sign-in
 * with the provider lands in it (its history and role kept until the provider's claims apply).
 * Admins only, besides users.update: whoever holds the subject then signs in as the account.
 */
export async function linkRoutes(app: FastifyInstance, provider: SsoProvider | null) {
  const r = app.withTypeProvider<ZodTypeProvider>();
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
      if (!provider) throw new AppError(404, 'sso_not_configured', SSO_MESSAGES.notConfigured);
      const admin = request.auth?.user;
      if (!admin) throw unauthorized();
      if (admin.role_name !== 'admin') throw forbidden(SSO_MESSAGES.linkAdminsOnly, 'link_admins_only');
      const issuer = provider.config.issuer;
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
}
