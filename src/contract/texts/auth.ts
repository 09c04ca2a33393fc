import { defineTexts } from './define';

/** kg-sign-in's texts (spec §2 Login; the compact form and the session badge). */
export const SIGN_IN_TEXTS = defineTexts('signIn', {
  checkingLabel: 'Checking session',
  checking: 'Checking session…',
  formLabel: 'Sign in',
  login: 'Username or Email',
  password: 'Password',
  submit: 'Sign In',
  submitting: 'Signing In...',
  logout: 'Logout',
});

export const LOGIN_TEXTS = defineTexts('login', {
  checking: 'Checking your session',
  title: 'Sign In',
  login: 'Username or Email',
  password: 'Password',
  submit: 'Sign In',
  submitting: 'Signing In...',
  register: "Don't have an account? Sign Up",
});

/** Create Account (spec §2). */
export const REGISTER_TEXTS = defineTexts('register', {
  title: 'Create Account',
  username: 'Username',
  email: 'Email Address',
  password: 'Password',
  confirmPassword: 'Confirm Password',
  submit: 'Create Account',
  submitting: 'Creating Account...',
  signIn: 'Already have an account? Sign In',
});

/**
 * Password rules beyond the spec's 6-character minimum. Zod-free so screens can
 * use the texts; the schemas (users.ts `passwordField`) refuse whitespace-only passwords, the
 * server (modules/auth/password-policy.ts) also refuses the account's own name or email and the
 * 10,000 most common passwords. NUL is refused for every field (nul.ts).
 */
export const PASSWORD_MESSAGES = defineTexts('passwords', {
  whitespaceOnly: 'Password cannot consist only of spaces',
  sameAsAccount: 'Password cannot be the same as the username or email',
  tooCommon: 'This password is too common. Please choose a less common password.',
});

/**
 * Rules for the text of identities (usernames, email addresses) so that one account cannot pass
 * for another on screen. Zod-free, so forms can use the texts; the schemas in users.ts apply them.
 *
 * - Compatibility forms are folded (NFKC): a full-width "ａｄｍｉｎ" is stored as "admin", so
 *   the case-insensitive uniqueness of usernames and emails sees it.
 * - Characters that do not show are refused: controls (Cc), format characters (Cf: zero-width
 *   space and joiners, soft hyphen), every default-ignorable code point, and the bidirectional
 *   controls (right-to-left override, isolates, marks), which reorder what is shown.
 * - Usernames also refuse accent marks that hide (Unicode TS #39 §5.4): a mark with no letter
 *   before it, the same mark twice on one letter, more than four marks on one letter, and a dot
 *   above on a letter that already has a dot (i, j and the like).
 * Look-alikes across scripts (Cyrillic "а" for Latin "a") are a server check against existing
 * names (the confusable skeleton, modules/users/skeleton.ts): they are valid text on their own.
 */
export const IDENTITY_MESSAGES = defineTexts('identity', {
  usernameInvisible: 'Username cannot contain invisible or text-direction characters',
  usernameHiddenMarks: 'Username cannot contain hidden or stacked accent marks',
  emailInvisible: 'Email cannot contain invisible or text-direction characters',
});
