/** Node and relation types (the taxonomy) and the relation rules between them. */
export { getType, listTypes } from './repository';
export { nodeTypeRoutes, relationTypeRoutes } from './routes';
