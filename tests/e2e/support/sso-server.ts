import { CLIENT_ID, CLIENT_SECRET, startTestProvider, type TestProvider } from '../../../src/server/test/identity-provider';
import { freePort, startServer, type TestServer } from './server';

/**
 * The app behind a real OpenID provider (oidc-provider, in this process, with a plain login form),
 * as the single sign-on browser tests need it: the provider knows the app's callback and sign-out
 * return on a port chosen first, and the app is configured for it as an installation would be
 * (docs/OPERATIONS.md, single sign-on), with the groups claim mapped to roles.
 */
export async function startSsoServer(o: { portalClientId?: string } = {}): Promise<{ idp: TestProvider; server: TestServer }> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const idp = await startTestProvider({
    redirectUris: [`${origin}/api/auth/oidc/callback`],
    postLogoutRedirectUris: [`${origin}/login`],
    ...(o.portalClientId ? { portalClientId: o.portalClientId } : {}),
  });
  const server = await startServer({
    PORT: String(port),
    KG_OIDC_ISSUER: idp.issuer,
    KG_OIDC_CLIENT_ID: CLIENT_ID,
    KG_OIDC_CLIENT_SECRET: CLIENT_SECRET,
    KG_OIDC_SCOPES: 'openid profile email groups offline_access',
    KG_OIDC_NAME: 'Hospital Login',
    KG_OIDC_ROLE_CLAIM: 'groups',
    KG_OIDC_ROLE_MAP: '{"kg-admins":"admin","kg-editors":"editor"}',
    // A portal's own client may hand its users' tokens over (token exchange).
    ...(o.portalClientId ? { KG_OIDC_AUDIENCES: o.portalClientId } : {}),
  });
  return { idp, server };
}
