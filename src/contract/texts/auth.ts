import { defineTexts, icu } from './define';

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

/**
 * Single sign-on through the hospital's OpenID provider: the button on the sign-in page and in
 * every widget's compact sign-in, what the page says when the provider is away or password
 * sign-in is off, and why a sign-in with the provider was refused (the codes the server sends back).
 */
export const SSO_TEXTS = defineTexts('sso', {
  signInWith: icu(['name'], (name: string) => `Sign in with ${name}`),
  or: 'or',
  unreachable: icu(['name'], (name: string) => `${name} cannot be reached at the moment. Try again in a few minutes or ask your IT service desk.`),
  localOff: 'Password sign-in is only for local administrators (emergency access).',
  useLocal: 'Emergency sign-in with a local account',
  useProvider: 'Back to single sign-on',
  signingIn: 'Finishing sign-in…',
  errors: {
    provider_unreachable: 'The identity provider cannot be reached. Try again in a few minutes.',
    cancelled: 'The sign-in was cancelled at the identity provider.',
    invalid_callback: 'The sign-in could not be completed (it expired or was started in another browser). Please start again.',
    email_domain: 'Your e-mail address is not allowed to sign in here.',
    account_exists: 'An account with your e-mail address already exists here. Ask an administrator to link it to your sign-in.',
    account_inactive: 'Your account is deactivated.',
    role_unknown: 'Your role could not be assigned. Ask an administrator.',
    failed: 'Sign-in with the identity provider failed.',
  },
});

/** What the server answers to a sign-in with the provider or a token handed over that it refuses. */
export const SSO_MESSAGES = defineTexts('ssoMessages', {
  notConfigured: 'Single sign-on is not configured on this server.',
  providerUnreachable: 'The identity provider cannot be reached.',
  codeInvalid: 'The sign-in code is unknown, used or expired. Please sign in again.',
  tokenRefused: 'The token was refused.',
  grantUnsupported: 'Only the token exchange grant is supported here.',
  tokenTypeUnsupported: 'Only access tokens, ID tokens and JWTs can be exchanged.',
  localLoginOff: 'Password sign-in is off; sign in with the identity provider.',
  registrationOff: 'Accounts are created by signing in with the identity provider.',
  recheckFailed: 'Your sign-in is no longer valid at the identity provider. Please sign in again.',
  returnToInvalid: 'The page to return to must be a path on this server.',
  logoutTokenRefused: 'The logout token was refused.',
  linkAdminsOnly: 'Only administrators can link an account to the identity provider.',
  linkTaken: 'This sign-in at the identity provider already belongs to an account here.',
  linkExists: 'This account is already linked to the identity provider.',
  notLinked: 'This account is not linked to the identity provider.',
});
