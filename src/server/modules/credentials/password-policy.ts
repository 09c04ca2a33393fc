import { dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_MESSAGES, passwordMatchesAccount } from '../../../contract';
import { badRequest } from '../../plugins/errors';

/**
 * The 10,000 most common passwords, from the ranked list zxcvbn-ts ships (most common first),
 * lower-cased: "Password" is as weak as "password". Built on first use; server only (the list is
 * too large for the browser bundles, and the screens show the server's message).
 */
export const COMMON_PASSWORD_COUNT = 10_000;
let common: Set<string> | null = null;

export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'].slice(0, COMMON_PASSWORD_COUNT).map((p) => p.toLowerCase()));
  return common.has(password.toLowerCase());
}

/**
 * Throws the 400 for a password the schema let through but policy refuses: the account's own
 * username or email, or a common password. Used on register, password change and admin create.
 */
export function assertPasswordAllowed(password: string, account: { username?: string | null; email?: string | null }): void {
  if (passwordMatchesAccount(password, account)) throw badRequest(PASSWORD_MESSAGES.sameAsAccount, 'weak_password');
  if (isCommonPassword(password)) throw badRequest(PASSWORD_MESSAGES.tooCommon, 'weak_password');
}
