/**
 * Discussions: comment threads on nodes and relations (routes only; the table goes with its record,
 * and backup reads it as a table of its own).
 */
export { commentRoutes } from './routes';
