import type { Graph, GraphNode, GraphRelation } from '../../contract/knowledge/graph';
import type { KnowledgeNode } from '../../contract/knowledge/nodes';
import type { NodeRelationItem } from '../../contract/knowledge/relations';
import type { ApiClient } from '../client';

interface NodePage {
  data: KnowledgeNode[];
}

const toNode = (n: Pick<KnowledgeNode, 'id' | 'name' | 'nodeType' | 'snomedCode'> & Partial<KnowledgeNode>, degree = 0): GraphNode => ({
  id: n.id,
  name: n.name,
  nodeType: n.nodeType,
  snomedCode: n.snomedCode ?? null,
  description: n.description ?? null,
  createdAt: n.createdAt ?? '',
  degree,
});

const toRelation = (r: NodeRelationItem): GraphRelation => ({
  id: r.id,
  sourceNodeId: r.sourceNodeId,
  targetNodeId: r.targetNodeId,
  relationType: r.relationType,
  relationName: r.relationName,
  weight: r.weight,
  description: r.description,
});

/**
 * Spec §7 Composite loads, for servers without GET /graph: all nodes, then each node's
 * relations one by one, deduplicated by relation id; a failed per-node load is skipped with
 * a warning. Focused: the node and its relations only.
 */
export async function loadGraphPerNode(api: ApiClient, focus: string | undefined, signal?: AbortSignal): Promise<Graph> {
  const nodes = new Map<string, GraphNode>();
  const relations = new Map<string, GraphRelation>();
  const addRelations = (items: NodeRelationItem[]) => {
    for (const item of items) {
      relations.set(item.id, toRelation(item));
      if (!nodes.has(item.relatedNode.id)) nodes.set(item.relatedNode.id, toNode(item.relatedNode));
    }
  };
  if (focus) {
    const node = await api.request<KnowledgeNode>(`/nodes/${encodeURIComponent(focus)}`, { signal });
    nodes.set(node.id, toNode(node));
    addRelations(await api.request<NodeRelationItem[]>(`/nodes/${encodeURIComponent(focus)}/relations`, { signal }));
  } else {
    const page = await api.request<NodePage>('/nodes', { query: { limit: 1000 }, signal });
    for (const n of page.data) nodes.set(n.id, toNode(n));
    for (const n of page.data) {
      try {
        addRelations(await api.request<NodeRelationItem[]>(`/nodes/${encodeURIComponent(n.id)}/relations`, { signal }));
      } catch (err) {
        console.warn(`Skipping the relations of node ${n.id}:`, err);
      }
    }
  }
  const degree = new Map<string, number>();
  for (const r of relations.values()) {
    degree.set(r.sourceNodeId, (degree.get(r.sourceNodeId) ?? 0) + 1);
    degree.set(r.targetNodeId, (degree.get(r.targetNodeId) ?? 0) + 1);
  }
  const list = [...nodes.values()].map((n) => ({ ...n, degree: degree.get(n.id) ?? n.degree }));
  return { focus: focus ?? null, nodes: list, relations: [...relations.values()], truncated: false, totalNodes: list.length };
}
