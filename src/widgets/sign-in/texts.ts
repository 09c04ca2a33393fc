import { defineTexts } from '../../contract/texts';

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
