/**
 * Size budgets (KB of gzip, 1 KB = 1024 bytes) for `npm run bench -- bundle`. An element that is not
 * listed is held to DEFAULT_ELEMENT_BUDGET_KB; give a new element its own line when it needs one.
 */
export const ELEMENT_BUDGETS_KB: Record<string, number> = {
  'kg-snomed-admin': 50,
  'kg-user-admin': 50,
  'kg-graph-explorer': 110,
  'kg-audit-log': 60,
};
export const DEFAULT_ELEMENT_BUDGET_KB = 60;
/** Every element on one page (kg-elements.js). */
export const ALL_ELEMENTS_BUDGET_KB = 170;
/** The host app's first route (/login): its JS and CSS. */
export const HOST_FIRST_ROUTE_BUDGET_KB = 200;
