import type { Permission } from './permissions';

/**
 * Who may call what. The server refuses to start if a route it registers is missing here,
 * and checks the named permission on every request; the client reads the same table to
 * decide which routes, menu entries and buttons to show.
 *
 * - 'public': no session needed.
 * - 'authenticated': any signed-in, active user.
 * - a Permission: the user's role must grant it.
 */
export type Access = 'public' | 'authenticated' | Permission;

/** Keys are `METHOD /path` relative to the API base `/api`, with `:param` segments. */
export const API_ACCESS = {
  'GET /health': 'public',
  'GET /live': 'public',
  'GET /ready': 'public',

  'POST /auth/register': 'public',
  'POST /auth/login': 'public',
  'POST /auth/refresh': 'public',
  'POST /auth/logout': 'public',
  'POST /auth/logout-all': 'authenticated',
  'GET /auth/me': 'authenticated',
  'POST /auth/verify-password': 'authenticated',
  'POST /auth/check-username': 'authenticated',
  'PUT /auth/profile': 'authenticated',
  'GET /auth/sso': 'public',
  'GET /auth/oidc/start': 'public',
  'GET /auth/oidc/callback': 'public',
  'POST /auth/oidc/redeem': 'public',
  'POST /auth/oidc/logout': 'public',
  'POST /auth/oidc/backchannel-logout': 'public',
  'POST /auth/token-exchange': 'public',

  'GET /stats': 'authenticated',

  'GET /nodes': 'nodes.read',
  'GET /nodes/search': 'nodes.read',
  'GET /nodes/template': 'nodes.create',
  'POST /nodes/upload': 'nodes.create',
  'GET /nodes/download-errors/:id': 'nodes.create',
  'GET /nodes/:id': 'nodes.read',
  'POST /nodes': 'nodes.create',
  'PUT /nodes/:id': 'nodes.update',
  'DELETE /nodes/:id': 'nodes.delete',
  'GET /nodes/:id/relations': 'nodes.read',
  'GET /nodes/:id/type-change': 'nodes.read',
  'POST /nodes/:id/attachments': 'nodes.update',
  'GET /nodes/:id/attachments/:attachmentId/download': 'nodes.read',
  'DELETE /nodes/:id/attachments/:attachmentId': 'nodes.update',
  // History (also of a deleted node, by id); restoring a delete entry also needs nodes.create (checked in the route).
  'GET /nodes/:id/history': 'nodes.read',
  'POST /nodes/:id/restore': 'nodes.update',
  // The same restore run and rolled back: what it would change, for its confirmation.
  'GET /nodes/:id/restore-preview': 'nodes.update',
  // Authorised by the signed, expiring link that …/download hands out (a plain link has no token).
  'GET /attachments/:attachmentId/content': 'public',

  'GET /relations': 'nodes.read',
  'GET /relations/:id': 'nodes.read',
  'POST /relations': 'relations.create',
  // Bulk relation import: creating relations, as the node upload is creating nodes.
  'GET /relations/template': 'relations.create',
  'POST /relations/upload': 'relations.create',
  'GET /relations/download-errors/:id': 'relations.create',
  'PUT /relations/:id': 'relations.update',
  'DELETE /relations/:id': 'relations.delete',
  // A reader without relations.update gets no note changes; restoring a delete entry also needs relations.create.
  'GET /relations/:id/history': 'nodes.read',
  'POST /relations/:id/restore': 'relations.update',
  'GET /relations/:id/restore-preview': 'relations.update',

  // Discussions (contract/knowledge/comments.ts): a reader may read and join a record's thread; editing
  // a comment is its author's, deleting another's needs the record's delete permission (both checked in the route).
  'GET /nodes/:id/comments': 'nodes.read',
  'POST /nodes/:id/comments': 'nodes.read',
  'GET /relations/:id/comments': 'nodes.read',
  'POST /relations/:id/comments': 'nodes.read',
  'PUT /comments/:id': 'nodes.read',
  'DELETE /comments/:id': 'nodes.read',

  // Review mode (contract/knowledge/review.ts): every signed-in user reads the settings (the forms say a
  // save becomes a proposal). Proposals: proposers see and change their own, changes.review sees all and
  // decides (never on one's own: checked in the route), others see none.
  'GET /review/settings': 'authenticated',
  'PUT /review/settings': 'system.config',
  'GET /proposals': 'authenticated',
  'GET /proposals/count': 'authenticated',
  // The queue's proposer filter names everyone who proposed: for reviewers only.
  'GET /proposals/proposers': 'changes.review',
  'GET /proposals/:id': 'authenticated',
  'POST /proposals': 'authenticated',
  'PUT /proposals/:id': 'authenticated',
  'POST /proposals/:id/submit': 'authenticated',
  'POST /proposals/:id/withdraw': 'authenticated',
  'POST /proposals/:id/approve': 'changes.review',
  'POST /proposals/:id/reject': 'changes.review',
  // Files kept with a proposal that creates a node: its proposer adds them (who could create the node);
  // the proposer and reviewers download them (checked in the route), through a signed link as attachments.
  'POST /proposals/:id/attachments': 'nodes.create',
  'GET /proposals/:id/attachments/:attachmentId/download': 'nodes.read',
  'GET /proposal-attachments/:attachmentId/content': 'public',
  // A proposal's discussion: its proposer and reviewers only (the route answers 403 to the others).
  'GET /proposals/:id/comments': 'authenticated',
  'POST /proposals/:id/comments': 'authenticated',

  'GET /nodetypes': 'nodes.read',
  'GET /nodetypes/:id': 'nodes.read',
  'POST /nodetypes': 'system.config',
  'PUT /nodetypes/:id': 'system.config',
  'DELETE /nodetypes/:id': 'system.config',
  'GET /relationtypes': 'nodes.read',
  'GET /relationtypes/:id': 'nodes.read',
  'POST /relationtypes': 'system.config',
  'PUT /relationtypes/:id': 'system.config',
  'DELETE /relationtypes/:id': 'system.config',

  'GET /graph': 'nodes.read',

  'GET /snomed/concepts': 'nodes.read',
  'GET /snomed/concepts/:conceptId': 'nodes.read',
  'DELETE /snomed/concept/:id': 'system.config',
  'POST /snomed/import': 'nodes.create',
  'GET /snomed/template': 'nodes.create',
  'GET /snomed/download-errors/:filename': 'nodes.create',
  // SNOMED drift: who reads nodes sees which need review (the catalogue is
  // readable with nodes.read too); accepting the change is an edit of the node.
  'GET /snomed/drift': 'nodes.read',
  'POST /snomed/drift/:nodeId/accept': 'nodes.update',
  // Recoding a node to a suggested replacement is an edit of the node.
  'POST /snomed/drift/:nodeId/replace': 'nodes.update',

  // The Terminology page (FHIR resources stored under /fhir): listing and concepts are reads; adding a
  // code system to the graph creates nodes, and relations (relations.create, checked in the handler).
  'GET /terminology/resources': 'nodes.read',
  'GET /terminology/code-systems/:id/concepts': 'nodes.read',
  'POST /terminology/code-systems/:id/graph': 'nodes.create',
  'GET /terminology/jobs/:id': 'nodes.create',
  'GET /terminology/hierarchy': 'nodes.read',
  'PUT /terminology/hierarchy': 'system.config',
  'GET /terminology/exports/code-system': 'nodes.read',
  'GET /terminology/exports/value-set/:id': 'nodes.read',
  'GET /terminology/exports/concept-map/:id': 'nodes.read',
  'GET /terminology/exports/snomed-map': 'nodes.read',

  // Non-admins get a directory (id, username); full records need users.read.
  'GET /users': 'authenticated',
  'POST /users': 'users.create',
  'PUT /users/:id': 'users.update',
  // Admins only besides the permission (modules/sso/link-routes.ts): the subject then signs in as the account.
  'PUT /users/:id/sso-identity': 'users.update',
  'DELETE /users/:id/sso-identity': 'users.update',
  'DELETE /users/:id': 'users.delete',

  'GET /roles': 'roles.manage',
  'POST /roles': 'roles.manage',
  'PUT /roles/:id': 'roles.manage',
  'DELETE /roles/:id': 'roles.manage',

  // The audit log. Retention deletes events: a maintenance task; the handler also
  // requires system.logs, so nobody purges a log they cannot read.
  'GET /audit': 'system.logs',
  'GET /audit/export': 'system.logs',
  'GET /audit/retention': 'system.logs',
  'PUT /audit/retention': 'system.maintenance',
  'POST /audit/purge': 'system.maintenance',
  // The Analytics page.
  'GET /analytics/quality': 'analytics.view',
  'GET /analytics/totals': 'analytics.view',
  'GET /analytics/activity': 'analytics.view',
  'GET /analytics/export': 'analytics.export',
  'GET /backup': 'system.backup',
  // The same archive, encrypted with the body's passphrase.
  'POST /backup': 'system.backup',
  // Also only the system role admin (checked in the handler): a restore writes users and roles.
  'POST /backup/restore': 'system.backup',
} as const satisfies Record<string, Access>;

export type ApiRouteKey = keyof typeof API_ACCESS;

/** Host routes that need more than a session (spec §2 route table). */
export const PAGE_ACCESS: Record<string, Permission> = {
  '/node-types': 'system.config',
  '/relation-types': 'system.config',
  '/snomed': 'system.config',
  '/admin/users': 'users.read',
  '/admin/roles': 'roles.manage',
  '/admin/analytics': 'analytics.view',
  '/admin/audit': 'system.logs',
  '/admin/backup': 'system.backup',
  '/admin/terminology': 'system.config',
  '/review': 'changes.review',
  // Review mode: the settings are the system's; "My proposals" is for those who edit (a save may become one).
  '/admin/review': 'system.config',
  '/proposals': 'nodes.update',
};

export function hasAccess(access: Access, permissions: readonly string[] | null | undefined): boolean {
  if (access === 'public') return true;
  if (!permissions) return false;
  if (access === 'authenticated') return true;
  return permissions.includes(access);
}
