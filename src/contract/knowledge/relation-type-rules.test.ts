import { describe, expect, it } from 'vitest';
import { allowedEndTypes, fittingTypes, noFittingNodesText, noFittingTypesText, rulesOf, typeFits } from './relation-type-rules';

/** The sample graph's rules (server/seed/sample-graph.json), plus a symmetric type and one without a rule. */
const rules = rulesOf([
  { name: 'symptom of', sourceNodeTypes: ['Symptom'], targetNodeTypes: ['Disease'], symmetric: false, defaultWeight: 50 },
  { name: 'treats (disease-modifying)', sourceNodeTypes: ['Drug'], targetNodeTypes: ['Disease'], symmetric: false, defaultWeight: 70 },
  { name: 'Interacts With', sourceNodeTypes: ['Drug'], targetNodeTypes: ['Drug', 'Food'], symmetric: true },
  { name: 'related to' },
]);
const types = ['Interacts With', 'related to', 'symptom of', 'treats (disease-modifying)'];

describe('rulesOf (GET /relationtypes → rules by name)', () => {
  it('keys rules by lower-case name and reads absent fields as no rule', () => {
    expect(rules.get('interacts with')).toEqual({ sourceNodeTypes: ['Drug'], targetNodeTypes: ['Drug', 'Food'], symmetric: true, defaultWeight: null });
    expect(rules.get('related to')).toEqual({ sourceNodeTypes: [], targetNodeTypes: [], symmetric: false, defaultWeight: null });
    expect(rules.get('treats (disease-modifying)')?.defaultWeight).toBe(70);
  });
});

describe('typeFits (the server rule, by node type name)', () => {
  it('a directed type fits only its own way round', () => {
    expect(typeFits(rules.get('symptom of'), 'Symptom', 'Disease')).toBe(true);
    expect(typeFits(rules.get('symptom of'), 'Disease', 'Symptom')).toBe(false);
    expect(typeFits(rules.get('symptom of'), 'symptom', 'DISEASE')).toBe(true); // names are unique without regard to case
  });

  it('a symmetric type fits either way round; no rule (or an unknown type) fits anything', () => {
    expect(typeFits(rules.get('interacts with'), 'Food', 'Drug')).toBe(true);
    expect(typeFits(rules.get('interacts with'), 'Food', 'Food')).toBe(false);
    expect(typeFits(rules.get('related to'), 'Gene', 'Gene')).toBe(true);
    expect(typeFits(undefined, 'Gene', 'Gene')).toBe(true);
  });
});

describe('fittingTypes (what the graph edge edit offers)', () => {
  it('keeps only the types whose rule fits the two ends, in the given order', () => {
    expect(fittingTypes(types, rules, 'Drug', 'Disease')).toEqual(['related to', 'treats (disease-modifying)']);
    expect(fittingTypes(types, rules, 'Symptom', 'Disease')).toEqual(['related to', 'symptom of']);
    expect(fittingTypes(types, rules, 'Drug', 'Drug')).toEqual(['Interacts With', 'related to']);
  });

  it('keeps the current type of a relation made before the rule it now breaks', () => {
    const ruled = ['symptom of', 'treats (disease-modifying)'];
    expect(fittingTypes(ruled, rules, 'Disease', 'Disease')).toEqual([]);
    expect(fittingTypes(ruled, rules, 'Disease', 'Disease', 'symptom of')).toEqual(['symptom of']);
  });
});

describe('allowedEndTypes (what the relation form node pickers offer)', () => {
  it('a directed rule narrows each end to its own types; an empty side or no rule is any', () => {
    expect(allowedEndTypes(rules.get('symptom of'), 'source')).toEqual(['Symptom']);
    expect(allowedEndTypes(rules.get('symptom of'), 'target')).toEqual(['Disease']);
    expect(allowedEndTypes(rules.get('related to'), 'source')).toBeNull();
    expect(allowedEndTypes(undefined, 'target')).toBeNull();
  });

  it('a symmetric rule lets either end be of either side types', () => {
    expect(allowedEndTypes(rules.get('interacts with'), 'source')).toEqual(['Drug', 'Food']);
    expect(allowedEndTypes(rules.get('interacts with'), 'target')).toEqual(['Drug', 'Food']);
  });
});

describe('the reasons said when nothing fits', () => {
  it('names the rule for a node picker, and nothing when the picker is not narrowed', () => {
    expect(noFittingNodesText('symptom of', 'source', ['Symptom'])).toBe('No node fits: relation type "symptom of" allows source node types "Symptom" only');
    expect(noFittingNodesText('related to', 'source', null)).toBeUndefined();
  });

  it('names the two ends for the type list ("other" when the current type is the one being changed)', () => {
    expect(noFittingTypesText('Disease', 'Disease')).toBe('No relation type fits: none allows a "Disease" source node with a "Disease" target node');
    expect(noFittingTypesText('Symptom', 'Disease', true)).toBe('No other relation type fits: none allows a "Symptom" source node with a "Disease" target node');
  });
});
