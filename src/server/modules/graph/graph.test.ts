import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GraphSchema, type AuthResponse, type Graph, type NodeRelationItem } from '../../../contract';
import { loadSampleGraph } from '../../seed/sample-graph';
import { testApp, type TestApp } from '../../test/harness';

let t: TestApp;
let viewer: AuthResponse;
let counts: { nodes: number; relations: number };

beforeAll(async () => {
  t = await testApp();
  await t.register('admin');
  viewer = await t.register('viewer');
  counts = await t.db.transaction((tx) => loadSampleGraph(tx));
});
afterAll(() => t?.close());

const graph = async (query: Record<string, string>) => {
  const res = await t.call({ method: 'GET', url: '/api/graph', token: viewer.accessToken, query });
  expect(res.statusCode).toBe(200);
  return res.json<Graph>();
};

function consistent(g: Graph) {
  const ids = new Set(g.nodes.map((n) => n.id));
  for (const r of g.relations) {
    expect(ids.has(r.sourceNodeId) && ids.has(r.targetNodeId)).toBe(true);
  }
  expect(new Set(g.relations.map((r) => r.id)).size).toBe(g.relations.length);
}

describe('GET /graph, global', () => {
  it('returns every node and relation in one answer', async () => {
    const g = await graph({});
    expect(g).toMatchObject({ focus: null, truncated: false, totalNodes: counts.nodes });
    expect(g.nodes).toHaveLength(counts.nodes);
    expect(g.relations).toHaveLength(counts.relations);
    expect(() => GraphSchema.parse(g)).not.toThrow();
    consistent(g);
  });

  it('carries each node\'s and relation\'s version, so the graph\'s edits can send it as If-Match', async () => {
    const g = await graph({});
    const [node, rel] = [g.nodes[0], g.relations[0]];
    expect(node.version).toBeGreaterThanOrEqual(1);
    expect(rel.version).toBeGreaterThanOrEqual(1);
    await t.db.query('UPDATE nodes SET version = version + 1 WHERE id = $1', [node.id]);
    await t.db.query('UPDATE relations SET version = version + 1 WHERE id = $1', [rel.id]);
    const after = await graph({});
    expect(after.nodes.find((n) => n.id === node.id)?.version).toBe(node.version! + 1);
    expect(after.relations.find((r) => r.id === rel.id)?.version).toBe(rel.version! + 1);
  });

  it("keeps each node's degree equal to its relations through inserts, updates and deletes", async () => {
    const check = async () => {
      const g = await graph({});
      const counted = new Map<string, number>();
      for (const r of g.relations) for (const id of [r.sourceNodeId, r.targetNodeId]) counted.set(id, (counted.get(id) ?? 0) + 1);
      for (const n of g.nodes) expect(n.degree).toBe(counted.get(n.id) ?? 0);
      GraphSchema.parse(g);
      return g;
    };
    const g = await check();
    const hub = [...g.nodes].sort((a, b) => b.degree - a.degree)[0];
    const rel = g.relations.find((r) => r.sourceNodeId === hub.id || r.targetNodeId === hub.id)!;
    // A little-connected node, so the focused tests below keep their hubs.
    const other = [...g.nodes].sort((a, b) => a.degree - b.degree).find((n) => n.id !== rel.sourceNodeId && n.id !== rel.targetNodeId && n.degree > 0)!;
    await t.db.query('UPDATE relations SET target_node_id = $2 WHERE id = $1 AND source_node_id <> $2', [rel.id, other.id]);
    await check();
    await t.db.query('DELETE FROM nodes WHERE id = $1', [other.id]);
    await check();
  });

  it('keeps the best-connected nodes past the limit and says it truncated', async () => {
    const g = await graph({ limit: '10' });
    expect(g.truncated).toBe(true);
    expect(g.nodes).toHaveLength(10);
    const all = await graph({});
    const tenthBest = all.nodes.map((n) => n.degree).sort((a, b) => b - a)[9];
    expect(Math.min(...g.nodes.map((n) => n.degree))).toBe(tenthBest);
    consistent(g);
  });

  it('filters by node types and relation types (case-insensitive)', async () => {
    const g = await graph({ nodeTypes: 'drug,DISEASE', relationTypes: 'treats (symptomatic)' });
    expect(new Set(g.nodes.map((n) => n.nodeType))).toEqual(new Set(['Drug', 'Disease']));
    expect(g.relations.length).toBeGreaterThan(0);
    expect(new Set(g.relations.map((r) => r.relationType))).toEqual(new Set(['treats (symptomatic)']));
    consistent(g);
  });
});

describe('GET /graph, focused', () => {
  it("depth 1 is the node and its neighbours, matching the node's relations", async () => {
    const [{ id }] = await t.db.query<{ id: string }>(`SELECT id FROM nodes WHERE lower(name) = 'hypertension'`);
    const g = await graph({ focus: id });
    const items = (await t.call({ method: 'GET', url: `/api/nodes/${id}/relations`, token: viewer.accessToken })).json<NodeRelationItem[]>();
    expect(g.focus).toBe(id);
    expect(new Set(g.nodes.map((n) => n.id))).toEqual(new Set([id, ...items.map((i) => i.relatedNode.id)]));
    for (const i of items) expect(g.relations.map((r) => r.id)).toContain(i.id);
    consistent(g);

    const deeper = await graph({ focus: id, depth: '2' });
    expect(deeper.nodes.length).toBeGreaterThan(g.nodes.length);
    consistent(deeper);
    const capped = await graph({ focus: id, depth: '3', limit: '20' });
    expect(capped).toMatchObject({ truncated: true });
    expect(capped.nodes).toHaveLength(20);
  });

  it('answers 404 for an unknown node and 401 without a session', async () => {
    const res = await t.call({ method: 'GET', url: '/api/graph', token: viewer.accessToken, query: { focus: '00000000-0000-4000-8000-000000000000' } });
    expect(res.statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: '/api/graph' })).statusCode).toBe(401);
  });
});
