import { AUDIT_ACTIONS } from '../../../contract';
import type { AuditEventInput } from '../../audit/events';

/**
 * Session events of the audit trail: sign-ins, failed sign-ins and "Sign out
 * everywhere". Their record is the account (`entityType: 'session'`, the user's id). Nothing of a
 * credential goes in: no password, no token, no session id; only the client address.
 */

/** Failed sign-ins keep the name that was typed (cut, so a pasted essay stays small). */
const ATTEMPTED_NAME_MAX = 200;

export function signedInEvent(userId: string, ip: string): AuditEventInput {
  return { action: AUDIT_ACTIONS.signIn, entityType: 'session', entityId: userId, detail: { ip } };
}

/** A password sign-in while KG_LOCAL_LOGIN=off: a local admin's emergency access, worth its own line in the log. */
export function breakGlassSignedIn(userId: string, ip: string): AuditEventInput {
  return { action: AUDIT_ACTIONS.breakGlassSignIn, entityType: 'session', entityId: userId, detail: { ip } };
}

/** No actor (nobody proved who they are); the account it named, when one exists. */
export function signInFailed(login: string, userId: string | null, reason: 'invalid_credentials' | 'account_inactive' | 'local_login_off', ip: string): AuditEventInput {
  return {
    action: AUDIT_ACTIONS.signInFailed,
    entityType: 'session',
    entityId: userId,
    detail: { username: login.slice(0, ATTEMPTED_NAME_MAX), reason, ip },
  };
}

export function signedOutEverywhere(userId: string): AuditEventInput {
  return { action: AUDIT_ACTIONS.signOutEverywhere, entityType: 'session', entityId: userId };
}
