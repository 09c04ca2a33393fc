import type { FastifyInstance } from 'fastify';
import { ConfigError } from '../../sso-config';
import { revokeFamily } from '../credentials';
import { SsoProvider } from './provider';
import { recheckSession } from './recheck';

/**
 * Single sign-on at start: the role map's roles must exist (a typo stops the start with the name,
 * rather than refusing the first sign-in), the provider is discovered once (a provider that does not
 * answer leaves the app running: the sign-in page says so), and refreshes of sessions that came from
 * the provider re-check the user there (recheck.ts).
 */
export async function ssoProvider(app: FastifyInstance): Promise<SsoProvider | null> {
  const config = app.config.sso;
  if (!config) return null;
  const roles = await app.db.query<{ name: string }>('SELECT name FROM roles ORDER BY name');
  const known = new Set(roles.map((r) => r.name.toLowerCase()));
  for (const [value, role] of config.roleMap) {
    if (!known.has(role.toLowerCase())) {
      throw new ConfigError(`KG_OIDC_ROLE_MAP maps "${value}" to the role "${role}", which does not exist here (roles: ${roles.map((r) => r.name).join(', ')})`);
    }
  }
  const provider = new SsoProvider(config, app.log);
  await provider.get(true);
  app.sessionChecks.push(async (familyId) => {
    const verdict = await recheckSession(app, provider, familyId);
    if (verdict === 'end') await revokeFamily(app.db, familyId);
    return verdict;
  });
  return provider;
}
