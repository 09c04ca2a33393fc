/**
 * The admin Terminology page's API: the stored FHIR terminology resources and their concepts for the
 * screens, and adding a code system to the graph (nodes and is-a relations) as a background job.
 */
export { terminologyRoutes } from './routes';
