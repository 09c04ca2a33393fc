/**
 * Review mode: the settings, proposals of node and relation changes and their approval by a second
 * person. The ordinary node and relation routes reach it through proposeIfUnderReview.
 */
export { proposeIfUnderReview, type OrdinaryWrite } from './propose';
export { reviewRoutes } from './routes';
