import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse, Relation, TaxonomyType } from '../../../contract';
import { testApp, type TestApp } from '../../test/harness';
import { countRuleBreakingRelations, fitsRule, loadRelationRules, ruleViolation, type RelationRule } from './rules';

/** Relation-type rules: the check itself, then the API on both databases. */
describe('ruleViolation', () => {
  const names = new Map([
    ['d', 'Disease'],
    ['s', 'Symptom'],
    ['x', 'Drug'],
  ]);
  const rule = (r: Partial<RelationRule>): RelationRule => ({
    relationTypeId: 'rt',
    relationTypeName: 'symptom of',
    sourceNodeTypeIds: [],
    targetNodeTypeIds: [],
    symmetric: false,
    defaultWeight: null,
    ...r,
  });

  it('lets anything through an empty rule', () => {
    expect(ruleViolation(rule({}), 'x', 'd', names)).toBeNull();
  });

  it('names the rule and the end that breaks it, source first', () => {
    const r = rule({ sourceNodeTypeIds: ['s'], targetNodeTypeIds: ['d'] });
    expect(ruleViolation(r, 's', 'd', names)).toBeNull();
    expect(ruleViolation(r, 'x', 'x', names)).toBe('Relation type "symptom of" allows source node types "Symptom" only; the source is a "Drug"');
    expect(ruleViolation(r, 's', 'x', names)).toBe('Relation type "symptom of" allows target node types "Disease" only; the target is a "Drug"');
  });

  it('lets a symmetric type fit either way round', () => {
    const r = rule({ sourceNodeTypeIds: ['x'], targetNodeTypeIds: ['d'], symmetric: true });
    expect(fitsRule(r, 'd', 'x')).toBe(true);
    expect(ruleViolation(r, 'd', 'd', names)).toMatch(/either way round/);
  });
});

let t: TestApp;
let admin: AuthResponse;
const ids: Record<string, string> = {};

const call = async <T = unknown>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, query?: Record<string, string>) => {
  const res = await t.call({ method, url: `/api${url}`, token: admin.accessToken, payload, query });
  return { status: res.statusCode, body: res.json<T>() };
};
const relation = (source: string, target: string, relationType: string, extra: object = {}) =>
  call<Relation & { error: string; code: string }>('POST', '/relations', { relationName: `${source} ${relationType} ${target}`, sourceNodeId: ids[source], targetNodeId: ids[target], relationType, ...extra });
const relationType = async (name: string) => (await call<TaxonomyType[]>('GET', '/relationtypes')).body.find((x) => x.name === name)!;

beforeAll(async () => {
  t = await testApp();
  admin = await t.register('admin');
  for (const name of ['Disease', 'Symptom', 'Drug']) ids[name] = (await call<{ id: string }>('POST', '/nodetypes', { name })).body.id;
  for (const [name, nodeType] of [
    ['Migraine', 'Disease'],
    ['Flu', 'Disease'],
    ['Headache', 'Symptom'],
    ['Aspirin', 'Drug'],
    ['Ibuprofen', 'Drug'],
  ]) {
    ids[name] = (await call<{ id: string }>('POST', '/nodes', { name, nodeType })).body.id;
  }
});
afterAll(() => t?.close());

describe('relation type rules in the API', () => {
  it('stores the rule fields by name, refuses unknown node types and audits the change', async () => {
    const created = await call<TaxonomyType>('POST', '/relationtypes', { name: 'treats', sourceNodeTypes: ['drug'], targetNodeTypes: ['Disease'], defaultWeight: 70 });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ sourceNodeTypes: ['Drug'], targetNodeTypes: ['Disease'], symmetric: false, defaultWeight: 70 });
    const unknown = await call<{ error: string }>('PUT', `/relationtypes/${created.body.id}`, { name: 'treats', sourceNodeTypes: ['Drugs'] });
    expect(unknown).toMatchObject({ status: 400, body: { error: 'Node type "Drugs" does not exist' } });
    expect((await call('POST', '/relationtypes', { name: 'bad weight', defaultWeight: 0 })).status).toBe(400);
    await call('POST', '/relationtypes', { name: 'interacts with', sourceNodeTypes: ['Drug'], targetNodeTypes: ['Drug'], symmetric: true });
    await call('POST', '/relationtypes', { name: 'related to' });

    // Only the fields given change; the rename keeps the rule.
    const renamed = await call<TaxonomyType>('PUT', `/relationtypes/${created.body.id}`, { name: 'treats', symmetric: false });
    expect(renamed.body).toMatchObject({ sourceNodeTypes: ['Drug'], defaultWeight: 70 });
    const [event] = await t.db.query<{ changes: { field: string }[] }>(
      `SELECT changes FROM audit_log WHERE entity_type = 'relation_type' AND entity_id = $1 AND action = 'create'`,
      [created.body.id],
    );
    expect(event.changes.map((c) => c.field)).toEqual(['name', 'sourceNodeTypes', 'targetNodeTypes', 'symmetric', 'defaultWeight']);
  });

  it('keeps the rules when a node type is renamed (stored by id)', async () => {
    await call('PUT', `/nodetypes/${ids.Drug}`, { name: 'Medicine' });
    expect((await relationType('treats')).sourceNodeTypes).toEqual(['Medicine']);
    await call('PUT', `/nodetypes/${ids.Drug}`, { name: 'Drug' });
    expect((await relationType('treats')).sourceNodeTypes).toEqual(['Drug']);
  });

  it('refuses a relation that breaks the rule with a 400 naming it, and pre-fills the default weight', async () => {
    const bad = await relation('Migraine', 'Aspirin', 'treats');
    expect(bad).toMatchObject({ status: 400, body: { code: 'relation_rule', error: 'Relation type "treats" allows source node types "Drug" only; the source is a "Disease"' } });
    const ok = await relation('Aspirin', 'Migraine', 'treats');
    expect(ok).toMatchObject({ status: 201, body: { weight: 70, symmetric: false } });
    expect((await relation('Aspirin', 'Flu', 'treats', { weight: 20 })).body.weight).toBe(20);
    expect((await relation('Aspirin', 'Ibuprofen', 'interacts with')).body.symmetric).toBe(true);
  });

  it('refuses a second relation with the same ends and type (409), reversed too for a symmetric type', async () => {
    expect(await relation('Aspirin', 'Migraine', 'treats')).toMatchObject({ status: 409, body: { code: 'duplicate_relation' } });
    expect(await relation('Ibuprofen', 'Aspirin', 'interacts with')).toMatchObject({ status: 409, body: { code: 'duplicate_relation' } });
    // Reversed ends of a directed type are another relation.
    expect((await relation('Headache', 'Migraine', 'related to')).status).toBe(201);
    expect((await relation('Migraine', 'Headache', 'related to')).status).toBe(201);
    expect((await relation('Migraine', 'Headache', 'related to')).status).toBe(409);
    // An update onto an existing relation's ends is refused as well.
    const other = (await relation('Ibuprofen', 'Migraine', 'treats')).body;
    const put = await call('PUT', `/relations/${other.id}`, { relationName: 'x', sourceNodeId: ids.Aspirin, targetNodeId: ids.Migraine, relationType: 'treats' });
    expect(put.status).toBe(409);
  });

  it('lists relations made before a rule, keeps them editable while their ends and type stay, and refuses moving them', async () => {
    const old = (await relation('Headache', 'Flu', 'related to')).body;
    expect(await countRuleBreakingRelations(t.db)).toBe(0);
    const relatedTo = await relationType('related to');
    await call('PUT', `/relationtypes/${relatedTo.id}`, { name: 'related to', sourceNodeTypes: ['Disease'] });
    // Headache→Migraine and Headache→Flu now break it (Migraine→Headache does not).
    expect(await countRuleBreakingRelations(t.db)).toBe(2);
    const listed = await call<{ data: Relation[] }>('GET', '/relations', undefined, { ruleViolations: 'true', sortBy: 'relationName', sortOrder: 'asc' });
    expect(listed.body.data.map((r) => r.relationName)).toEqual(['Headache related to Flu', 'Headache related to Migraine']);
    expect((await call<{ data: Relation[] }>('GET', '/relations', undefined, { ruleViolations: 'false' })).body.data.length).toBeGreaterThan(2);

    const same = { relationName: 'renamed', sourceNodeId: ids.Headache, targetNodeId: ids.Flu, relationType: 'related to', weight: 5 };
    expect(await call('PUT', `/relations/${old.id}`, same)).toMatchObject({ status: 200, body: { relationName: 'renamed', weight: 5 } });
    const moved = await call('PUT', `/relations/${old.id}`, { ...same, targetNodeId: ids.Migraine });
    expect(moved).toMatchObject({ status: 400, body: { code: 'relation_rule' } });
    expect((await call('PUT', `/relations/${old.id}`, { ...same, relationType: 'treats' })).status).toBe(400);
  });

  it("answers the relations a node's type change would break", async () => {
    const impact = await call<Relation[]>('GET', `/nodes/${ids.Aspirin}/type-change`, undefined, { nodeTypeId: ids.Disease });
    expect(impact.body.map((r) => r.relationName).sort()).toEqual(['Aspirin interacts with Ibuprofen', 'Aspirin treats Flu', 'Aspirin treats Migraine']);
    const byName = await call<Relation[]>('GET', `/nodes/${ids.Aspirin}/type-change`, undefined, { nodeType: 'drug' });
    expect(byName.body).toEqual([]);
    expect((await call('GET', `/nodes/${ids.Aspirin}/type-change`, undefined, { nodeType: 'Nope' })).status).toBe(400);
    // Spec §2: a node with relations keeps its type (node_type_locked), so today the answer is what
    // the lock prevents; the call is there for whoever lifts it (the form warns, then may save).
    const put = await call('PUT', `/nodes/${ids.Aspirin}`, { name: 'Aspirin', nodeType: 'Disease' });
    expect(put.body).toMatchObject({ code: 'node_type_locked' });
    expect((await loadRelationRules(t.db)).size).toBe(3);
  });
});
