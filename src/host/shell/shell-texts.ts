import { defineTexts, icu } from '../../contract/texts';

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
  admin: 'Admin',
  back: 'Back',
  /** The dashboard's floating button: its accessible name and its visible word. */
  openGraph: 'Open knowledge graph',
  graph: 'Knowledge graph',
  welcome: icu(['name'], (name: string) => `Welcome, ${name}`),
  /** The top bar's title on a node's detail view (/nodes/{id}). */
  nodeDetail: 'Node Detail',
  /** A route whose screen is not built yet. */
  comingSoon: 'This screen is coming soon.',
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

/** The router's error page: what a visitor sees when a page fails to render (never the error itself). */
export const ROUTE_ERROR_TEXTS = defineTexts('routeError', {
  title: 'This page could not be shown',
  text: 'Something went wrong while opening this page. Go to the dashboard and try again.',
  action: 'Go to the dashboard',
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
