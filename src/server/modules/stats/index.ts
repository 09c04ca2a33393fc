/** The dashboard's counts. */
export { statsRoutes } from './routes';
