import { defineTexts, icu } from './define';

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

/** The router's error page: what a visitor sees when a page fails to render (never the error itself). */
export const ROUTE_ERROR_TEXTS = defineTexts('routeError', {
  title: 'This page could not be shown',
  text: 'Something went wrong while opening this page. Go to the dashboard and try again.',
  action: 'Go to the dashboard',
});

/** Drawer entries in spec order; the admin-only ones are filtered through PAGE_ACCESS. */
/** The drawer's and the admin menu's labels (message ids nav.drawer.*, nav.admin.*). */
export const NAV_TEXTS = defineTexts('nav', {
  drawer: {
    dashboard: 'Dashboard',
    nodes: 'Knowledge Nodes',
    relations: 'Relations',
    nodeTypes: 'Node Types',
    relationTypes: 'Relation Types',
    snomed: 'SNOMED Management',
    users: 'User Management',
    roles: 'Role Management',
  },
  admin: { users: 'Users', roles: 'Roles', audit: 'Audit Log', analytics: 'Analytics', backup: 'Backup', terminology: 'Terminology' },
});
