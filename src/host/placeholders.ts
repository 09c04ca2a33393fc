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

// Every screen of the route table is built now (Analytics was the last).
export const PLACEHOLDER_ROUTES: readonly PlaceholderRoute[] = [];
