/** Case-insensitive: "Alice" may not use "alice" or "ALICE@example.org" as a password. */
export function passwordMatchesAccount(password: string, account: { username?: string | null; email?: string | null }): boolean {
  const p = password.trim().toLowerCase();
  return [account.username, account.email].some((v) => !!v && v.trim().toLowerCase() === p);
}
