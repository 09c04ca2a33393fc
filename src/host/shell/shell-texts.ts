import { defineTexts } from '../../contract/texts';

/** The app shell's own words (top bar, drawer, account menu) and the sign-in page's. */
export const SHELL_TEXTS = defineTexts('shell', {
  brand: 'Knowledge Graph',
  openDrawer: 'Open drawer',
  closeDrawer: 'Close drawer',
  mainNavigation: 'Main navigation',
  dashboard: 'Dashboard',
  search: 'Search',
  account: 'Account',
  settings: 'Settings',
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
