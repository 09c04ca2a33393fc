import type { Graph } from '../../contract/knowledge/graph';
import type { TaxonomyType } from '../../contract/knowledge/taxonomy';
import { ApiError, type ApiClient } from '../client';
import { loadGraphPerNode } from './graph-fallback';

export interface GraphQuery {
  /** Focus node id: its neighbourhood; none: the global graph. */
  focus?: string;
  depth?: number;
  nodeTypes?: string[];
  relationTypes?: string[];
  limit?: number;
}

const list = (names?: string[]) => (names && names.length ? names.join(',') : undefined);

/**
 * A server without GET /graph: a 404 that names the missing route ("No route GET /api/graph")
 * or carries no error body at all. "Node not found" (a deleted focus node) is not one.
 */
const noGraphRoute = (err: unknown) => err instanceof ApiError && err.status === 404 && (/^no route/i.test(err.message) || err.code === 'http_error');

/**
 * The graph explorer's calls. `load` is ONE GET /graph (DESIGN §4); only a server that lacks
 * the route gets the spec's per-node loading (§7 Composite loads) as a fallback.
 */
export const graphApi = (api: ApiClient) => ({
  async load(q: GraphQuery, signal?: AbortSignal): Promise<Graph> {
    try {
      return await api.request<Graph>('/graph', {
        query: { focus: q.focus, depth: q.depth, nodeTypes: list(q.nodeTypes), relationTypes: list(q.relationTypes), limit: q.limit },
        signal,
      });
    } catch (err) {
      if (!noGraphRoute(err)) throw err;
      return loadGraphPerNode(api, q.focus, signal);
    }
  },
  nodeTypes: () => api.request<TaxonomyType[]>('/nodetypes'),
  relationTypes: () => api.request<TaxonomyType[]>('/relationtypes'),
});
export type GraphApi = ReturnType<typeof graphApi>;
