import { AUDIT_ACTIONS } from '../../../contract';
import type { AuditEventInput } from '../../audit/events';

/**
 * Audit events of single sign-on. Each names the provider (its issuer) and the user's subject
 * there, so an operator can match a sign-in here with the provider's own log; no token goes in.
 */
export type SsoVia = 'redirect' | 'token_exchange';

export function ssoSignedIn(userId: string, provider: string, subject: string, via: SsoVia, ip: string): AuditEventInput {
  return { action: AUDIT_ACTIONS.ssoSignIn, entityType: 'session', entityId: userId, detail: { provider, subject, via, ip } };
}

export function ssoSignInFailed(provider: string, subject: string | null, reason: string, via: SsoVia, ip: string, userId: string | null = null): AuditEventInput {
  return {
    action: AUDIT_ACTIONS.ssoSignInFailed,
    entityType: 'session',
    entityId: userId,
    detail: { provider, ...(subject ? { subject: subject.slice(0, 200) } : {}), reason, via, ip },
  };
}

export function ssoLinked(userId: string, provider: string, subject: string, reason: 'verified_email' | 'admin'): AuditEventInput {
  return { action: AUDIT_ACTIONS.ssoLink, entityType: 'user', entityId: userId, detail: { provider, subject, reason } };
}

export function ssoUnlinked(userId: string, provider: string, subject: string, sessions: number): AuditEventInput {
  return { action: AUDIT_ACTIONS.ssoUnlink, entityType: 'user', entityId: userId, detail: { provider, subject, count: sessions } };
}

export function ssoSignedOut(userId: string, provider: string, subject: string, sessions: number): AuditEventInput {
  return { action: AUDIT_ACTIONS.ssoSignOut, entityType: 'session', entityId: userId, detail: { provider, subject, count: sessions } };
}
