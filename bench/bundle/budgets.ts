/**
 * Size budgets (KB of gzip, 1 KB = 1024 bytes) for `npm run bench -- bundle`. An element that is not
 * listed is held to DEFAULT_ELEMENT_BUDGET_KB; give a new element its own line when it needs one.
 *
 * Ofetch (the API client's HTTP layer, in the shared core chunk) and the i18n runtime with
 * the English catalogue inline may add up to 4 KB to every budget; kg-user-admin and kg-snomed-admin
 * were at their 50 KB already and get 55 KB.
 */
export const ELEMENT_BUDGETS_KB: Record<string, number> = {
  'kg-snomed-admin': 55,
  'kg-user-admin': 55,
  'kg-graph-explorer': 114,
  'kg-audit-log': 60,
  // ≤ 90 KB with its chart library (uPlot) loaded on use, i.e. counted here.
  'kg-analytics': 90,
};
export const DEFAULT_ELEMENT_BUDGET_KB = 64;
/**
 * The elements added after the all-elements budget was set (2026-11-21, for eight elements): kg-audit-log
 * and kg-analytics, each with a budget of its own above, and kg-terminology and kg-review-queue (the default budget).
 */
export const LATER_ELEMENTS: readonly string[] = ['kg-audit-log', 'kg-analytics', 'kg-terminology', 'kg-review-queue'];
/** The first eight elements on one page (kg-elements.js): 170 KB as set for them, + 4 KB for ofetch and i18n. */
export const FIRST_WAVE_BUDGET_KB = 174;
/**
 * Every element on one page (kg-elements.js): the first eight's budget plus what the two later
 * elements bring that none of the eight loads: kg-analytics's chart library (uPlot, 21.4 KB, which
 * the budget counts inside the element's 90 KB) and the two screens' own code (13.2 KB as measured on
 * 2026-11-25; 12 KB allowed, so the eight's headroom absorbs the rest), and kg-terminology's screen (its
 * own chunk 7.0 KB gzip in the 2026-12-05 build: 7 KB more), and kg-review-queue's (its own chunk 11.5 KB
 * gzip in the 2026-12-05 build: 12 KB more).
 */
export const UPLOT_KB = 22;
export const LATER_ELEMENTS_OWN_KB = 31;
export const ALL_ELEMENTS_BUDGET_KB = FIRST_WAVE_BUDGET_KB + UPLOT_KB + LATER_ELEMENTS_OWN_KB;
/** The host app's first route (/login): its JS and CSS. */
export const HOST_FIRST_ROUTE_BUDGET_KB = 204;
