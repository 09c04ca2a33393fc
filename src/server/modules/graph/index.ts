/** The graph views: the global graph and one node's neighbourhood. */
export { focusedGraph, globalGraph, type GraphQuery } from './repository';
export { graphRoutes } from './routes';
