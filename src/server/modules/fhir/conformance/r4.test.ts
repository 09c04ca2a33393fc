import { describe, expect, it } from 'vitest';
import { resourceToR4, resourceToR5 } from './r4';

const XV = 'http://hl7.org/fhir/5.0/StructureDefinition/extension-';

describe('R5 test cases sent to an R4 server', () => {
  it('carries expansion properties as the cross-version extensions of r4.md, and back', () => {
    const r5 = {
      resourceType: 'ValueSet',
      expansion: {
        property: [{ code: 'definition', uri: 'http://hl7.org/fhir/concept-properties#definition' }],
        contains: [{ system: 's', code: 'code1', property: [{ code: 'definition', valueString: 'My first code' }] }],
      },
    };
    const r4 = resourceToR4(r5);
    expect(r4.expansion).toEqual({
      extension: [{ url: `${XV}ValueSet.expansion.property`, extension: [{ url: 'code', valueCode: 'definition' }, { url: 'uri', valueUri: 'http://hl7.org/fhir/concept-properties#definition' }] }],
      contains: [{ system: 's', code: 'code1', extension: [{ url: `${XV}ValueSet.expansion.contains.property`, extension: [{ url: 'code', valueCode: 'definition' }, { url: 'value', valueString: 'My first code' }] }] }],
    });
    expect(resourceToR5(r4)).toEqual(r5);
    expect(r5.expansion.property).toHaveLength(1);
  });

  it("turns a ConceptMap's relationship into R4's equivalence and its scopes into source/target", () => {
    const r4 = resourceToR4({
      resourceType: 'ConceptMap',
      sourceScopeUri: 'http://x/vs1',
      targetScopeUri: 'http://x/vs2',
      group: [{ element: [{ code: 'a', target: [{ code: 'b', relationship: 'source-is-narrower-than-target' }, { code: 'c', relationship: 'not-related-to' }] }], unmapped: { mode: 'fixed', code: 't', relationship: 'related-to' } }],
    });
    expect(r4).toEqual({
      resourceType: 'ConceptMap',
      sourceUri: 'http://x/vs1',
      targetUri: 'http://x/vs2',
      group: [{ element: [{ code: 'a', target: [{ code: 'b', equivalence: 'wider' }, { code: 'c', equivalence: 'disjoint' }] }], unmapped: { mode: 'fixed', code: 't' } }],
    });
  });

  it('moves R5-only elements and filter operators into extensions and drops keys no FHIR element has', () => {
    const cs = resourceToR4({ resourceType: 'CodeSystem', versionAlgorithmCoding: { system: 'v', code: 'semver' }, title: 'T', 'title:en': 'T' });
    expect(cs).toEqual({ resourceType: 'CodeSystem', title: 'T', extension: [{ url: `${XV}CodeSystem.versionAlgorithm`, valueCoding: { system: 'v', code: 'semver' } }] });
    const vs = resourceToR4({ resourceType: 'ValueSet', compose: { include: [{ system: 's', filter: [{ property: 'concept', op: 'child-of', value: 'a' }] }] } });
    expect(vs.compose.include[0].filter[0]).toEqual({ property: 'concept', value: 'a', _op: { extension: [{ url: `${XV}ValueSet.compose.include.filter.op`, valueCode: 'child-of' }] } });
  });

  it('converts the resources inside Parameters (tx-resource)', () => {
    const p = resourceToR4({ resourceType: 'Parameters', parameter: [{ name: 'tx-resource', resource: { resourceType: 'ConceptMap', sourceScopeUri: 'u' } }] });
    expect(p.parameter[0].resource).toEqual({ resourceType: 'ConceptMap', sourceUri: 'u' });
  });
});
