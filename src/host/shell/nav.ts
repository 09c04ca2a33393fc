import { NAV_TEXTS } from '../../contract/texts/shell';
import { PAGE_ACCESS, SYSTEM_ROLE_PERMISSIONS, hasAccess, type Permission, type SystemRoleName, type User } from '../../contract';
import { AUDIT_LOG_TEXTS } from '../../contract/texts/admin/audit';
import { BACKUP_TEXTS } from '../../contract/texts/admin/backup';
import { TERMINOLOGY_TEXTS } from '../../contract/texts/admin/terminology';
import { SNOMED_TEXTS } from '../../contract/texts/snomed';
import { RELATION_TEXTS } from '../../contract/texts/relations';
import { NODE_TEXTS } from '../../contract/texts/nodes';
import { ROLE_TEXTS } from '../../contract/texts/admin/roles';
import { TYPE_TEXTS } from '../../contract/texts/admin/types';
import { USER_TEXTS } from '../../contract/texts/admin/users';
import { SHELL_TEXTS } from '../../contract/texts/shell';
import { REVIEW_QUEUE_TEXTS } from '../../contract/texts/knowledge/review-queue';
import { PROPOSAL_TEXTS } from '../../contract/texts/knowledge/proposals';

/**
 * The shell's rules as pure functions (spec §2 "Application shell" and guard), so they are
 * unit-tested without a browser: which entries a user sees, the top-bar title, the Back
 * button and the sign-in return path.
 */
export interface NavEntry {
  label: string;
  path: string;
}
/** An entry whose label is read when shown (so it is in the active language). */
const entry = (label: () => string, path: string): NavEntry => ({ get label() { return label(); }, path });

/** Drawer entries in spec order; the admin-only ones are filtered through PAGE_ACCESS. */
export const DRAWER_ENTRIES: readonly NavEntry[] = [
  entry(() => NAV_TEXTS.drawer.dashboard, '/dashboard'),
  entry(() => NAV_TEXTS.drawer.nodes, '/nodes'),
  entry(() => NAV_TEXTS.drawer.relations, '/relations'),
  entry(() => PROPOSAL_TEXTS.page.title, '/proposals'),
  entry(() => NAV_TEXTS.drawer.nodeTypes, '/node-types'),
  entry(() => NAV_TEXTS.drawer.relationTypes, '/relation-types'),
  entry(() => NAV_TEXTS.drawer.snomed, '/snomed'),
  // Review mode's queue, for changes.review (beyond the spec's drawer: review mode is an addition).
  entry(() => REVIEW_QUEUE_TEXTS.nav, '/review'),
  entry(() => NAV_TEXTS.drawer.users, '/admin/users'),
  entry(() => NAV_TEXTS.drawer.roles, '/admin/roles'),
];

export const ADMIN_MENU_ENTRIES: readonly NavEntry[] = [
  entry(() => NAV_TEXTS.admin.users, '/admin/users'),
  entry(() => NAV_TEXTS.admin.roles, '/admin/roles'),
  entry(() => NAV_TEXTS.admin.audit, '/admin/audit'),
  entry(() => NAV_TEXTS.admin.analytics, '/admin/analytics'),
  entry(() => NAV_TEXTS.admin.backup, '/admin/backup'),
  entry(() => NAV_TEXTS.admin.terminology, '/admin/terminology'),
  entry(() => PROPOSAL_TEXTS.settings.title, '/admin/review'),
];

export const DEFAULT_PATH = '/dashboard';

/**
 * The permissions the client acts on. The server sends them with the user; a user record
 * without a list falls back to its system role's set, and an unknown or missing role counts
 * as viewer (spec §2, §6).
 */
export function permissionsOf(user: Pick<User, 'role'> & { permissions?: readonly string[] | null } | null): readonly string[] {
  if (!user) return [];
  if (Array.isArray(user.permissions)) return user.permissions;
  return SYSTEM_ROLE_PERMISSIONS[user.role as SystemRoleName] ?? SYSTEM_ROLE_PERMISSIONS.viewer;
}

/** The permission a page needs beyond a session, if any (exact path or a sub-path of it). */
export function requiredPermission(pathname: string): Permission | undefined {
  const key = Object.keys(PAGE_ACCESS).find((p) => pathname === p || pathname.startsWith(`${p}/`));
  return key ? PAGE_ACCESS[key] : undefined;
}

export function canOpen(pathname: string, permissions: readonly string[]): boolean {
  const needed = requiredPermission(pathname);
  return needed ? hasAccess(needed, permissions) : true;
}

export function visibleEntries(entries: readonly NavEntry[], permissions: readonly string[]): NavEntry[] {
  return entries.filter((e) => canOpen(e.path, permissions));
}

const ID_SEGMENT = /^(\d+|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;
const isId = (segment: string) => ID_SEGMENT.test(segment);
const segmentsOf = (pathname: string) => pathname.split('/').filter(Boolean).map(decodeURIComponent);

export const BACK_ACTIONS = ['create', 'add', 'new', 'edit', 'update', 'view'] as const;
const isAction = (segment: string) => (BACK_ACTIONS as readonly string[]).includes(segment);

/**
 * The spec's page titles of the list and admin pages. The top bar shows them instead of the path
 * segment ('Snomed', 'Nodes'), and the pages' own headers leave the title to it (widgets/shell-title.ts).
 */
const PAGE_TITLE_TEXTS: Readonly<Record<string, () => string>> = {
  '/nodes': () => NODE_TEXTS.title,
  '/relations': () => RELATION_TEXTS.title,
  '/node-types': () => TYPE_TEXTS.node.title,
  '/relation-types': () => TYPE_TEXTS.relation.title,
  '/snomed': () => SNOMED_TEXTS.title,
  '/admin/users': () => USER_TEXTS.title,
  '/admin/roles': () => ROLE_TEXTS.title,
  '/admin/audit': () => AUDIT_LOG_TEXTS.title,
  '/admin/backup': () => BACKUP_TEXTS.title,
  '/admin/terminology': () => TERMINOLOGY_TEXTS.title,
  '/review': () => REVIEW_QUEUE_TEXTS.title,
  '/admin/review': () => PROPOSAL_TEXTS.settings.title,
  '/proposals': () => PROPOSAL_TEXTS.page.title,
  // Pages titled by their path segment would read it in English ('Settings'): named here instead.
  '/dashboard': () => NAV_TEXTS.drawer.dashboard,
  '/search': () => SHELL_TEXTS.search,
  '/settings': () => SHELL_TEXTS.settings,
  '/admin/analytics': () => NAV_TEXTS.admin.analytics,
};
/** Read when shown, so the titles are in the active language. */
export const PAGE_TITLES: Readonly<Record<string, string>> = Object.defineProperties(
  {},
  Object.fromEntries(Object.entries(PAGE_TITLE_TEXTS).map(([path, text]) => [path, { enumerable: true, get: text }])),
);

/**
 * Top-bar title: a page's title from PAGE_TITLES; else the last path segment with dashes turned to spaces, each word capitalised;
 * else the title the page passed; else 'Dashboard'. An id is not a title, so a path ending in
 * one (e.g. /nodes/view/{id}) uses the passed title. Nor is a bare action word: where a page
 * passes its title, /nodes/new reads 'Create New Knowledge Node' (the spec's page title), not 'New'.
 */
export function pageTitle(pathname: string, passedTitle?: string | null): string {
  const named = PAGE_TITLES[pathname.replace(/\/+$/, '') || '/'];
  if (named) return named;
  const segments = segmentsOf(pathname);
  const last = segments.at(-1);
  if (last && isAction(last) && passedTitle) return passedTitle;
  // What follows an action word (/nodes/view/{id}) is an id even when it is not shaped like one:
  // /nodes/view/not-a-uuid must not be titled 'Not A Uuid'.
  const idSlot = segments.length > 1 && isAction(segments[segments.length - 2]);
  if (last && !isId(last) && !idSlot) return last.replace(/-/g, ' ').replace(/\b\p{L}/gu, (c) => c.toUpperCase());
  return passedTitle || NAV_TEXTS.drawer.dashboard;
}

export function hasBackButton(pathname: string): boolean {
  return segmentsOf(pathname).some(isAction);
}

/**
 * Where Back goes without history: the path with the action segment (and what follows it)
 * and the id right before it removed; the dashboard when nothing is left.
 * /nodes/{id}/edit → /nodes, /nodes/view/{id} → /nodes, /relations/new → /relations.
 */
export function parentPath(pathname: string): string {
  const segments = segmentsOf(pathname);
  const action = segments.findIndex(isAction);
  const kept = action < 0 ? segments.slice(0, -1) : segments.slice(0, action);
  if (kept.length > 0 && isId(kept[kept.length - 1])) kept.pop();
  return kept.length > 0 ? `/${kept.map(encodeURIComponent).join('/')}` : DEFAULT_PATH;
}

/** Control characters (a browser's URL parser drops tab and newline: `/\t/evil` is `//evil`) and backslashes (read as `/`). */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
const UNSAFE_IN_PATH = /[\u0000-\u001f\u007f-\u009f\\]/;
const SAME_SITE = 'https://return-to.invalid';

/**
 * The return-to path from the sign-in URL, accepted only when it is a path on this site: no
 * scheme or `//host`, no control character or backslash (which browsers' URL parsers drop or read
 * as `/`, so `/%09/evil.example` would leave the origin), not even percent-encoded in the path,
 * and it must resolve to this origin. The answer is the resolved path, never the raw text.
 */
export function safeReturnTo(raw: string | null | undefined): string | null {
  if (!raw || raw.length > 2048 || !raw.startsWith('/') || raw.startsWith('//') || UNSAFE_IN_PATH.test(raw)) return null;
  // The path part decoded (twice: %252F is %2F once decoded) must hold none of them either.
  let path = raw.split(/[?#]/)[0];
  for (let i = 0; i < 2; i++) {
    try {
      path = decodeURIComponent(path);
    } catch {
      return null;
    }
    if (path.startsWith('//') || UNSAFE_IN_PATH.test(path)) return null;
  }
  let url: URL;
  try {
    url = new URL(raw, SAME_SITE);
  } catch {
    return null;
  }
  if (url.origin !== SAME_SITE) return null;
  if (url.pathname === '/login' || url.pathname === '/register') return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** /login with the wanted page as return-to (left out when it is the default page). */
export function loginPath(wanted: string): string {
  const target = safeReturnTo(wanted);
  return target && target !== '/' && target !== DEFAULT_PATH ? `/login?returnTo=${encodeURIComponent(target)}` : '/login';
}
