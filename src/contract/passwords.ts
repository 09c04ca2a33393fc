import { defineTexts } from './texts';
/**
 * Password rules beyond the spec's 6-character minimum (issue 14 item 6). Zod-free so screens can
 * use the texts; the schemas (users.ts `passwordField`) refuse whitespace-only passwords, the
 * server (modules/credentials/password-policy.ts) also refuses the account's own name or email and the
 * 10,000 most common passwords. NUL is refused for every field (nul.ts).
 */
export const PASSWORD_MESSAGES = defineTexts('passwords', {
  whitespaceOnly: 'Password cannot consist only of spaces',
  sameAsAccount: 'Password cannot be the same as the username or email',
  tooCommon: 'This password is too common. Please choose a less common password.',
});

/** Case-insensitive: "Alice" may not use "alice" or "ALICE@example.org" as a password. */
export function passwordMatchesAccount(password: string, account: { username?: string | null; email?: string | null }): boolean {
  const p = password.trim().toLowerCase();
  return [account.username, account.email].some((v) => !!v && v.trim().toLowerCase() === p);
}
