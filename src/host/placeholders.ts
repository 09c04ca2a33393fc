/**
 * Routes of the spec's route table whose screens are not built yet. Each renders a
 * "coming soon" card naming the screen; remove an entry when its real page lands.
 * `title` is only needed where the path ends in an id (the top bar cannot use an id).
 */
export interface PlaceholderRoute {
  path: string;
  screen: string;
  title?: string;
}

export const PLACEHOLDER_ROUTES: readonly PlaceholderRoute[] = [
  { path: '/nodes/new', screen: 'Create New Knowledge Node' },
  { path: '/nodes/:id/edit', screen: 'Edit Knowledge Node' },
  { path: '/nodes/view/:id', screen: 'Node Detail', title: 'Node Detail' },
  { path: '/nodes/:id/relations/new', screen: 'Create New Relation' },
  { path: '/relations', screen: 'Relations' },
  { path: '/relations/new', screen: 'Create New Relation' },
  { path: '/relations/create', screen: 'Create New Relation' },
  { path: '/relations/:id/edit', screen: 'Edit Relation' },
  { path: '/node-types', screen: 'Node Type Management' },
  { path: '/relation-types', screen: 'Relation Type Management' },
  { path: '/admin/analytics', screen: 'Analytics' },
];
