/**
 * Single sign-on with the hospital's OpenID provider (openid-client): the redirect sign-in with
 * PKCE, accounts made and updated from the provider's claims, the hourly re-check on refresh,
 * RP-initiated and back-channel logout, and RFC 8693 token exchange for portals.
 */
export { ssoProvider } from './setup';
export type { SsoProvider } from './provider';
export { ssoRoutes } from './routes';
export { exchangeRoutes } from './tokens/exchange-routes';
export { linkRoutes } from './link-routes';
