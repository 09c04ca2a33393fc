import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/db';
import { cloneDatabase } from '../test/harness';
import { countRuleBreakingRelations, loadRelationRules } from '../modules/relations/rules';
import { loadSampleGraph, type SampleGraphCounts } from './sample-graph';

let db: Db;
let loaded: SampleGraphCounts;

const one = async <T>(sql: string, params: unknown[] = []) => (await db.query<T>(sql, params))[0];
const count = async (sql: string, params: unknown[] = []) => (await one<{ n: number }>(sql, params)).n;

beforeAll(async () => {
  db = await cloneDatabase();
  // A type someone already made in other capitalisation must be reused, not duplicated.
  await db.query(`INSERT INTO node_types (name) VALUES ('DISEASE')`);
  loaded = await db.transaction((tx) => loadSampleGraph(tx));
});
afterAll(async () => {
  await db?.close();
});

describe('loadSampleGraph', () => {
  it('loads a few hundred nodes, 1,000–2,000 relations and their SNOMED rows', async () => {
    expect(loaded.nodes).toBeGreaterThanOrEqual(300);
    expect(loaded.nodes).toBeLessThanOrEqual(450);
    expect(loaded.relations).toBeGreaterThanOrEqual(1000);
    expect(loaded.relations).toBeLessThanOrEqual(2000);
    expect(loaded.concepts).toBeGreaterThan(0);
    expect(await count('SELECT count(*)::int AS n FROM nodes WHERE created_by IS NULL')).toBe(loaded.nodes);
    expect(await count('SELECT count(*)::int AS n FROM relations')).toBe(loaded.relations);
    expect(await count('SELECT count(*)::int AS n FROM snomed_concepts')).toBe(loaded.concepts);
    const types = await db.query<{ name: string; n: number }>(
      `SELECT t.name, count(*)::int AS n FROM nodes JOIN node_types t ON t.id = nodes.node_type_id GROUP BY t.name ORDER BY t.name`,
    );
    expect(types.map((t) => t.name)).toEqual(['DISEASE', 'Drug', 'Symptom']);
    expect(types.every((t) => t.n > 0)).toBe(true);
  });

  it('keeps weights in 1..100, no self-loops, each SNOMED code on one node', async () => {
    expect(await count('SELECT count(*)::int AS n FROM relations WHERE weight NOT BETWEEN 1 AND 100')).toBe(0);
    expect(await count('SELECT count(*)::int AS n FROM relations WHERE source_node_id = target_node_id')).toBe(0);
    expect(await count(`SELECT count(*)::int AS n FROM relations WHERE btrim(relation_name) = ''`)).toBe(0);
    expect(
      await count(`SELECT count(*)::int AS n FROM (SELECT snomed_code FROM nodes WHERE snomed_code IS NOT NULL GROUP BY 1 HAVING count(*) > 1) d`),
    ).toBe(0);
    // Every catalogue row describes a concept some node carries.
    expect(await count('SELECT count(*)::int AS n FROM snomed_concepts c WHERE NOT EXISTS (SELECT 1 FROM nodes WHERE snomed_code = c.concept_id)')).toBe(0);
  });

  it('holds facts from the source data', async () => {
    const edge = (source: string, target: string) =>
      one<{ type: string; relation_name: string; weight: number } | undefined>(
        `SELECT rt.name AS type, r.relation_name, r.weight
         FROM relations r
         JOIN nodes s ON s.id = r.source_node_id
         JOIN nodes t ON t.id = r.target_node_id
         JOIN relation_types rt ON rt.id = r.relation_type_id
         WHERE s.name = $1 AND t.name = $2`,
        [source, target],
      );
    // indications.tsv: DOID:10652 DB00674 Galantamine DM, 4 resources; DB00502 Haloperidol SYM, 1 resource.
    expect(await edge('Galantamine', "Alzheimer's disease")).toEqual({ type: 'treats (disease-modifying)', relation_name: 'treats', weight: 100 });
    expect(await edge('Haloperidol', "Alzheimer's disease")).toEqual({ type: 'treats (symptomatic)', relation_name: 'relieves symptoms of', weight: 25 });
    // HSDN's strongest link in the sample (tf-idf 7,987) tops the log scale.
    expect(await edge('Angina Pectoris', 'coronary artery disease')).toMatchObject({ type: 'symptom of', weight: 100 });

    const hypertension = await one<{ snomed_code: string; term: string; type_id: string }>(
      `SELECT n.snomed_code, c.term, c.type_id FROM nodes n JOIN snomed_concepts c ON c.concept_id = n.snomed_code WHERE n.name = 'hypertension'`,
    );
    expect(hypertension).toEqual({ snomed_code: '38341003', term: 'Hypertensive disorder, systemic arterial (disorder)', type_id: '900000000000003001' });
  });

  it('gives its relation types rules that none of its relations break', async () => {
    expect(await countRuleBreakingRelations(db)).toBe(0);
    const rules = [...(await loadRelationRules(db)).values()];
    expect(rules).toHaveLength(3);
    for (const rule of rules) {
      expect(rule.sourceNodeTypeIds).toHaveLength(1);
      expect(rule.targetNodeTypeIds).toHaveLength(1);
      expect(rule.defaultWeight).toBe(50);
    }
  });

  it('does nothing on a graph that already has nodes', async () => {
    await expect(db.transaction((tx) => loadSampleGraph(tx))).resolves.toEqual({ nodes: 0, relations: 0, concepts: 0 });
    expect(await count('SELECT count(*)::int AS n FROM nodes')).toBe(loaded.nodes);
    expect(await count(`SELECT count(*)::int AS n FROM node_types WHERE lower(name) = 'disease'`)).toBe(1);
  });
});
